import TerminalUI

/// What a key asks of a ``LazyTable``: the list's moves over its rows, and its columns'.
public enum TableAction: Hashable, Sendable {
    /// A move over the rows (``ListKeys``).
    case rows(ListAction)
    /// The previous / next column; the first / last column.
    case previousColumn, nextColumn, firstColumn, lastColumn
    /// Sort by the selected column, smallest or largest first; again: the rows' own order.
    case sortBySelectedColumn(descending: Bool)
}

/// The table widget's default keys: the list's over the rows (``ListKeys``), and vim's for the
/// columns — the keys the tstack viewer's table is built from.
public enum TableKeys {
    /// The bindings, with their help.
    public static let table = KeyTable<TableAction, ListKeyContext>(
        ListKeys.table.entries.map { $0.mapped(in: [.list]) { TableAction.rows($0) } } + columns.entries + sorting.entries)

    /// The columns' own bindings (the viewer's table adds them to its table's keys).
    public static let columns = KeyTable<TableAction, ListKeyContext>([
        KeyTableEntry(
            [KeyBinding(keys: [.character("h"), .left], .previousColumn), KeyBinding(keys: [.character("l"), .right], .nextColumn)],
            "the previous / next column", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.character("0")], .firstColumn), KeyBinding(keys: [.character("$")], .lastColumn)],
            "the first / last column", in: [.list]),
    ])

    /// The sorting keys: `[` smallest first, `]` largest first, by the selected column.
    public static let sorting = KeyTable<TableAction, ListKeyContext>([
        KeyTableEntry(
            [KeyBinding(keys: [.character("[")], .sortBySelectedColumn(descending: false)),
             KeyBinding(keys: [.character("]")], .sortBySelectedColumn(descending: true))],
            "sort by the selected column: smallest / largest first (again: the rows' own order)", in: [.list]),
    ])
}

extension LazyTable {
    /// Carries out `action`.
    public mutating func perform(_ action: TableAction) {
        switch action {
        case .rows(.selectNext): selectNextRow()
        case .rows(.selectPrevious): selectPreviousRow()
        case .rows(.lineDown): scroll(by: 1)
        case .rows(.lineUp): scroll(by: -1)
        case .rows(.halfPageDown): page(by: PageLines(viewport: lines.stack.viewportExtent - 1).half)
        case .rows(.halfPageUp): page(by: -PageLines(viewport: lines.stack.viewportExtent - 1).half)
        case .rows(.pageDown): page(by: PageLines(viewport: lines.stack.viewportExtent - 1).full)
        case .rows(.pageUp): page(by: -PageLines(viewport: lines.stack.viewportExtent - 1).full)
        case .rows(.selectFirst): selectFirstRow()
        case .rows(.selectLast): selectLastRow()
        case .previousColumn: selectPreviousColumn()
        case .nextColumn: selectNextColumn()
        case .firstColumn: selectFirstColumn()
        case .lastColumn: selectLastColumn()
        case .sortBySelectedColumn(let descending): sortBySelectedColumn(descending: descending)
        }
    }
}
