import TestSupport
import Testing
@testable import DocumentData

/// `TreeOutline`: the rows of a tree folded at random agree with a naive flattening.
@Suite struct TreeOutlineTests {
    /// A row of the naive flattening: the node's child indexes from the root and its role.
    struct NaiveRow: Equatable, CustomStringConvertible {
        var indexes: [Int]
        var role: JSONOutline.Row.Role
        var description: String { "\(indexes)\(role == .opening ? "{" : role == .closing ? "}" : "")" }
    }

    /// The rows of `value` at `indexes` with the containers in `open` open, and of the root's
    /// children only those in `kept` (all when nil).
    static func flatten(_ value: JSONValue, _ indexes: [Int], open: Set<[Int]>, kept: Set<Int>? = nil) -> [NaiveRow] {
        let children: [JSONValue]
        switch value {
        case .array(let elements): children = elements
        case .object(let members): children = members.map(\.value)
        default: return [NaiveRow(indexes: indexes, role: .leaf)]
        }
        guard !children.isEmpty, open.contains(indexes) else { return [NaiveRow(indexes: indexes, role: .leaf)] }
        var rows = [NaiveRow(indexes: indexes, role: .opening)]
        for (index, child) in children.enumerated() where !indexes.isEmpty || kept?.contains(index) != false {
            rows += flatten(child, indexes + [index], open: open)
        }
        return rows + [NaiveRow(indexes: indexes, role: .closing)]
    }

    /// The containers open as an outline opens: the root and its children.
    static func initiallyOpen(_ value: JSONValue) -> Set<[Int]> {
        var open: Set<[Int]> = [[]]
        let count: Int
        switch value {
        case .array(let elements): count = elements.count
        case .object(let members): count = members.count
        default: count = 0
        }
        for index in 0..<count { open.insert([index]) }
        return open
    }

