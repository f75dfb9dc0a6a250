import Widgets
import StackEngine
import TerminalUI
import TestSupport
import Testing

/// A tree of nodes held in memory: the smallest `TreeModel` a program writes.
final class Nodes: TreeModel {
    final class Node {
        let children: [Node]?
        init(_ children: [Node]?) { self.children = children }
    }

    struct Children: TreeChildren {
        var nodes: [Node] = []
        init() {}
        init(_ nodes: [Node]) { self.nodes = nodes }
        var count: Int { nodes.count }
        func childCount(of index: Int) -> Int? { nodes[index].children?.count }
    }

    let top: Node
    /// How many containers' children were asked for.
    var asked = 0

    init(_ top: Node) { self.top = top }

    var root: Children? { top.children.map(Children.init) }

    func children(ofChild index: Int, in parent: Children) -> Children {
        asked += 1
        return Children(parent.nodes[index].children ?? [])
    }

    /// A random tree of up to `depth` levels below the root, up to five children a container.
    static func random(depth: Int, using generator: inout SeededGenerator) -> Node {
        guard depth > 0, Int.random(in: 0..<4, using: &generator) > 0 else { return Node(nil) }
        return Node((0..<Int.random(in: 0...5, using: &generator)).map { _ in random(depth: depth - 1, using: &generator) })
    }
}

/// A root of `count` children of two leaves each, made up as they are asked for: a million
/// nodes that cost nothing until they show.
final class WideModel: TreeModel {
    struct Children: TreeChildren {
        var level = 0
        var count = 0
        init() {}
        init(level: Int, count: Int) { (self.level, self.count) = (level, count) }
        func childCount(of index: Int) -> Int? { level == 0 ? 2 : nil }
    }

    let count: Int
    var asked = 0
    init(count: Int) { self.count = count }
    var root: Children? { Children(level: 0, count: count) }
    func children(ofChild index: Int, in parent: Children) -> Children {
        asked += 1
        return Children(level: parent.level + 1, count: 2)
    }
}

/// A row showing its node's id: what a test compares with the source's ids.
struct IDRow: ListRow {
    var lines: [[Cell]]
}

/// `LazyTree`: the library's foldable tree over any `TreeModel`.
@Suite struct LazyTreeTests {
    static func rows<Model: TreeModel>(_ outline: TreeOutline<Model>) -> OutlineRows<Model, IDRow> {
        OutlineRows(outline: outline) { row, _ in
            let id = "/" + row.steps.map { String($0.index) }.joined(separator: "/")
            return IDRow(lines: [CellText.cells(row.role == .closing ? id + "#end" : id)])
        }
    }

    static func text(_ cells: [Cell]) -> String { String(cells.map(\.character)) }

    /// The ids a naive flattening gives: every node's row, an open container's closing row too.
    static func naiveIDs(_ node: Nodes.Node, path: [Int], open: Set<[Int]>) -> [String] {
        let id = "/" + path.map(String.init).joined(separator: "/")
        guard let children = node.children, !children.isEmpty, open.contains(path) else { return [id] }
        let inside = children.enumerated().flatMap { naiveIDs($1, path: path + [$0], open: open) }
        return [id] + inside + [id + "#end"]
    }

    /// Every container's path, for `reveal`.
    static func containers(_ node: Nodes.Node, path: [Int] = []) -> [[Int]] {
        guard let children = node.children, !children.isEmpty else { return [] }
        return [path] + children.enumerated().flatMap { containers($1, path: path + [$0]) }
    }

    static func node(_ top: Nodes.Node, at path: [Int]) -> Nodes.Node {
        path.reduce(top) { $0.children![$1] }
    }

    static func isContainer(_ node: Nodes.Node) -> Bool { !(node.children?.isEmpty ?? true) }

