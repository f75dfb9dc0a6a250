import DocumentData
import StackEngine
import TerminalUI
import Widgets

/// The records of one array of a tree — a JSON Lines file's lines, an API's `data`, a GeoJSON's
/// `features` — as a table (`T`): a row a record, a column a member, the header row pinned at
/// the top and the record's index (its line, in JSON Lines) pinned at the left.
struct RecordTableView {
    /// The child indexes from the root of the array whose children are the records (empty: the
    /// root).
    let container: [Int]
    /// The rows, the columns and the selected cell: the table's moves are the widget's.
    var table: LazyTable<RecordRows>

    /// The table of the children of the array at `container` in `tree`, `path` naming it, on
    /// an area of `width`×`height`; nil when it is no array (or holds nothing yet).
    init?(tree: JSONTree, container: [Int], path: JSONPath, width: Int, height: Int, theme: Theme) {
        guard let records = Self.children(at: container, in: tree), !records.isObject else { return nil }
        self.container = container
        let rows = RecordRows(records: RecordTable(tree: tree, records: records, path: path), theme: theme)
        table = LazyTable(source: rows, width: width, height: height, style: Self.style(theme))
    }

    /// The table's look in `theme`: the header row as the tree's keys, the labels and the rule
    /// dim, the selected cell reversed.
    static func style(_ theme: Theme) -> TableStyle {
        TableStyle(
            header: theme.key.overlaid(with: Style(attributes: .underline)), label: theme.punctuation,
            rule: theme.punctuation, selectedRow: Style(attributes: .bold), selectedCell: Style(attributes: .reverse),
            scrollbarTrack: theme.scrollbarTrack, scrollbarThumb: theme.scrollbarThumb)
    }

    /// The children of the node at `indexes` (child indexes from the root; empty: the root's).
    static func children(at indexes: [Int], in tree: JSONTree) -> ChildTable? {
        guard var table = tree.root else { return nil }
        for index in indexes {
            guard index < table.count, table.childCount(of: index) != nil else { return nil }
            table = tree.children(ofChild: index, in: table)
        }
        return table
    }

    /// The records.
    var records: RecordTable { table.source.records }

    /// Draws with `theme` from now on.
    mutating func restyle(with theme: Theme) {
        table.style = Self.style(theme)
        table.replaceRows(from: 0) { $0.theme = theme }
    }

    /// The records of the array now (the file read further).
    var recordsNow: ChildTable? { Self.children(at: container, in: records.tree) }

    /// Whether the array is read whole: a sort or a jump to its end can answer.
    var isWhole: Bool {
        guard let now = recordsNow else { return false }
        return now.isComplete && (!container.isEmpty || !records.tree.isScanning)
    }

    /// Shows the records in `order` (their indexes), sorted by `column`, from the first row;
    /// nil: in the file's order, the selected record still selected.
    mutating func sort(_ order: [UInt32]?, by column: RecordColumn?, descending: Bool) {
        let record = table.selectedRow.map(table.source.record(ofRow:))
        table.replaceRows(from: 0) { $0.sort(order, by: column, descending: descending) }
        if order != nil {
            table.selectFirstRow()
        } else if let record {
            table.select(row: table.source.row(ofRecord: record), alignment: .center)
        }
    }

    /// Takes in the records read since the last take-in (the file, or the array, read further).
    mutating func takeRecords() {
        guard let now = Self.children(at: container, in: records.tree), now.count != records.rowCount else { return }
        let old = records.rowCount
        table.replaceRows(from: old) { $0.takeRecords(now) }
    }

    /// The node the selected cell shows, as steps from the root (each table and the child's
    /// index in it): the record's member, the record itself when it has none in the column.
    var selectedSteps: [(table: ChildTable, index: Int)]? {
        guard let row = table.selectedRow.map(table.source.record(ofRow:)) else { return nil }
        let tree = records.tree
        guard var parent = tree.root else { return nil }
        var steps: [(table: ChildTable, index: Int)] = []
        for index in container + [row] {
            if let last = steps.last { parent = tree.children(ofChild: last.index, in: last.table) }
            guard index < parent.count else { return nil }
            steps.append((parent, index))
        }
        guard let column = table.selectedColumn, column < records.columns.count else { return steps }
        for key in records.columns[column].keys {
            guard let last = steps.last, last.table.childCount(of: last.index) != nil else { break }
            let record = tree.children(ofChild: last.index, in: last.table)
            guard record.isObject, let member = (0..<record.count).last(where: { tree.key(ofChild: $0, in: record) == key }) else {
                break
            }
            steps.append((record, member))
        }
        return steps
    }

    /// Selects the cell of the node at `indexes` (child indexes from the root): its record, and
    /// the column of its member (of its member's member, for a column of two keys).
    /// - Returns: false when the node is not in the table's array.
    @discardableResult
    mutating func select(nodeAt indexes: [Int]) -> Bool {
        guard indexes.count > container.count, indexes.starts(with: container) else { return false }
        table.select(row: table.source.row(ofRecord: indexes[container.count]), alignment: .center)
        let tree = records.tree
        // The keys from the record down, two at most (a column flattens one level).
        var keys: [String] = []
        var parent = Self.children(at: container, in: tree)
        for index in indexes[container.count...].prefix(3) {
            guard let table = parent else { break }
            if let key = tree.key(ofChild: index, in: table) { keys.append(key) }
            parent = table.childCount(of: index) != nil ? tree.children(ofChild: index, in: table) : nil
        }
        // The column of both keys when there is one (`ctx.user`), else of the first (`ctx`).
        let column = records.columns.firstIndex { $0.keys == keys }
            ?? records.columns.firstIndex { $0.keys == Array(keys.prefix(1)) }
        if let column { table.select(column: column) }
        return true
    }
}