    /// Random documents, random folds and unfolds anywhere (and `closeAll`, `reveal`): after
    /// each, every row of the outline is the naive flattening's, and each toggle replaced exactly
    /// the node's rows.
    @Test(arguments: 1...120, JSONTreeTests.layouts.indices)
    func foldsAgreeWithANaiveFlattening(seed: UInt64, layout: Int) throws {
        var generator = SeededGenerator(seed: seed)
        var text = "[" + (0..<Int.random(in: 0...5, using: &generator)).map { _ in
            JSONInputCheckTests.randomJSON(depth: 0, using: &generator)
        }.joined(separator: ",") + "]"
        if Bool.random(using: &generator) { text = "{\"a\": \(text), \"b\": \(JSONInputCheckTests.randomJSON(depth: 1, using: &generator))}" }
        let value = try JSONParser.parse(Array(text.utf8))
        let (blockSize, whole, long) = JSONTreeTests.layouts[layout]
        let outline = JSONOutline(tree: try JSONTree(
            bytes: Array(text.utf8), name: "t.json", blockSize: blockSize, wholeChildren: whole, longContainer: long))
        var open = Self.initiallyOpen(value)
        var kept: Set<Int>?
        // Whether the root's children are open unless closed (until `closeAll`).
        var rootChildrenOpen = true
        for step in 0..<40 {
            let expected = Self.flatten(value, [], open: open, kept: kept)
            let context = "seed \(seed), blocks of \(blockSize), step \(step): \(text)"
            try #require(outline.rowCount == expected.count, "\(context)")
            let actual = (0..<outline.rowCount).map { row in
                let located = outline.row(row)
                return NaiveRow(indexes: located.steps.map(\.index), role: located.role)
            }
            try #require(actual == expected, "\(context)")
            for (row, naive) in expected.enumerated() where naive.role != .closing {
                #expect(outline.row(ofChildIndexes: naive.indexes) == row, "\(context): \(naive)")
            }
            switch Int.random(in: 0..<12, using: &generator) {
            case 10, 11:
                // A filter keeping some of the root's children, or none off; the kept counted
                // ahead or not, and some of them shown later (as a filter keeping up with a
                // scan keeps them).
                let count = outline.tree.root?.count ?? 0
                kept = Bool.random(using: &generator) ? nil : Set((0..<count).filter { _ in Bool.random(using: &generator) })
                let sorted = kept.map { $0.sorted() }
                if let sorted, let table = outline.tree.root, Bool.random(using: &generator) {
                    let split = Int.random(in: 0...sorted.count, using: &generator)
                    let counts = sorted.map { Int32(table.childCount(of: $0) ?? -1) }
                    outline.filter(keeping: Array(sorted[..<split]), childCounts: Array(counts[..<split]))
                    outline.keep(rootChildren: Array(sorted[split...]), childCounts: Array(counts[split...]))
                } else {
                    outline.filter(keeping: sorted)
                }
            case 0:
                outline.closeAll()
                open = [[]]
                rootChildrenOpen = false
            case 1:
                // Reveal a random node: every container on its way opens.
                let target = Self.randomNode(in: value, using: &generator)
                _ = outline.reveal(childIndexes: target)
                if let first = target.first, kept?.contains(first) == false { break }
                for depth in 0..<target.count { open.insert(Array(target.prefix(depth))) }
            case 3 where open.contains([]):
                // A node forgotten: as before anything was opened in it.
                let row = Int.random(in: 0..<outline.rowCount, using: &generator)
                let node = expected[row].indexes
                let before = Self.flatten(value, [], open: open, kept: kept)
                guard let result = outline.forget(row) else {
                    #expect(Self.flatten(value, [], open: open, kept: kept) == before)
                    break
                }
                open = open.filter { !($0.count > node.count && $0.starts(with: node)) }
                if node.count == 1, rootChildrenOpen { open.insert(node) } else { open.remove(node) }
                let after = Self.flatten(value, [], open: open, kept: kept)
                #expect(result.replaced.lowerBound == row, "\(context): forget \(node)")
                #expect(before.count - result.replaced.count + result.rows == after.count, "\(context): forget \(node)")
            case 2 where open.contains([]):
                // Every closed container on the way to a random node opens in one change.
                let target = Self.randomNode(in: value, using: &generator)
                let outer = outline.outermostClosedAncestor(of: target)
                let before = Self.flatten(value, [], open: open, kept: kept)
                let result = outline.openAncestors(of: target)
                #expect((outer == nil) == (result == nil), "\(context): \(target)")
                if let first = target.first, kept?.contains(first) == false { break }
                for depth in 1..<max(1, target.count) { open.insert(Array(target.prefix(depth))) }
                let after = Self.flatten(value, [], open: open, kept: kept)
                if let result {
                    #expect(result.replaced.lowerBound == outer, "\(context): \(target)")
                    #expect(before[result.replaced.lowerBound].indexes.count < target.count, "\(context): an ancestor's row")
                    #expect(before.count - result.replaced.count + result.rows == after.count, "\(context): \(target)")
                } else {
                    #expect(after == before, "\(context): nothing opened on the way to \(target)")
                }
            default:
                let row = Int.random(in: 0..<outline.rowCount, using: &generator)
                let node = expected[row].indexes
                let before = Self.flatten(value, [], open: open, kept: kept)
                let result = outline.toggle(row)
                if open.contains(node) { open.remove(node) } else { open.insert(node) }
                let after = Self.flatten(value, [], open: open, kept: kept)
                if let result {
                    // The rows replaced are the node's, and what replaced them is the node's now.
                    let first = before.firstIndex { $0.indexes == node }!
                    #expect(result.replaced.lowerBound == first, "\(context)")
                    #expect(before.count - result.replaced.count + result.rows == after.count, "\(context)")
                } else {
                    // Nothing toggled: then the node is a scalar or an empty container, which the
                    // model's flip leaves as it was too.
                    #expect(after == before, "\(context): the outline toggled nothing at row \(row) (\(node))")
                    if after != before { open = open.symmetricDifference([node]) }
                }
            }
        }
    }

    private static func randomNode(in value: JSONValue, using generator: inout SeededGenerator) -> [Int] {
        var indexes: [Int] = []
        var node = value
        while Bool.random(using: &generator) {
            let children: [JSONValue]
            switch node {
            case .array(let elements): children = elements
            case .object(let members): children = members.map(\.value)
            default: return indexes
            }
            guard !children.isEmpty else { return indexes }
            let index = Int.random(in: 0..<children.count, using: &generator)
            indexes.append(index)
            node = children[index]
        }
        return indexes
    }

