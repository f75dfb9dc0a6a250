import StackEngine
import TerminalUI

/// A lazy list with a selection, drawn into a rectangle of a `CellBuffer`: the terminal's
/// `List` with `LazyVStack` inside. Rows of kind `.item` are selectable; section headers (and
/// footers) pin as the stack's options say; the selected row shows a mark in the gutter; the
/// area's last column is a scrollbar, dim while the content's height is only estimated.
///
/// Only the rows on or near the screen are ever built, so a million rows cost what ten do:
/// every verb is O(rows on a screen). Two lists can share a screen: each draws in its own area.
///
/// ```swift
/// var list = LazyList(source: LogLines(), width: 80, height: 23)
/// list.select(id: "line-999000")
/// list.selectNext()
/// var screen = CellBuffer(width: 80, height: 24)
/// list.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 23))
/// let saved = list.state   // restore(saved) later, even after the rows changed
/// ```
public struct LazyList<Source: StackDataSource> where Source.Row: ListRow {
    /// The stack the list scrolls: its rows, position and frames.
    public internal(set) var stack: LazyStack<Source>
    /// The selected row, if any.
    public private(set) var selection: Int?
    public var style: ListStyle

    /// A list of `source`'s rows in an area of `width`×`height`, scrolled to the top with its
    /// first selectable row selected.
    public init(
        source: Source, width: Int, height: Int, options: StackOptions = StackOptions(), style: ListStyle = ListStyle()
    ) {
        self.style = style
        stack = LazyStack(
            source: source, crossExtent: Self.rowWidth(width, style), viewportExtent: max(0, height), options: options)
        selection = selectable(from: 0, forward: true)
    }

    /// The id of the selected row.
    public var selectedID: String? { selection.map(stack.source.rowID(at:)) }

    // MARK: - Selection

    /// Selects the next selectable row, scrolling it into view (below a pinned header).
    /// - Complexity: O(rows skipped + rows on a screen).
    public mutating func selectNext() { moveSelection(forward: true) }

    /// Selects the previous selectable row, scrolling it into view.
    public mutating func selectPrevious() { moveSelection(forward: false) }

    /// Selects the first selectable row and scrolls to the top.
    public mutating func selectFirst() {
        stack.scrollToTop()
        selection = selectable(from: 0, forward: true)
    }

    /// Selects the last selectable row and scrolls to the bottom.
    public mutating func selectLast() {
        stack.scrollToBottom()
        selection = selectable(from: stack.rowCount - 1, forward: false)
    }

    /// Selects the row with `id` and scrolls it to `alignment` (at `.top`, right below its
    /// section's pinned header), however far it is.
    /// - Returns: false when there is no selectable row with that id.
    @discardableResult
    public mutating func select(id: String, alignment: ScrollAlignment = .top) -> Bool {
        guard let row = stack.source.rowIndex(forID: id), isSelectable(row) else { return false }
        selection = row
        stack.scroll(toRow: row, alignment: alignment)
        return true
    }

    // MARK: - Scrolling

    /// Scrolls `lines` lines (negative: up). The selection stays, on screen or not.
    public mutating func scroll(by lines: Int) { stack.scroll(by: lines) }

    /// Scrolls a page (the area less one line) down or up, and selects the selectable row now
    /// at the top.
    public mutating func page(down: Bool) {
        let page = max(1, stack.viewportExtent - 1)
        stack.scroll(by: down ? page : -page)
        let top = stack.anchor.row + (stack.anchor.offset > 0 ? 1 : 0)
        selection = selectable(from: min(top, stack.rowCount - 1), forward: true) ?? selection
    }

    /// Resolves rows ahead of the scroll direction: call it when no key is waiting.
    public mutating func prefetch() { stack.prefetch() }

    // MARK: - State

    /// The selection and scroll position, by id.
    public var state: ListState {
        ListState(selectedID: selectedID, topID: stack.anchorID, topOffset: stack.anchor.offset)
    }

    /// Comes back to `state`: the same row selected and the same row at the top, found by id
    /// (the rows may have changed since). Ids no longer there leave that part as it is.
    public mutating func restore(_ state: ListState) {
        if let id = state.topID, let row = stack.source.rowIndex(forID: id) {
            stack.scroll(to: ScrollAnchor(row: row, offset: state.topOffset))
        }
        if let id = state.selectedID, let row = stack.source.rowIndex(forID: id), isSelectable(row) {
            selection = row
        }
    }

    // MARK: - Rows that changed

    /// Says the rows with `ids` changed in place (see `LazyStack.invalidate(ids:)`).
    public mutating func invalidate(ids: some Sequence<String>) { stack.invalidate(ids: ids) }

    /// Says the rows in `rows` changed in place.
    public mutating func invalidate(rows: Range<Int>) { stack.invalidate(rows: rows) }

    /// Replaces the data source: rows from `start` on are new (a page appended, a filter
    /// changed); those before keep their measurements and the screen does not move. The
    /// selection is kept by id, else moved to the nearest selectable row.
    public mutating func replaceRows(from start: Int, with source: Source) {
        let selected = selectedID
        stack.replaceRows(from: start, with: source)
        if let selected, let row = source.rowIndex(forID: selected), isSelectable(row) {
            selection = row
        } else if let old = selection {
            let from = min(old, stack.rowCount - 1)
            selection = selectable(from: from, forward: true) ?? selectable(from: from, forward: false)
        }
    }

    /// Follows the area's new size.
    public mutating func resize(width: Int, height: Int) {
        stack.setViewport(crossExtent: Self.rowWidth(width, style), viewportExtent: max(0, height))
    }

    // MARK: - Helpers

    /// The width rows are built at: the area less the gutter and the scrollbar.
    static func rowWidth(_ width: Int, _ style: ListStyle) -> Int {
        max(1, width - style.gutterWidth - (style.showsScrollbar ? 1 : 0))
    }

    func isSelectable(_ row: Int) -> Bool {
        row >= 0 && row < stack.rowCount && stack.source.rowKind(at: row) == .item
    }

    /// The first selectable row from `row` on in the direction given, `row` included.
    func selectable(from row: Int, forward: Bool) -> Int? {
        guard stack.rowCount > 0 else { return nil }
        var row = min(max(row, 0), stack.rowCount - 1)
        while !isSelectable(row) {
            row += forward ? 1 : -1
            guard row >= 0, row < stack.rowCount else { return nil }
        }
        return row
    }

    private mutating func moveSelection(forward: Bool) {
        guard let current = selection else {
            selection = selectable(from: forward ? 0 : stack.rowCount - 1, forward: forward)
            return
        }
        let next = current + (forward ? 1 : -1)
        guard next >= 0, next < stack.rowCount, let row = selectable(from: next, forward: forward) else {
            // At either end, show the last footer or the first header.
            if forward { stack.scrollToBottom() } else { stack.scrollToTop() }
            return
        }
        selection = row
        stack.reveal(row: row)
    }
}
