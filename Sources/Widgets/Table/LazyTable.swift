import StackEngine
import TerminalUI

/// A lazy table with a selected cell, drawn into a rectangle of a `CellBuffer`: the header row
/// pinned at the top and a label column (a row's index, a line number) pinned at the left while
/// the rest scrolls both ways — SwiftUI pins section headers on one axis; this pins on both.
///
/// It is two ``LazyList``s on the engine: the lines down (the header row is their pinned
/// header) and the columns across (the label column is theirs). So only the rows on or near the
/// screen are read (``TableDataSource/record(at:)``), and only the cells of those rows in the
/// columns on screen are made: a million rows of a hundred columns cost what ten rows of five do.
/// Rows move as a list's do (a line, a page, the ends, an id far off), columns a column at a
/// time, each as little as it takes to show the selected cell beside the pins.
///
/// ```swift
/// var table = LazyTable(source: Processes(all: processes), width: 80, height: 23)
/// table.selectNextColumn()
/// table.page(down: true)
/// var screen = CellBuffer(width: 80, height: 24)
/// table.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 23))
/// ```
public struct LazyTable<Source: TableDataSource> {
    /// The lines, down: the header row, then a line a row.
    var lines: LazyList<TableLines<Source>>
    /// The columns, across: the label column, then the columns.
    var columns: LazyList<TableColumns<Source>>
    /// How the table draws its header row, label column, selection and scrollbar.
    public var style: TableStyle
    /// The area of the screen the table was last drawn into (where ``click(x:y:)`` looks).
    public internal(set) var drawnArea: Rect?
    /// The order the rows are shown in, as the caller sorted them (``sort(by:rows:)``); empty
    /// for their own order.
    public internal(set) var sortOrder: [TableSortKey] = []
    /// The caller's sort, for the keys that ask for an order (``sortRows(using:)``).
    var sorter: (([TableSortKey]) -> Source)?

    /// A table of `source` in an area of `width`×`height` (the header row and the scrollbar
    /// included), at its top left with its first row's first cell selected. `options` are the
    /// lines' (how far ahead rows are read, how long they are kept).
    public init(
        source: Source, width: Int, height: Int, style: TableStyle = TableStyle(),
        options: StackOptions = StackOptions(initialEstimates: [.header: 1, .item: 1, .footer: 1, .loading: 1])
    ) {
        self.style = style
        lines = LazyList(
            source: TableLines(source: source), width: width, height: height, options: options,
            style: ListStyle(gutterWidth: 0, showsScrollbar: true))
        columns = LazyList(
            source: TableColumns(source: source), width: Self.columnsWidth(forWidth: width), height: 1,
            options: StackOptions(initialEstimates: [.header: 8, .item: 12, .footer: 1, .loading: 1]),
            style: ListStyle(gutterWidth: 0, showsScrollbar: false), axis: .horizontal)
        checkInvariants()
    }

    /// The rows and columns.
    public var source: Source { lines.source.source }

    /// The selected row, if there is one.
    public var selectedRow: Int? { lines.selection.map { $0 - 1 } }
    /// The id of the selected row.
    public var selectedRowID: String? { selectedRow.map(source.rowID(at:)) }
    /// The selected column, if there is one.
    public var selectedColumn: Int? { columns.selection.map { $0 - 1 } }
    /// The selected row as read (read now if it was not: it is on screen, so it is kept).
    public var selectedRecord: Source.Record? {
        mutating get { lines.selectedRow.flatMap(\.record) }
    }

    /// The lines' engine counters (rows read, placements), for statistics.
    public var counters: StackCounters { lines.stack.counters }
    /// How many rows are read and kept now (those on or near the screen).
    public var readRowCount: Int { lines.stack.resolvedCount }

    // MARK: - Rows

    /// Selects the next row, scrolling it into view below the header row.
    public mutating func selectNextRow() { lines.selectNext() }
    /// Selects the previous row, scrolling it into view below the header row.
    public mutating func selectPreviousRow() { lines.selectPrevious() }
    /// Selects the first row and scrolls to the top.
    public mutating func selectFirstRow() { lines.selectFirst() }
    /// Selects the last row and scrolls to the bottom.
    public mutating func selectLastRow() { lines.selectLast() }
    /// Scrolls `count` lines (negative: up), the selection kept on screen.
    public mutating func scroll(by count: Int) { lines.scroll(by: count) }
    /// Scrolls a page (the rows on screen less one) down or up, the selection on the same line.
    public mutating func page(down: Bool) { lines.page(down: down) }
    /// Scrolls `count` lines (half a page), the selection on the same line.
    public mutating func page(by count: Int) { lines.page(by: count) }

    /// Selects `row`, scrolling as little as needed to show it, or to `alignment` when it is
    /// far (`.top`: right below the header row).
    /// - Returns: false, changing nothing, when there is no such row.
    @discardableResult
    public mutating func select(row: Int, alignment: ScrollAlignment? = nil) -> Bool {
        guard row >= 0, row < source.rowCount else { return false }
        return lines.select(row: row + 1, alignment: alignment)
    }

    /// Scrolls so that the selected row stands at `alignment` (vim's `zt`, `zz`, `zb`), below the
    /// pinned header row.
    public mutating func scrollSelection(to alignment: ScrollAlignment) { lines.scrollSelection(to: alignment) }

    /// Selects the row with `id`, however far, at `alignment`.
    /// - Returns: false, changing nothing, when there is none.
    @discardableResult
    public mutating func select(rowID id: String, alignment: ScrollAlignment = .top) -> Bool {
        guard id != TableLines<Source>.headerID else { return false }
        return lines.select(id: id, alignment: alignment)
    }