    /// A big file's root found on a background thread: the outline made from the first chunk's
    /// children grows as the rest is taken, by rows added at the end, and ends as the outline of
    /// the whole file — its children kept whole, or moved into blocks as they come.
    @Test(arguments: [(1024, 1 << 16), (64, 256)])
    func anOutlineGrowsWhileTheFileIsRead(blockSize: Int, whole: Int) throws {
        let records = (0..<40_000).map { #"{"id": \#($0), "tags": ["a", "b"], "ctx": {"k": "\#(String(repeating: "v", count: $0 % 50))"}}"# }
        let text = "[\n" + records.joined(separator: ",\n") + "\n]\n"
        let file = TemporaryFile(contents: text, name: "big.json")
        defer { file.remove() }
        let tree = try JSONTree(path: file.path, waitingForAll: false, blockSize: blockSize, wholeChildren: whole)
        // (The scan usually still runs here; if it ran to the end already, the rest holds too.)
        let outline = JSONOutline(tree: tree)
        var rows = outline.rowCount
        #expect(rows > 1)
        while tree.isScanning {
            let added = outline.takeScanned()
            #expect(outline.rowCount == rows + added)
            rows = outline.rowCount
        }
        let value = try JSONParser.parse(Array(text.utf8))
        let expected = Self.flatten(value, [], open: Self.initiallyOpen(value))
        #expect(outline.rowCount == expected.count)
        #expect(whole > 40_000 || tree.root?.blocks != nil)
        for row in [0, 1, 2, 5, 6, expected.count / 2, expected.count - 2, expected.count - 1] + (0..<50).map({ $0 * 4_999 % expected.count }) {
            let located = outline.row(row)
            #expect(NaiveRow(indexes: located.steps.map(\.index), role: located.role) == expected[row], "row \(row)")
        }
    }

    /// A big container read as the root's last child (a GeoJSON file's `features`) shows its
    /// whole blocks as the scan passes them, before its end: fed a random chunk at a time and
    /// folded at random in between, the outline's rows are always the first rows of the whole
    /// document's under the same folds (the container and the root have no closing row yet), and
    /// its rows are the whole document's once it ended.
    @Test(arguments: 1...16)
    func aContainerStillReadShowsItsBlocksAsTheyCome(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let values = (0..<Int.random(in: 2_200...4_000, using: &generator)).map { _ in
            JSONInputCheckTests.randomJSON(depth: 3, using: &generator)
        }
        let container = Bool.random(using: &generator)
            ? "{" + values.enumerated().map { "\"f\($0.offset)\": \($0.element)" }.joined(separator: ", ") + "}"
            : "[" + values.joined(separator: ",\n") + "]"
        let after = Bool.random(using: &generator) ? #", "after": [1, {"k": 2}]"# : ""
        let bytes = Array(#"{"type": "FeatureCollection", "features": "#.utf8) + Array(container.utf8) + Array("\(after)}\n".utf8)
        let value = try JSONParser.parse(bytes)
        // Where the container's children are separated, where it closes, and from where the
        // root's scan hands it over whole (the next child's value, or the root's end).
        let opening = #"{"type": "FeatureCollection", "features": "#.utf8.count
        let (commas, closing) = Self.separators(of: bytes, openingAt: opening)
        let handedWhole = after.isEmpty ? bytes.count - 2 : closing + 1 + Array(after.utf8).firstIndex(of: UInt8(ascii: ":"))!
        var sent = Int.random(in: 1...400, using: &generator)
        let input = try PipedTree(first: Array(bytes.prefix(sent)), jsonLines: false)
        let outline = JSONOutline(tree: input.tree)
        outline.takeScanned()
        var open = Self.initiallyOpen(value)
        var sawGrowing = false
        while sent < bytes.count {
            let end = min(bytes.count, sent + Int.random(in: 100...2_000, using: &generator))
            input.feed(Array(bytes[sent..<end]), takeIn: { outline.takeScanned() })
            sent = end
            let root = try #require(input.tree.root)
            let context = "seed \(seed), \(sent) of \(bytes.count) bytes"
            // Inside it, its whole blocks read so far; handed over whole once the scan is past it.
            let wholeBlocks = commas.filter { $0 < sent }.count / 1024 * 1024
            if handedWhole < sent {
                #expect(!root.lastChildIsGrowing, "\(context)")
            } else if closing >= sent {
                #expect(root.lastChildIsGrowing == (wholeBlocks > 0), "\(context)")
                if root.lastChildIsGrowing { #expect(root.childCount(of: 1) == wholeBlocks, "\(context)") }
            } else if root.lastChildIsGrowing {
                // (Closed, the next child not begun: its blocks found with its end wait for it.)
                #expect(root.childCount(of: 1)! <= wholeBlocks, "\(context)")
            }
            sawGrowing = sawGrowing || root.lastChildIsGrowing
            let expected = Self.flatten(value, [], open: open)
            try #require(outline.rowCount <= expected.count, "\(context)")
            for row in 0..<outline.rowCount {
                let located = outline.row(row)
                try #require(NaiveRow(indexes: located.steps.map(\.index), role: located.role) == expected[row], "\(context): row \(row)")
            }
            #expect(outline.invariantViolations().isEmpty, "\(context)")
            // A fold anywhere: the root, the container still read, a child of it.
            let row = [0, 2, Int.random(in: 0..<outline.rowCount, using: &generator)].randomElement(using: &generator)!
            let node = outline.row(row).steps.map(\.index)
            if outline.toggle(row) != nil { open.formSymmetricDifference([node]) }
        }
        input.end(takeIn: { outline.takeScanned() })
        #expect(sawGrowing, "the container showed before its end")
        let expected = Self.flatten(value, [], open: open)
        try #require(outline.rowCount == expected.count)
        for row in 0..<outline.rowCount {
            let located = outline.row(row)
            #expect(NaiveRow(indexes: located.steps.map(\.index), role: located.role) == expected[row], "row \(row)")
        }
    }

    /// The commas between the children of the container whose opening bracket is at `opening`,
    /// and its closing bracket.
    static func separators(of bytes: [UInt8], openingAt opening: Int) -> (commas: [Int], closing: Int) {
        var commas: [Int] = []
        var depth = 0
        var inString = false
        var escaped = false
        for position in opening..<bytes.count {
            let byte = bytes[position]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return (commas, position) }
            case UInt8(ascii: ","): if depth == 1 { commas.append(position) }
            default: break
            }
        }
        return (commas, bytes.count)
    }

    /// Paths find their nodes, quoting and negative indexes included.
    @Test func pathsFindTheirNodes() throws {
        let text = #"{"a b": {"c.d": [10, 20, {"x": 1}]}, "features": [{"name": "n"}]}"#
        let outline = JSONOutline(tree: try JSONTree(bytes: Array(text.utf8), name: "t.json"))
        #expect(outline.childIndexes(of: try JSONPath(parsing: #".["a b"]["c.d"][2].x"#)) == [0, 0, 2, 0])
        #expect(outline.childIndexes(of: try JSONPath(parsing: ".features[-1].name")) == [1, 0, 0])
        #expect(outline.childIndexes(of: try JSONPath(parsing: ".features[1]")) == nil)
        let row = try #require(outline.reveal(childIndexes: [0, 0, 2, 0]))
        #expect(outline.path(of: outline.row(row).steps).description == #".["a b"]["c.d"][2].x"#)
    }
}

/// The checks run after every change in debug builds report what they are for.
@Suite struct InvariantCheckTests {
    @Test func aTableWithChildrenOutOfOrderIsReported() {
        var table = ChildTable(isObject: true, start: 0)
        table.end = 40
        table.keyStarts = [2, 20]
        table.valueStarts = [10, 8]
        table.counts = [-1, -1]
        #expect(table.invariantViolations() == [
            "child 1 starts before the one before", "key 1 starts after its value",
        ])
    }

    /// `zR` forgets records far from the screen, but not one holding a filter: it would go with it.
    @Test func aContainerHoldingAFilterIsNotForgotten() throws {
        let tree = try JSONTree(bytes: Array(#"[{"a": [1, 2, 3]}, {"b": 4}]"#.utf8), name: "f.json")
        let outline = JSONOutline(tree: tree)
        let row = try #require(outline.row(ofChildIndexes: [0, 0]))
        outline.open(row)
        outline.filter(childrenOfNodeAt: row, keeping: [1])
        let rows = outline.rowCount
        #expect(outline.forget(try #require(outline.row(ofChildIndexes: [0]))) == nil)
        #expect(outline.rowCount == rows)
        #expect(outline.shownChildCount(ofNodeAt: [0, 0]) == 1)
        // Without its filter, it is forgotten.
        outline.filter(childrenOfNodeAt: row, keeping: nil)
        #expect(outline.forget(try #require(outline.row(ofChildIndexes: [0]))) != nil)
    }

    @Test func anOutlineStaysConsistentThroughFolds() throws {
        let tree = try JSONTree(bytes: Array(#"{"a": [1, [2, 3], {"b": 4}], "c": {"d": [5]}}"#.utf8), name: "i.json")
        let outline = JSONOutline(tree: tree)
        for row in [1, 3, 2, 1, 0, 0] {
            if row < outline.rowCount { outline.toggle(row) }
            #expect(outline.invariantViolations() == [])
        }
    }
}
