import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// A JSON document on screen as a tree: the library's `LazyTree` of its nodes, whose selection
/// is the focused node, with the enclosing containers pinned. What is JSON's own is here: paths,
/// long strings unfolded, `c`/`e` over siblings with their byte cap, and `zR`.
struct TreeView {
    /// The rows, the folds, the scroll position and the focus.
    private(set) var tree: LazyTree<TreeRows>
    /// `zR`: every container opens as it shows (not all at once: a file's every node would be
    /// billions of rows), but those closed since by a key; until `zM`.
    private(set) var opensEverything = false
    private var keptClosed: Set<[Int]> = []

    /// A view of `outline` in an area of `width` × `height`, the root focused.
    init(outline: JSONOutline, width: Int, height: Int, theme: Theme, options: StackOptions) {
        tree = LazyTree(
            source: TreeRows(outline: outline, theme: theme), width: width, height: height, options: options,
            style: ListStyle(
                selection: theme.focus, scrollbarTrack: theme.scrollbarTrack, scrollbarThumb: theme.scrollbarThumb))
    }

    var list: LazyList<TreeRows> { tree.list }
    var outline: JSONOutline { tree.outline }
    var stack: LazyStack<TreeRows> { list.stack }
    /// The focused row.
    var focus: Int? { list.selection }

    /// The focused node's path.
    var focusedPath: JSONPath? {
        focus.map { outline.path(of: outline.row($0).steps) }
    }

    // MARK: - Moving

    /// A move of the list: the focus, a line, a page.
    mutating func perform(_ move: ListAction) { tree.perform(move) }

    mutating func scroll(by lines: Int) { tree.scroll(by: lines) }

    /// The last node, at the bottom.
    mutating func focusLast() { tree.selectLast() }

    /// The next (or previous) sibling of the focused node; false at the last (first) one.
    @discardableResult
    mutating func focusSibling(forward: Bool) -> Bool { tree.focusSibling(forward: forward) }

    /// The focused node's parent; false at the root.
    @discardableResult
    mutating func focusParent() -> Bool { tree.focusParent() }

    /// `H`: focuses the parent of the focused node, open or not (`h` closes an open one first).
    /// - Returns: false at the root.
    mutating func focusOpenParent() -> Bool {
        guard let indexes = focusedIndexes, !indexes.isEmpty, let row = outline.row(ofChildIndexes: Array(indexes.dropLast()))
        else { return false }
        return tree.select(row: row, alignment: nil)
    }

    /// `zz`, `zt`, `zb`: the focused row scrolled to `alignment`.
    mutating func placeFocus(_ alignment: ScrollAlignment) { tree.scrollFocus(to: alignment) }

    /// Right or `l`: opens the focused container (or long string), or moves to its first child
    /// when it is open.
    mutating func openOrEnter() {
        guard let focus else { return }
        if outline.isOpen(focus) { tree.openOrEnter() } else { openFocused() }
    }

    /// Left or `h`: closes the focused container (or unfolded string), or moves to its parent
    /// when it is closed or a scalar.
    mutating func closeOrLeave() {
        guard let focus else { return }
        if outline.isOpen(focus) || isUnfoldedString(focus) {
            closeFocused()
        } else {
            focusParent()
        }
    }

    /// `zo`, `zc`, `za`, Enter: opens, closes or toggles the focused container — or long
    /// string, which unfolds like one.
    mutating func openFocused() {
        guard let focus else { return }
        if outline.canOpen(focus) { fold(focus, open: true) } else { unfoldString(focus, true) }
    }

    mutating func closeFocused() {
        guard let focus else { return }
        if outline.isOpen(focus) { fold(focus, open: false) } else { unfoldString(focus, false) }
    }

    mutating func toggleFocused() {
        guard let focus else { return }
        if outline.canOpen(focus) { fold(focus, open: !outline.isOpen(focus)) } else { unfoldString(focus, !isUnfoldedString(focus)) }
    }

    /// The most siblings `c` and `e` fold at once (each is a change of the rows), and the most
    /// bytes `e` opens (each container is scanned as it opens: a key never waits on a gigabyte).
    static let siblingFoldLimit = 10_000
    static let siblingOpenBytes = 32 << 20