    @Test(arguments: 0..<60)
    func foldsMovesAndJumpsKeepTheRowsTheFocusAndThePinsRight(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let top = Nodes.Node((0..<Int.random(in: 1...6, using: &generator)).map { _ in
            Nodes.random(depth: 4, using: &generator)
        })
        let model = Nodes(top)
        let height = Int.random(in: 4...12, using: &generator)
        var tree = LazyTree(source: Self.rows(TreeOutline(model: model)), width: 30, height: height)
        // As it opens: the root and its children open.
        var open: Set<[Int]> = [[]]
        for (index, child) in top.children!.enumerated() where Self.isContainer(child) { open.insert([index]) }
        let containers = Self.containers(top)

        for step in 0..<80 {
            let focused = tree.focusedIndexes
            switch Int.random(in: 0..<11, using: &generator) {
            case 0, 1: tree.selectNext()
            case 2: tree.selectPrevious()
            case 3: tree.page(by: height / 2 * (Bool.random(using: &generator) ? 1 : -1))
            case 4:
                if let focus = tree.focus, tree.open(focus), let focused { open.insert(focused) }
            case 5:
                if let focus = tree.focus, tree.close(focus), let focused { open.remove(focused) }
            case 6:
                if let focus = tree.focus, let focused, Self.isContainer(Self.node(top, at: focused)) {
                    let toggled = tree.toggle(focus)
                    #expect(toggled)
                    if open.contains(focused) { open.remove(focused) } else { open.insert(focused) }
                }
            case 7:
                tree.closeAll()
                open = [[]]
            case 8:
                let target = containers.randomElement(using: &generator)!
                let child = Self.node(top, at: target).children!.indices.randomElement(using: &generator)!
                let revealed = tree.reveal(childIndexes: target + [child])
                #expect(revealed)
                for length in 0...target.count { open.insert(Array(target.prefix(length))) }
                #expect(tree.focusedIndexes == target + [child])
            case 9: tree.focusParent()
            default: tree.focusSibling(forward: Bool.random(using: &generator))
            }

            // The rows are the naive flattening's, by id.
            let ids = (0..<tree.list.stack.rowCount).map(tree.list.source.rowID(at:))
            let naive = Self.naiveIDs(top, path: [], open: open)
            try #require(ids == naive, "seed \(seed) step \(step)")

            // What is drawn was built after the last fold: each row shows its own id.
            var screen = CellBuffer(width: 30, height: height)
            let frame = tree.draw(into: &screen, area: Rect(x: 0, y: 0, width: 30, height: height))
            for placed in frame.rows {
                #expect(placed.row.lines.first.map(Self.text) == ids[placed.index], "seed \(seed) step \(step)")
            }
            // The focus shows; each pinned row is the opening of a container around a row shown.
            let focus = try #require(tree.focus)
            #expect(frame.rows.contains { $0.index == focus }, "seed \(seed) step \(step)")
            let flowing = frame.rows.filter { !$0.isPinned }.map(\.index)
            for pinned in frame.rows where pinned.isPinned {
                let span = tree.outline.span(ofNodeAt: pinned.index)
                #expect(span.lowerBound == pinned.index && flowing.contains(where: span.contains), "seed \(seed) step \(step)")
            }
        }
    }

