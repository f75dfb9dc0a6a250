import StackEngine
import TerminalUI

/// A lazy foldable tree: a ``LazyList`` of a `TreeModel`'s nodes, one row a node, whose
/// selection is the focused node and whose open containers pin above the rows they hold
/// (nested pinning). The terminal's `OutlineGroup` and Textual's `Tree`, at a million nodes:
/// only the rows on or near the screen are built, a fold costs O(depth × log n) whatever it
/// holds, and a container's children are asked of the model only when it opens.
///
/// The tree is the one writer of its outline's folds: each fold changes the outline inside the
/// list's `replaceRows`, so the rows, the list's index of measured rows and the selection never
/// fall out of step. Moving, scrolling and drawing go through ``list``. An outline belongs to one
/// tree: two trees over one outline (a split view) would each fold the other's rows behind its
/// list — give each its own `TreeOutline` of the same model.
///
/// ```swift
/// var tree = LazyTree(source: OutlineRows(outline: TreeOutline(model: Folders())) { row, width in
///     TextRow(name(of: row), width: width)
/// }, width: 80, height: 24)
/// tree.selectNext()
/// tree.openOrEnter()
/// tree.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 24))
/// ```
///
/// A tree is a value: a copy folded, filtered or moved leaves the original as it was — the copy
/// takes an outline of its own (`TreeOutline.copy()`, O(open containers)) before its first
/// fold, as an array copies its storage before its first write.
public struct LazyTree<Source: TreeRowSource> {
    /// The rows, the scroll position and the focus (the list's selection): read through it;
    /// the tree's own methods move and fold it, keeping the rows and the outline in step.
    public internal(set) var list: LazyList<Source>
    /// Whether the outline is this tree's alone: a copy of the tree shares the owner until one
    /// of them folds, which then takes an outline of its own.
    private var owner = OutlineOwner()

    /// A tree of `source`'s rows in an area of `width` × `height`, the root focused.
    public init(
        source: Source, width: Int, height: Int, options: StackOptions = StackOptions(), style: ListStyle = ListStyle()
    ) {
        list = LazyList(source: source, width: width, height: height, options: options, style: style)
        list.selectFirst()
    }

    /// Gives this tree an outline of its own before it changes one a copy of the tree shares.
    mutating func makeOutlineUnique() {
        guard !isKnownUniquelyReferenced(&owner) else { return }
        owner = OutlineOwner()
        let copy = outline.copy()
        list.updateSourceKeepingRows { $0.outline = copy }
    }

    // MARK: - Moving, scrolling and drawing: the list's

    /// Carries out a list's move (``ListKeys``): the selection, a line, a page.
    public mutating func perform(_ action: ListAction) { list.perform(action) }
    /// The next (previous) selectable row.
    public mutating func selectNext() { list.selectNext() }
    public mutating func selectPrevious() { list.selectPrevious() }
    /// The first (last) selectable row.
    public mutating func selectFirst() { list.selectFirst() }
    public mutating func selectLast() { list.selectLast() }
    /// Selects row `row`, scrolled to `alignment` (nil: only as far as it takes to show it).
    @discardableResult
    public mutating func select(row: Int, alignment: ScrollAlignment? = nil) -> Bool {
        list.select(row: row, alignment: alignment)
    }
    /// Scrolls so that the focused row stands at `alignment` (vim's `zt`, `zz`, `zb`).
    public mutating func scrollFocus(to alignment: ScrollAlignment) { list.scrollSelection(to: alignment) }
    /// Selects the row with `id`.
    @discardableResult
    public mutating func select(id: String, alignment: ScrollAlignment = .top) -> Bool {
        list.select(id: id, alignment: alignment)
    }
    /// Scrolls `lines`; the selection goes along when it leaves the screen.
    public mutating func scroll(by lines: Int) { list.scroll(by: lines) }
    /// Scrolls `lines` keeping the selection on its screen line.
    public mutating func page(by lines: Int) { list.page(by: lines) }
    /// A click at `column`, `line` of the area drawn last: selects, or jumps on the scrollbar.
    @discardableResult
    public mutating func click(column: Int, line: Int) -> Int? { list.click(column: column, line: line) }
    /// The area is now `width` × `height`.
    public mutating func resize(width: Int, height: Int) { list.resize(width: width, height: height) }
    /// Builds rows ahead in the direction of travel.
    public mutating func prefetch() { list.prefetch() }
    /// Whether rows remain for ``measureWhileIdle(while:)``.
    public var hasRowsToMeasure: Bool { list.hasRowsToMeasure }
    /// Measures rows nobody has looked at while `goesOn()` says so (``LazyList/measureWhileIdle(while:)``).
    @discardableResult
    public mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { list.measureWhileIdle(while: goesOn) }
    /// Sends each layout decision to `logger`.
    public mutating func setLogger(_ logger: ((LayoutEvent) -> Void)?) { list.setLogger(logger) }
    /// Rows built again by `source`, which shows the same outline otherwise (a new theme).
    public mutating func restyle(with source: Source) {
        precondition(source.outline === outline, "restyle keeps the outline: fold through the tree")
        list.restyle(with: source)
    }
    /// The screen line the focused row starts on (below the pinned rows).
    public var selectionLine: Int { mutating get { list.selectionLine } }
    /// Selects the row with `id` and puts it on screen line `line`.
    @discardableResult
    public mutating func select(id: String, atLine line: Int) -> Bool { list.select(id: id, atLine: line) }
    /// Builds the rows of `range` again after `update` changes how the source builds them (a
    /// string unfolded), selecting `selecting`; the outline stays (fold through the tree).
    public mutating func rebuildRows(in range: Range<Int>, selecting: Int?, _ update: (inout Source) -> Void) {
        let outline = self.outline
        list.replaceRows(in: range, selecting: selecting) { source in
            update(&source)
            precondition(source.outline === outline, "rebuildRows keeps the outline: fold through the tree")
        }
    }
    /// Lays out and draws the rows in `area` of `buffer`.
    @discardableResult
    public mutating func draw(into buffer: inout CellBuffer, area: Rect) -> StackFrame<Source.Row> {
        list.draw(into: &buffer, area: area)
    }