    /// `c`/`e`, as jless's: closes (opens) the focused node and each of its siblings shown,
    /// the last first so the rows before stay where they are; the focus stays on its node.
    /// - Returns: what to say when there are too many siblings to fold.
    mutating func foldSiblings(open: Bool) -> String? {
        guard let focus else { return nil }
        let indexes = outline.childIndexes(of: focus)
        guard !indexes.isEmpty else {
            open ? openFocused() : closeFocused()
            return nil
        }
        let parent = Array(indexes.dropLast())
        let json = outline.tree
        guard let parentRow = outline.row(ofChildIndexes: parent) else { return nil }
        let siblings: Int
        if let step = outline.row(parentRow).steps.last {
            siblings = json.children(ofChild: step.index, in: step.table).count
        } else {
            siblings = json.root?.count ?? 0
        }
        guard siblings <= Self.siblingFoldLimit else {
            return "\(open ? "e" : "c"): \(StatusLine.grouped(siblings)) siblings, more than \(StatusLine.grouped(Self.siblingFoldLimit)) (zo, zc fold one)"
        }
        if open, let table = outline.row(focus).steps.last?.table {
            var bytes = 0
            for index in 0..<siblings where table.childCount(of: index) != nil {
                bytes += json.valueRange(ofChild: index, in: table).count
                if bytes > Self.siblingOpenBytes {
                    return "e: the siblings hold more than \(ByteCount(Self.siblingOpenBytes)) to open (zo opens one)"
                }
            }
        }
        for index in (0..<siblings).reversed() {
            guard let row = outline.row(ofChildIndexes: parent + [index]) else { continue }
            if open, outline.canOpen(row), !outline.isOpen(row) {
                fold(row, open: true)
            } else if !open, outline.isOpen(row) {
                fold(row, open: false)
            }
        }
        if let row = outline.row(ofChildIndexes: indexes) { tree.select(row: row) }
        return nil
    }

    /// Whether the row is a long string shown whole.
    func isUnfoldedString(_ row: Int) -> Bool {
        list.source.stringStart(of: outline.row(row)).map(list.source.unfoldedStrings.contains) ?? false
    }

    /// Unfolds (or folds) the string at `row` when it is one cut short; it keeps its line.
    private mutating func unfoldString(_ row: Int, _ unfold: Bool) {
        let located = outline.row(row)
        guard let start = list.source.stringStart(of: located), unfold != isUnfoldedString(row) else { return }
        if unfold {
            let builder = TreeRowBuilder(tree: outline.tree, theme: list.source.theme)
            guard builder.isFoldedString(located, width: stack.crossExtent) else { return }
        }
        tree.rebuildRows(in: row..<(row + 1), selecting: row) { rows in
            if unfold { rows.unfoldedStrings.insert(start) } else { rows.unfoldedStrings.remove(start) }
        }
        tree.select(row: row)
    }

    /// `zM`: every container but the root closed, the root focused.
    mutating func closeAll() {
        opensEverything = false
        keptClosed = []
        openedOrder = []
        openedRecords = []
        tree.closeAll()
    }

    /// `zR`: opens every container on screen, and from now on every one that shows.
    mutating func openEverything() {
        opensEverything = true
        keptClosed = []
    }

    /// Opens the closed containers among the rows `frame` shows (but those closed by a key), the
    /// last first so the rows of the others stay where they are.
    /// - Returns: whether any opened (the frame is then to be drawn again).
    mutating func openShown(_ frame: StackFrame<RenderedRow>) -> Bool {
        guard opensEverything else { return false }
        // Containers opening above the focus would push it down: it keeps its screen line.
        let kept = list.selection.flatMap { row in
            frame.rows.contains { $0.index == row && !$0.isPinned } ? list.selectedID.map { ($0, tree.selectionLine) } : nil
        }
        var opened = false
        for placed in frame.rows.reversed() where !placed.isPinned {
            let row = placed.index
            guard row < stack.rowCount, !outline.isOpen(row), outline.canOpen(row) else { continue }
            let indexes = outline.childIndexes(of: row)
            guard !keptClosed.contains(indexes) else { continue }
            fold(row, open: true)
            opened = true
            // The records it is in (the first two levels), to forget them once far from the screen.
            // (The root, closed by a key and opened again, is no record.)
            for length in stride(from: 1, through: min(2, indexes.count), by: 1) where openedRecords.insert(Array(indexes.prefix(length))).inserted {
                openedOrder.append(Array(indexes.prefix(length)))
            }
        }
        if opened {
            forgetFarRecords(around: frame.visibleRange)
            if let (id, line) = kept { tree.select(id: id, atLine: line) }
        }
        return opened
    }

    /// After `zR`, the records whose containers it opened, oldest first: past `openedKept`, those
    /// far from the screen are forgotten (their nodes dropped; `zR` opens them again as they
    /// show), so what scrolling after `zR` keeps is bounded.
    private var openedOrder: [[Int]] = []
    private var openedRecords: Set<[Int]> = []
    static let openedKept = 1024