    @Test func idsFindTheirRowsAndTheClosingRows() {
        let top = Nodes.Node([Nodes.Node(nil), Nodes.Node([Nodes.Node(nil), Nodes.Node([])]), Nodes.Node(nil)])
        let tree = LazyTree(source: Self.rows(TreeOutline(model: Nodes(top))), width: 20, height: 10)
        let ids = (0..<tree.list.stack.rowCount).map(tree.list.source.rowID(at:))
        #expect(ids == ["/", "/0", "/1", "/1/0", "/1/1", "/1#end", "/2", "/#end"])
        for (row, id) in ids.enumerated() { #expect(tree.list.source.rowIndex(forID: id) == row) }
        #expect(tree.list.source.rowIndex(forID: "/1/1/0") == nil)
        #expect(tree.list.source.rowIndex(forID: "1") == nil)
        // A closing row and an empty container cannot be focused or opened.
        #expect(!tree.list.isSelectable(5))
        var folded = tree
        let opened = folded.open(4)
        #expect(!opened)
    }

    @Test func aMillionNodesCostTheRowsOnScreen() {
        let model = WideModel(count: 1_000_000)
        var tree = LazyTree(source: Self.rows(TreeOutline(model: model)), width: 40, height: 10)
        #expect(tree.list.stack.rowCount == 4_000_002)
        let revealed = tree.reveal(childIndexes: [500_000, 1])
        #expect(revealed)
        var screen = CellBuffer(width: 40, height: 10)
        let frame = tree.draw(into: &screen, area: Rect(x: 0, y: 0, width: 40, height: 10))
        // The root and the record pin above the focused leaf, right below them.
        #expect(frame.rows.filter(\.isPinned).sorted { $0.origin < $1.origin }.map { Self.text($0.row.lines[0]) } == ["/", "/500000"])
        #expect(screen.textLines()[2].contains("/500000/1"))
        #expect(tree.list.stack.counters.resolvedPeak < 100)
        // Children are asked for only as containers open or show, never all of them.
        #expect(model.asked < 100)
        tree.close(tree.outline.row(ofChildIndexes: [500_000])!)
        #expect(tree.list.stack.rowCount == 3_999_999)
        #expect(tree.focusedIndexes == [500_000])
    }

    @Test func aFoldThatChangesNothingLeavesTheFocusAndAClosingRowSelectsItsNode() {
        let top = Nodes.Node([Nodes.Node([Nodes.Node(nil), Nodes.Node(nil), Nodes.Node(nil)]), Nodes.Node(nil)])
        var tree = LazyTree(source: Self.rows(TreeOutline(model: Nodes(top))), width: 20, height: 10)
        // Rows: / /0 /0/0 /0/1 /0/2 /0#end /1 /#end; the focus on /0/2.
        _ = tree.select(row: 4)
        let opened = tree.open(1)
        #expect(!opened)
        #expect(tree.focus == 4)
        // A closing row's id selects the row before it: the container's last node shown.
        _ = tree.select(row: 1)
        _ = tree.select(id: "/0#end")
        #expect(tree.focus.map(tree.list.isSelectable) == true)
        #expect(tree.focus == 4)
    }

    /// A tree is a value: a copy folded, filtered and fed new children leaves the original's rows,
    /// outline and focus as they were, and the original folds on its own afterwards.
    @Test(arguments: 0..<20)
    func aCopyFoldedLeavesTheOriginalAsItWas(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let top = Nodes.Node((0..<Int.random(in: 2...6, using: &generator)).map { _ in Nodes.random(depth: 3, using: &generator) })
        var original = LazyTree(source: Self.rows(TreeOutline(model: Nodes(top))), width: 30, height: 8)
        let ids = { (tree: LazyTree<OutlineRows<Nodes, IDRow>>) in (0..<tree.list.stack.rowCount).map(tree.list.source.rowID(at:)) }
        let before = ids(original)
        let focus = original.focus
        var copy = original
        for path in Self.containers(top).shuffled(using: &generator) {
            guard let row = copy.outline.row(ofChildIndexes: path) else { continue }
            copy.toggle(row)
        }
        copy.closeAll()
        _ = copy.reveal(childIndexes: Self.containers(top).last ?? [])
        #expect(ids(original) == before, "seed \(seed)")
        #expect(original.outline.rowCount == original.list.stack.rowCount, "seed \(seed)")
        #expect(original.focus == focus)
        #expect(copy.outline !== original.outline)
        #expect(ids(copy) == (0..<copy.outline.rowCount).map { copy.list.source.rowID(at: $0) })
        // The original folds its own outline, which the copy no longer shares.
        let copied = ids(copy)
        original.closeAll()
        #expect(ids(copy) == copied, "seed \(seed)")
        #expect(original.outline.rowCount == original.list.stack.rowCount)
    }

    /// A tree never copied folds its outline in place: no copy is made.
    @Test func aTreeNotCopiedKeepsItsOutline() {
        let top = Nodes.Node([Nodes.Node([Nodes.Node(nil)]), Nodes.Node(nil)])
        var tree = LazyTree(source: Self.rows(TreeOutline(model: Nodes(top))), width: 20, height: 10)
        let outline = tree.outline
        tree.closeAll()
        _ = tree.reveal(childIndexes: [0, 0])
        #expect(tree.outline === outline)
    }
}
