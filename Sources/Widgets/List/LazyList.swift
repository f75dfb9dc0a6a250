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
/// The selection follows the view as a user expects of a terminal list: scrolling by lines or
/// with the scrollbar keeps it on screen, a page keeps it on the same screen line, and a jump to
/// an id selects that row right below its pinned header.
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
    /// The selected row, if any: with ``ListSelectionMode/multiple``, the cursor among the rows.
    public internal(set) var selection: Int?
    /// What a reader can select.
    public let selectionMode: ListSelectionMode
    /// The ids of the rows selected, with ``ListSelectionMode/multiple``: kept by id as rows
    /// come, go and are reloaded (an id no longer shown stays in the set); a program clears or
    /// sets it as it likes. Always empty in the other modes.
    public var selectedIDs: Set<String> = [] {
        didSet { if selectionMode != .multiple, !selectedIDs.isEmpty { selectedIDs = [] } }
    }
    /// How the list draws its gutter, selection and scrollbar.
    public var style: ListStyle
    /// The width of the list's area, gutter and scrollbar included.
    public private(set) var width: Int
    /// The direction the rows run: down the area (a list), or across it (a strip of cards).
    public let axis: ListAxis
    /// The area of the screen the list was last drawn into (where ``click(x:y:)`` looks).
    public internal(set) var drawnArea: Rect?
    /// Whether the source says which rows are selectable (``SelectableRows``): asked of the
    /// type once, so a source that does not never pays a dynamic cast per row.
    private let sourceChoosesSelectableRows: Bool
    /// The screen line the last page kept the selection on, and where that page left the list:
    /// while nothing else moved it, the next page keeps the same line (so a page down and a page
    /// up give back the same screen even when the first stopped at the end).
    var paging: Paging?
    /// What the list reports as it draws (``onScrollTargetVisibilityChange(threshold:_:)``,
    /// ``onScrollGeometryChange(_:)``).
    var observers = ListObservers()

    struct Paging: Equatable {
        var line: Int
        var anchor: ScrollAnchor
        var selection: Int?
    }

    /// A list of `source`'s rows in an area of `width`×`height`, scrolled to the top with its
    /// first selectable row selected (to the bottom with its last, when the options'
    /// `StackOptions/defaultScrollAnchor` is `.bottom`). On the `.horizontal` axis the rows run left to right,
    /// each as tall as the area less the gutter (the lines above the rows), and a row's extent
    /// is its width in columns: a strip of cards scrolled sideways. `selectionMode` says what can
    /// be selected: one row (the default), none, or a set.
    public init(
        source: Source, width: Int, height: Int, options: StackOptions = StackOptions(), style: ListStyle = ListStyle(),
        axis: ListAxis = .vertical, selectionMode: ListSelectionMode = .single
    ) {
        self.selectionMode = selectionMode
        self.style = style
        self.width = max(0, width)
        self.axis = axis
        sourceChoosesSelectableRows = Source.self is any SelectableRows.Type
        let extents = Self.extents(width: width, height: height, style: style, axis: axis)
        stack = LazyStack(source: source, crossExtent: extents.cross, viewportExtent: extents.viewport, options: options)
        // (A list that opens at its bottom selects its last row.)
        selection = options.defaultScrollAnchor == .bottom
            ? selectable(from: stack.rowCount - 1, forward: false) : selectable(from: 0, forward: true)
    }

    /// The rows.
    public var source: Source { stack.source }

    /// The id of the selected row.
    public var selectedID: String? { selection.map(stack.source.rowID(at:)) }

    /// The selected row as the source built it (built now if it was not): what it shows, and
    /// whatever the program keeps in its rows (a process, a log record).
    public var selectedRow: Source.Row? {
        mutating get { selection.map { stack.resolve($0) } }
    }

    // MARK: - Selection

    /// Selects the next selectable row, scrolling it into view (below a pinned header). At the
    /// last one, scrolls to the very end instead (its footer shows).
    /// - Complexity: O(rows skipped + rows on a screen).
    public mutating func selectNext() { moveSelection(forward: true) }

    /// Selects the previous selectable row, scrolling it into view; at the first, scrolls to the
    /// very top (its header shows).
    public mutating func selectPrevious() { moveSelection(forward: false) }

    /// Puts the selected row (the cursor) in the set of ``selectedIDs``, or takes it out, with
    /// ``ListSelectionMode/multiple``; nothing otherwise. (No key of ``ListKeys`` is bound to
    /// it: a program binds its own, `x` or Space, as its other keys allow.)
    public mutating func toggleSelection() {
        guard selectionMode == .multiple, let id = selectedID else { return }
        if selectedIDs.remove(id) == nil { selectedIDs.insert(id) }
    }

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

    /// Scrolls to the row with `id`, however far, and selects it: a selectable row lands at
    /// `alignment` (at `.top`, right below its section's pinned header); a header lands at the
    /// top and its section's first row is selected; a footer lands at the bottom and its
    /// section's last row is selected (as for a page's loading placeholder, at `alignment`).
    /// - Returns: false, changing nothing, when there is no row with that id.
    /// - Complexity: the source's `rowIndex(forID:)` plus O(rows on a screen).
    @discardableResult
    public mutating func select(id: String, alignment: ScrollAlignment = .top) -> Bool {
        defer { checkInvariants() }
        guard let row = stack.source.rowIndex(forID: id) else { return false }
        switch stack.source.rowKind(at: row) {
        case .header:
            stack.scroll(toRow: row, alignment: .top)
            selection = selectable(from: row, forward: true) ?? selection
        case .footer:
            stack.scroll(toRow: row, alignment: .bottom)
            selection = selectable(from: row, forward: false) ?? selection
        case .item:
            stack.scroll(toRow: row, alignment: alignment)
            // (An item that is not selectable — a tree's closing row — selects the selectable row
            // before it: the container's last node shown.)
            selection = isSelectable(row) ? row : selectable(from: row, forward: false) ?? selection
        case .loading:
            stack.scroll(toRow: row, alignment: alignment)
            selection = selectable(from: row, forward: false) ?? selection
        }
        return true
    }

    /// Selects `row` when it is selectable, scrolling as little as needed to show it (below the
    /// pins), or at `alignment` when it is far.
    /// - Returns: false, changing nothing, when the row is not selectable.
    @discardableResult
    public mutating func select(row: Int, alignment: ScrollAlignment? = nil) -> Bool {
        defer { checkInvariants() }
        guard isSelectable(row) else { return false }
        selection = row
        if let alignment, !isVisible(row) { stack.scroll(toRow: row, alignment: alignment) } else { stack.reveal(row: row) }
        return true
    }

    /// Scrolls so that the selected row stands at `alignment` — vim's `zt`, `zz`, `zb` — as far as
    /// the content lets it (the top stays the top).
    public mutating func scrollSelection(to alignment: ScrollAlignment) {
        defer { checkInvariants() }
        guard let selection else { return }
        stack.scroll(toRow: selection, alignment: alignment)
    }

    /// Selects the row with `id`, scrolling as little as needed when it is on screen already
    /// (a search's next match, the next bookmark) and like ``select(id:alignment:)`` otherwise.
    /// - Returns: false when there is no row with that id.
    @discardableResult
    public mutating func reveal(id: String) -> Bool {
        guard let row = stack.source.rowIndex(forID: id) else { return false }
        guard isSelectable(row), isVisible(row) else { return select(id: id) }
        selection = row
        stack.reveal(row: row)
        return true
    }

    /// Selects the row with `id` and scrolls so it starts on screen line `line` (clamped to the
    /// space below its pinned header): a filter that changed the rows keeps the selection where
    /// the eye was.
    /// - Returns: false, changing nothing, when there is no selectable row with that id.
    @discardableResult
    public mutating func select(id: String, atLine line: Int) -> Bool {
        defer { checkInvariants() }
        guard let row = stack.source.rowIndex(forID: id), isSelectable(row) else { return false }
        place(row, atLine: line)
        return true
    }

    /// Selects `row` (selectable) and scrolls so it starts on screen line `line`, kept below the
    /// pins: ``select(id:atLine:)`` once the row is found.
    mutating func place(_ row: Int, atLine line: Int) {
        selection = row
        let line = max(line, stack.leadingInset(for: row))
        stack.scroll(toRow: row, alignment: .top)
        // Near the end the row cannot be at the top (the view stops at the last row): it is
        // moved from where it landed, not from where the top would have been.
        let landed = placements().first { $0.index == row }?.origin ?? stack.leadingInset(for: row)
        stack.scroll(by: landed - line)
        if !isVisible(row) { stack.reveal(row: row) }
    }

    /// Runs `body` with the list scrolled to `fraction` of its content (0 the top, 1 the bottom),
    /// then comes back to the position and selection before — a preview, a frame on the way of
    /// a jump. Nothing is copied: rows built meanwhile stay built.
    public mutating func previewing<Result>(fraction: Double, _ body: (inout LazyList) -> Result) -> Result {
        let saved = stack.savedScroll
        let selection = self.selection
        stack.scroll(toFraction: fraction)
        defer {
            stack.restore(saved)
            self.selection = selection
        }
        return body(&self)
    }

    /// Sends each layout decision of the list's stack to `logger` (nil: none).
    public mutating func setLogger(_ logger: ((LayoutEvent) -> Void)?) { stack.setLogger(logger) }

    /// Resolves rows ahead of the scroll direction: call it when no key is waiting.
    public mutating func prefetch() { stack.prefetch() }

    /// Whether rows remain for ``measureWhileIdle(while:)``.
    public var hasRowsToMeasure: Bool { stack.hasRowsToMeasure }

    /// Measures rows nobody has looked at while `goesOn()` says so, for a content size (and a
    /// scrollbar) that stops swinging and then is exact: call it while idle, again while it
    /// returns true (`LazyStack/measureWhileIdle(while:)`).
    @discardableResult
    public mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { stack.measureWhileIdle(while: goesOn) }

    // MARK: - State

    /// The selection and scroll position, by id.
    public var state: ListState {
        ListState(selectedID: selectedID, topID: stack.anchorID, topOffset: stack.anchor.offset)
    }

    /// Comes back to `state`: the same row selected and the same row at the top, found by id
    /// (the rows may have changed since). Ids no longer there leave that part as it is.
    public mutating func restore(_ state: ListState) {
        defer { checkInvariants() }
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

    /// Changes the source where its rows stay what they are: nothing is built again.
    package mutating func updateSourceKeepingRows(_ update: (inout Source) -> Void) {
        stack.updateSourceKeepingRows(update)
    }

    /// Replaces the data source: rows from `start` on are new (a page appended, a filter
    /// changed); those before keep their measurements and the screen does not move. The
    /// selection is kept by id, else moved to the nearest selectable row.
    public mutating func replaceRows(from start: Int, with source: Source) {
        defer { checkInvariants() }
        replaceRows(from: start) { $0 = source }
    }

    /// Changes the data source in place (no copy of a big source): rows from `start` on are new.
    /// A selection before `start` is the same row still; one among the new rows is found again
    /// by id, else moved to the nearest selectable row.
    /// - Complexity: the stack's, plus one `rowIndex(forID:)` only when the selection was among
    ///   the rows replaced (a growing list, whose rows are appended below the selection, never
    ///   looks it up).
    public mutating func replaceRows(from start: Int, updatingSource update: (inout Source) -> Void) {
        defer { checkInvariants() }
        replaceRows(in: start..<stack.rowCount, updatingSource: update)
    }

    /// Changes the data source in place, the rows from the one `update` returns on being new (as
    /// ``replaceRows(from:updatingSource:)``), for a source that knows what changed only once it
    /// changed: a document read while it shows, which lets go of what it holds before it grows so
    /// that it grows in place, where a copy it shared with its reader was copied whole.
    public mutating func replaceRows(updatingSourceFrom update: (inout Source) -> Int) {
        defer { checkInvariants() }
        let before = stack.rowCount
        let selected = selectedID
        let first = stack.replaceRows(updatingSourceFrom: update)
        keepSelection(replacing: first..<before, before: before, selected: selected, selecting: nil)
    }

    /// Changes the data source in place: the rows in `range` are replaced by new ones (a node
    /// folded or unfolded), those after it shift. A selection outside the range is the same row
    /// still (shifted); one inside it is found again by id, else moved to the nearest selectable
    /// row — or is `selecting`, when the caller knows where it went (a node folded keeps its
    /// first row). What is on screen stays (`LazyStack/replaceRows(in:updatingSource:)`).
    public mutating func replaceRows(
        in range: Range<Int>, selecting: Int? = nil, updatingSource update: (inout Source) -> Void
    ) {
        defer { checkInvariants() }
        let before = stack.rowCount
        let outside = selection.map { !range.contains($0) } ?? false
        let selected = outside ? nil : selectedID
        stack.replaceRows(in: range, updatingSource: update)
        keepSelection(replacing: range, before: before, selected: selected, selecting: selecting)
    }

    /// After the rows in `range` (of `before` rows) were replaced: the selection is `selecting`
    /// when given, the same row still (shifted) when outside the range, else the row with the id
    /// `selected`, else the nearest selectable row.
    private mutating func keepSelection(replacing range: Range<Int>, before: Int, selected: String?, selecting: Int?) {
        let outside = selection.map { !range.contains($0) } ?? false
        if let selecting, isSelectable(selecting) {
            selection = selecting
            return
        }
        if outside, let current = selection {
            let shifted = current >= range.upperBound ? current + stack.rowCount - before : current
            // (The same row, shifted — unless the source's rows changed otherwise than it said.)
            selection = isSelectable(shifted)
                ? shifted : selectable(from: min(shifted, stack.rowCount - 1), forward: true)
                    ?? selectable(from: min(shifted, stack.rowCount - 1), forward: false)
            return
        }
        if let selected, let row = stack.source.rowIndex(forID: selected), isSelectable(row) {
            selection = row
        } else {
            // The nearest selectable row: never one that cannot be (a closing row, a header).
            let from = min(selecting ?? selection ?? 0, stack.rowCount - 1)
            selection = selectable(from: from, forward: true) ?? selectable(from: from, forward: false)
        }
    }

    /// Draws the same rows differently from now on (a new theme): every row is rebuilt when
    /// next shown; the position and selection stay.
    public mutating func restyle(with source: Source) { stack.restyle(with: source) }

    /// Follows the area's new size, keeping the top row at the top and the selection on screen.
    public mutating func resize(width: Int, height: Int) {
        defer { checkInvariants() }
        self.width = max(0, width)
        let extents = Self.extents(width: width, height: height, style: style, axis: axis)
        stack.setViewport(crossExtent: extents.cross, viewportExtent: extents.viewport)
        if let selection, !isVisible(selection) { stack.reveal(row: selection) }
    }

    // MARK: - Helpers

    /// The extent rows are built at and the viewport's: down the area, the area's width less
    /// the gutter and the scrollbar, and its height; across it, its height less the gutter
    /// (lines above the rows), and its width.
    static func extents(width: Int, height: Int, style: ListStyle, axis: ListAxis) -> (cross: Int, viewport: Int) {
        switch axis {
        case .vertical: (max(1, width - style.gutterWidth - (style.showsScrollbar ? 1 : 0)), max(0, height))
        case .horizontal: (max(1, height - style.gutterWidth), max(0, width))
        }
    }

    /// Whether `row` can be selected: its kind is `.item`, and a source that is
    /// ``SelectableRows`` says so.
    public func isSelectable(_ row: Int) -> Bool {
        selectionMode != .none && Self.isSelectable(row, in: stack.source, askingSource: sourceChoosesSelectableRows)
    }



    /// Whether `row` of `source` can be selected (a source the list no longer shows: a reload
    /// looks among the rows it had).
    /// `askingSource` false skips the cast for a source known not to choose (a dynamic cast costs
    /// a conformance lookup on every call).
    static func isSelectable(_ row: Int, in source: Source, askingSource: Bool = true) -> Bool {
        guard row >= 0, row < source.rowCount, source.rowKind(at: row) == .item else { return false }
        guard askingSource else { return true }
        return (source as? any SelectableRows)?.isSelectable(row: row) ?? true
    }

    /// The first selectable row from `row` on in the direction given, `row` included.
    func selectable(from row: Int, forward: Bool) -> Int? {
        guard stack.rowCount > 0, selectionMode != .none else { return nil }
        var row = min(max(row, 0), stack.rowCount - 1)
        while !isSelectable(row) {
            row += forward ? 1 : -1
            guard row >= 0, row < stack.rowCount else { return nil }
        }
        return row
    }

    private mutating func moveSelection(forward: Bool) {
        defer { checkInvariants() }
        guard selectionMode != .none else { return stack.scroll(by: forward ? 1 : -1) }
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
