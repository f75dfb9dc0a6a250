// MARK: - Sorting: a sort order the caller binds, SwiftUI's `Table(sortOrder:)`

/// A column of a table's sort order and its direction: SwiftUI's `KeyPathComparator` for a
/// table whose columns are numbered.
public struct TableSortKey: Hashable, Sendable, Codable {
    /// The column (0: the first after the label column).
    public var column: Int
    /// Smallest first.
    public var ascending: Bool

    /// A key on `column`, smallest first unless `ascending` is false.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}

extension LazyTable {
    /// Shows the rows of `sorted` — the caller's source with its rows in `order` (or in their
    /// own order, for an empty one) — the header marking the sorted columns (`▲` smallest
    /// first, `▼` largest first). The selected row keeps its screen line by id (another row
    /// when it is gone, as a reload does); the selected column stays.
    public mutating func sort(by order: [TableSortKey], rows sorted: Source) {
        defer { checkInvariants() }
        sortOrder = order
        let column = columns.selection
        lines.reload(with: TableLines(source: sorted))
        columns.replaceRows(from: 0) { $0 = TableColumns(source: sorted) }
        if let column { columns.select(row: column) }
    }

    /// Calls `sort` with the new order when a key asks for one
    /// (``TableAction/sortBySelectedColumn(descending:)``) and shows the rows it returns, as
    /// ``sort(by:rows:)``: the caller sorts its own rows, as with SwiftUI's `sortOrder`
    /// binding. Without it, such a key changes ``sortOrder`` only (a caller that sorts later
    /// reads it).
    public mutating func sortRows(using sort: @escaping ([TableSortKey]) -> Source) {
        sorter = sort
    }

    /// The order a key asks for on the selected column: that column, smallest first or largest
    /// first; the same key again, the rows' own order.
    func sortOrder(bySelectedColumnDescending descending: Bool) -> [TableSortKey] {
        guard let column = selectedColumn else { return sortOrder }
        let key = TableSortKey(column: column, ascending: !descending)
        return sortOrder == [key] ? [] : [key]
    }

    /// ``TableAction/sortBySelectedColumn(descending:)``.
    mutating func sortBySelectedColumn(descending: Bool) {
        let order = sortOrder(bySelectedColumnDescending: descending)
        guard let sorter else { return sortOrder = order }
        sort(by: order, rows: sorter(order))
    }

    /// The header's text over `column`: its title, marked first when the rows are sorted by it
    /// (so a title cut to its column keeps the mark).
    func headerTitle(ofColumn column: Int) -> String {
        let title = source.title(ofColumn: column)
        guard let key = sortOrder.first(where: { $0.column == column }) else { return title }
        return (key.ascending ? "▲ " : "▼ ") + title
    }
}