    /// Forgets the oldest records `zR` opened beyond `openedKept` that are more than three
    /// screens from `visible` and hold nothing closed by a key.
    private mutating func forgetFarRecords(around visible: Range<Int>) {
        guard openedOrder.count > Self.openedKept + 256 else { return }
        let margin = 3 * max(1, stack.viewportExtent)
        let near = (visible.lowerBound - margin)..<(visible.upperBound + margin)
        var kept: [[Int]] = []
        var excess = openedOrder.count - Self.openedKept
        for (position, indexes) in openedOrder.enumerated() {
            guard excess > 0 else {
                kept.append(contentsOf: openedOrder[position...])
                break
            }
            guard let row = outline.row(ofChildIndexes: indexes), outline.isOpen(row) else {
                // Gone already (inside a record forgotten, or closed): nothing to keep.
                openedRecords.remove(indexes)
                excess -= 1
                continue
            }
            let span = outline.span(ofNodeAt: row)
            let holdsFocus = focus.map(span.contains) ?? false
            if span.overlaps(near) || holdsFocus || keptClosed.contains(where: { $0.starts(with: indexes) }) {
                kept.append(indexes)
                continue
            }
            tree.forget(span.lowerBound)
            openedRecords.remove(indexes)
            excess -= 1
        }
        openedOrder = kept
    }

    /// Reaches the node at `path`, opening the containers on its way, and focuses it at the top
    /// (right below the pins).
    /// - Returns: false, changing nothing, when there is no such node.
    @discardableResult
    mutating func reveal(path: JSONPath) -> Bool {
        guard let indexes = outline.childIndexes(of: path) else { return false }
        return reveal(childIndexes: indexes)
    }

    /// Reaches the node at the end of `indexes` (child indexes from the root) as
    /// `reveal(path:)` does: at the top when it was off screen, else where it is.
    @discardableResult
    mutating func reveal(childIndexes indexes: [Int]) -> Bool {
        let revealed = tree.reveal(childIndexes: indexes)
        // After zR, a container closed by a key and opened on the way is open again.
        if opensEverything { keptClosed = keptClosed.filter { !indexes.starts(with: $0) || $0 == indexes } }
        return revealed
    }

    /// The focused node's child indexes from the root.
    var focusedIndexes: [Int]? { tree.focusedIndexes }

    /// Opens or closes the node at `row`; the node keeps the focus when it had it. After `zR`, a
    /// container closed by a key stays closed.
    private mutating func fold(_ row: Int, open: Bool) {
        if open { tree.open(row) } else { tree.close(row) }
        if opensEverything {
            let indexes = outline.childIndexes(of: row)
            if outline.isOpen(row) { keptClosed.remove(indexes) } else { keptClosed.insert(indexes) }
        }
    }

    /// Shows only the children in `kept` (all with nil) of the open container at `container`
    /// (child indexes from the root; empty: the root, whose children found later by the scan
    /// show once the filter keeps them: `keep(rootChildren:childCounts:)`). The focused node keeps the focus if it still shows, else
    /// the container's first child shown (the root's), or the container, takes it. `childCounts`:
    /// the kept children's child counts, counted ahead (one for each, −1 for none).
    /// - Returns: false, changing nothing, when the container is not open.
    @discardableResult
    mutating func filter(childrenOf container: [Int], keeping kept: [Int]?, childCounts: [Int32]? = nil) -> Bool {
        tree.filter(childrenOf: container, keeping: kept, childCounts: childCounts)
    }

    /// Shows the root's children `indexes` too, which the filter on the root kept of those found
    /// since it was applied (`childCounts` theirs).
    mutating func keep(rootChildren indexes: [Int], childCounts: [Int32]) {
        tree.keep(rootChildren: indexes, childCounts: childCounts)
    }

    /// Drops the filter of the container at `container` that is not open (closed, or gone): it
    /// shows every child when it opens again. Its rows do not change now.
    mutating func forgetFilter(ofNodeAt container: [Int]) {
        tree.forgetFilter(ofNodeAt: container)
    }

    /// Takes in the root's children a background scan found: rows added at the end, nothing on
    /// screen moves.
    /// - Returns: whether rows were added.
    @discardableResult
    mutating func takeScanned() -> Bool { tree.takeNewRootChildren() }

    // MARK: - Drawing

    mutating func draw(into buffer: inout CellBuffer, area: Rect) -> StackFrame<RenderedRow> {
        tree.draw(into: &buffer, area: area)
    }

    mutating func resize(width: Int, height: Int) { tree.resize(width: width, height: height) }

    mutating func prefetch() { tree.prefetch() }

    /// Measures the rows nobody has looked at while `goesOn()` says so; true while some remain.
    mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { tree.measureWhileIdle(while: goesOn) }

    mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        tree.setLogger(log.map { log in { log($0.description) } })
    }

    mutating func click(x: Int, y: Int) { tree.click(column: x, line: y) }

    mutating func restyle(with theme: Theme) {
        var rows = list.source
        rows.theme = theme
        tree.restyle(with: rows)
    }
}