    // MARK: - Columns

    /// Selects the next column, scrolling it into view beside the label column (from its start,
    /// when it is wider than the room: the engine's `reveal`); on the last, nothing moves.
    public mutating func selectNextColumn() {
        if let column = columns.selection, column + 1 < columns.stack.rowCount { columns.selectNext() }
    }
    /// Selects the previous column, scrolling it into view beside the label column.
    public mutating func selectPreviousColumn() { columns.selectPrevious() }
    /// Selects the first column and scrolls to the left end.
    public mutating func selectFirstColumn() { columns.selectFirst() }
    /// Selects the last column, scrolled into view as little as it takes (from its start, when
    /// it is wider than the room).
    public mutating func selectLastColumn() { columns.select(row: columns.stack.rowCount - 1) }

    /// Selects `column`, scrolling as little as needed to show it.
    /// - Returns: false, changing nothing, when there is no such column.
    @discardableResult
    public mutating func select(column: Int) -> Bool {
        guard column >= 0, column < source.columnCount else { return false }
        return columns.select(row: column + 1)
    }

    /// The columns on screen, left to right, each with the column of the area it starts at
    /// (less than the label column's end for one partly under it) and its width; the label
    /// column is not among them.
    public mutating func columnsOnScreen() -> [(column: Int, x: Int, width: Int)] {
        let start = labelWidth + 1
        return columns.layout().rows.filter { $0.index > 0 && $0.origin + $0.row.width > start }
            .map { ($0.index - 1, $0.origin, $0.row.width) }
    }

    /// The label column's width (the rule is the column after it).
    public var labelWidth: Int { columns.source.labelWidth }

    // MARK: - Changes

    /// Changes the source in place: its rows from `row` on are new (rows appended as a file is
    /// read, a new order); columns may have been added at the end, and then every row is read
    /// again (a row read before has no cells for them). The selected row is kept by id; the view
    /// does not move.
    public mutating func replaceRows(from row: Int, updatingSource update: (inout Source) -> Void) {
        defer { checkInvariants() }
        var source = self.source
        let columnCount = source.columnCount
        update(&source)
        let firstLine = source.columnCount == columnCount ? row + 1 : 1
        lines.replaceRows(from: min(firstLine, lines.stack.rowCount)) { $0.source = source }
        let across = TableColumns(source: source)
        // A wider label column (the rows reached a longer number) moves every column.
        let first = across.labelWidth == columns.source.labelWidth ? columns.stack.rowCount : 0
        columns.replaceRows(from: min(first, columns.stack.rowCount)) { $0 = across }
        if columns.selection == nil { columns.selectFirst() }
    }

    /// Changes the source in place where the rows read stay as they are — the columns' widths
    /// and titles, the labels — the selected cell and the view where they were.
    public mutating func update(_ update: (inout Source) -> Void) {
        defer { checkInvariants() }
        var source = self.source
        update(&source)
        lines.replaceRows(from: lines.stack.rowCount) { $0.source = source }
        let across = TableColumns(source: source)
        columns.replaceRows(from: 0) { $0 = across }
        if let column = columns.selection { columns.select(row: column) }
    }

    /// The area changed size.
    public mutating func resize(width: Int, height: Int) {
        defer { checkInvariants() }
        lines.resize(width: width, height: height)
        columns.resize(width: Self.columnsWidth(forWidth: width), height: 1)
        // (The list keeps a column most of which shows; the table shows the selected one whole.)
        if let column = columns.selection { columns.select(row: column) }
    }

    /// Reads rows ahead of the scroll direction: call it when no key is waiting.
    public mutating func prefetch() { lines.prefetch() }

    /// A click at (`x`, `y`) of the screen, inside the area last drawn: on a cell, selects it;
    /// on the scrollbar, scrolls there.
    public mutating func click(x: Int, y: Int) {
        guard let area = drawnArea, area.contains(x: x, y: y) else { return }
        let onScrollbar = x == area.right - 1
        lines.click(column: x - area.x, line: y - area.y)
        if !onScrollbar { columns.click(column: x - area.x, line: 0) }
    }

    /// The columns across which the table's columns scroll: the width less the scrollbar.
    static func columnsWidth(forWidth width: Int) -> Int { max(1, width - 1) }
}

/// How a ``LazyTable`` draws what is its own; cells bring their own styles.
public struct TableStyle: Sendable {
    /// The header row, across the whole width.
    public var header: Style
    /// The label column's cells.
    public var label: Style
    /// The rule between the label column and the rest.
    public var rule: Style
    /// The selected row's look, over its cells (its attributes added to theirs).
    public var selectedRow: Style
    /// The selected cell's look, over the selected row's.
    public var selectedCell: Style
    /// The scrollbar's track.
    public var scrollbarTrack: Style
    /// The scrollbar's thumb.
    public var scrollbarThumb: Style

    /// A style; every part has a default that shows without colour.
    public init(
        header: Style = Style(attributes: [.bold, .underline]), label: Style = Style(attributes: .dim),
        rule: Style = Style(attributes: .dim), selectedRow: Style = Style(attributes: .bold),
        selectedCell: Style = Style(attributes: .reverse), scrollbarTrack: Style = Style(attributes: .dim),
        scrollbarThumb: Style = Style(attributes: .bold)
    ) {
        self.header = header
        self.label = label
        self.rule = rule
        self.selectedRow = selectedRow
        self.selectedCell = selectedCell
        self.scrollbarTrack = scrollbarTrack
        self.scrollbarThumb = scrollbarThumb
    }
}