    /// Which nodes are open.
    public var outline: TreeOutline<Source.Model> { list.source.outline }

    /// The focused row.
    public var focus: Int? { list.selection }

    /// The focused node's child indexes from the root.
    public var focusedIndexes: [Int]? { focus.map(outline.childIndexes(of:)) }

    // MARK: - Moving between nodes

    /// Focuses the next (or previous) sibling of the focused node.
    /// - Returns: false, changing nothing, at the last (first) one.
    @discardableResult
    public mutating func focusSibling(forward: Bool) -> Bool {
        guard let focus else { return false }
        var indexes = outline.childIndexes(of: focus)
        guard let last = indexes.last else { return false }
        indexes[indexes.count - 1] = last + (forward ? 1 : -1)
        guard let row = outline.row(ofChildIndexes: indexes) else { return false }
        return list.select(row: row, alignment: forward ? .bottom : .top)
    }

    /// Focuses the focused node's parent.
    /// - Returns: false, changing nothing, at the root.
    @discardableResult
    public mutating func focusParent() -> Bool {
        guard let focus, let parent = outline.row(focus).enclosing.last else { return false }
        return list.select(row: parent.opening, alignment: .top)
    }

    /// Right, `l`: opens the focused container, or focuses its first child when it is open.
    public mutating func openOrEnter() {
        guard let focus else { return }
        if outline.isOpen(focus) { list.select(row: focus + 1) } else { open(focus) }
    }

    /// Left, `h`: closes the focused container, or focuses its parent when it is closed or a leaf.
    public mutating func closeOrLeave() {
        guard let focus else { return }
        if outline.isOpen(focus) { close(focus) } else { focusParent() }
    }

    /// Enter: opens or closes the focused container.
    public mutating func toggleFocused() {
        if let focus { toggle(focus) }
    }

    /// Opens every closed container on the way to the node at the end of `indexes` (child
    /// indexes from the root) in one change, and focuses it: at the top (right below the pins)
    /// when it was off screen, else where it is.
    /// - Returns: false, focusing nothing, when there is no such node (or a filter hides it).
    @discardableResult
    public mutating func reveal(childIndexes indexes: [Int]) -> Bool {
        if !indexes.isEmpty, !outline.isOpen(0) { open(0) }
        // Every closed ancestor opens in one change (a level at a time cost O(depth²)).
        if let row = outline.outermostClosedAncestor(of: indexes) {
            fold(row) { outline, _ in outline.openAncestors(of: indexes) != nil }
        }
        guard let row = outline.row(ofChildIndexes: indexes) else { return false }
        return list.select(row: row, alignment: .top)
    }
}

/// The token of an outline's owner (``LazyTree``): shared by copies of a tree until one folds.
final class OutlineOwner {}
