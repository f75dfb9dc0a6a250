import StackEngine

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
/// tree.list.selectNext()
/// tree.openOrEnter()
/// tree.list.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 24))
/// ```
public struct LazyTree<Source: TreeRowSource> {
    /// The rows, the scroll position and the focus (the list's selection).
    public var list: LazyList<Source>

    /// A tree of `source`'s rows in an area of `width` × `height`, the root focused.
    public init(
        source: Source, width: Int, height: Int, options: StackOptions = StackOptions(), style: ListStyle = ListStyle()
    ) {
        list = LazyList(source: source, width: width, height: height, options: options, style: style)
        list.selectFirst()
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
