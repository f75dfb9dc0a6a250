import DocumentData
import StackEngine
import TerminalUI
import Widgets

/// The records of one array of a tree — a JSON Lines file's lines, an API's `data`, a GeoJSON's
/// `features` — as a table (`T`): a row a record, a column a member, the header row pinned at
/// the top and the record's index (its line, in JSON Lines) pinned at the left.
struct RecordTableView {
    /// The rows, the columns and the selected cell: the table's moves are the widget's.
    var grid: LazyTable<RecordRows>
    /// The records looked at for members that have no column yet, a bit each (the sample's are).
    private var looked: [UInt64] = []

    /// The table of `records` on an area of `width`×`height`.
    init(records: RecordTable, width: Int, height: Int, theme: Theme) {
        grid = LazyTable(source: RecordRows(records: records, theme: theme), width: width, height: height, style: Self.style(theme))
    }

    /// The child indexes from the root of the array whose children are the records (empty: the
    /// root).
    var container: [Int] { records.container }

    /// The table's look in `theme`: the header row as the tree's keys, the labels and the rule
    /// dim, the selected cell reversed.
    static func style(_ theme: Theme) -> TableStyle {
        TableStyle(
            header: theme.key.overlaid(with: Style(attributes: .underline)), label: theme.punctuation,
            rule: theme.punctuation, selectedRow: Style(attributes: .bold), selectedCell: Style(attributes: .reverse),
            scrollbarTrack: theme.scrollbarTrack, scrollbarThumb: theme.scrollbarThumb)
    }

    /// The records.
    var records: RecordTable { grid.source.records }

    /// Looks at the records of `rows` (rows on screen) not looked at yet for members without a
    /// column, and adds their columns at the end.
    /// - Returns: whether a column was added (the frame is drawn again).
    mutating func addColumns(ofRows rows: Range<Int>) -> Bool {
        var added = false
        for row in rows {
            let record = grid.source.record(ofRow: row)
            guard record >= RecordTable.sampledRecords else { continue }
            let word = record / 64, bit = UInt64(1) << UInt64(record % 64)
            if word >= looked.count { looked += repeatElement(0, count: word + 1 - looked.count) }
            guard looked[word] & bit == 0 else { continue }
            looked[word] |= bit
            var source = grid.source
            if source.addColumns(ofRecord: record) {
                grid.replaceRows(from: grid.source.rowCount) { $0 = source }
                added = true
            }
        }
        return added
    }

    /// Shows the records `marks` marks with `*` by their label.
    mutating func showMarks(of marks: TreeMarks) {
        let container = self.container
        let marked = Set(marks.marked.compactMap { $0.count == container.count + 1 && $0.starts(with: container) ? $0.last : nil })
        guard marked != grid.source.marked else { return }
        grid.update { $0.marked = marked }
    }

    /// Draws with `theme` from now on.
    mutating func restyle(with theme: Theme) {
        grid.style = Self.style(theme)
        grid.replaceRows(from: 0) { $0.theme = theme }
    }

    /// The records of the array now (the file read further).
    var recordsNow: ChildTable? { records.tree.children(atChildIndexes: container) }

    /// Whether the array is read whole: a sort or a jump to its end can answer.
    var isWhole: Bool {
        guard let now = recordsNow else { return false }
        return now.isComplete && (!container.isEmpty || !records.tree.isScanning)
    }

    /// Shows the records in `order` (their indexes), sorted by `column`, from the first row;
    /// nil: in the file's order, the selected record still selected.
    mutating func sort(_ order: [UInt32]?, by column: RecordColumn?, descending: Bool) {
        let record = grid.selectedRow.map(grid.source.record(ofRow:))
        grid.replaceRows(from: 0) {
            $0.order.sort(order, by: column, descending: descending, recordCount: $0.records.rowCount)
        }
        if order != nil {
            grid.selectFirstRow()
        } else if let row = record.flatMap(grid.source.order.row(ofRecord:)) {
            grid.select(row: row, alignment: .center)
        }
    }

    /// Shows the records the filter `name` kept of the first `read` (nil: every record), the
    /// selected record still selected when it is kept.
    mutating func filter(_ name: String?, kept: [UInt32], read: Int) {
        var source = grid.source
        let first = source.order.filter(name, kept: kept, read: read, recordCount: source.records.rowCount)
        grid.replaceRows(from: first) { $0 = source }
        // (The rows before it may have gone: the selected row is brought on screen.)
        if first == 0, let row = grid.selectedRow { grid.select(row: row) }
    }

    /// Takes in the records read since the last take-in (the file, or the array, read further).
    /// - Returns: false when there are fewer than before (a container's own scan found fewer):
    ///   every row is new, in the file's order, unfiltered — what worked on the old ones goes.
    mutating func takeRecords() -> Bool {
        guard let now = records.tree.children(atChildIndexes: container), now.count != records.rowCount else { return true }
        guard now.count > records.rowCount else {
            grid.replaceRows(from: 0) {
                $0.takeRecords(now)
                $0.order = RowOrder()
            }
            return false
        }
        grid.replaceRows(from: records.rowCount) { $0.takeRecords(now) }
        return true
    }

    /// The selected cell's path as the status line names it — its member's when the record has
    /// a value in the column, else the record's — from the row already read: a frame looks up
    /// nothing in the file however wide the record.
    mutating func selectedPath() -> JSONPath? {
        guard let row = grid.selectedRow else { return nil }
        return path(ofRow: row, cells: grid.selectedRecord ?? nil)
    }

    /// ``selectedPath()`` without the row kept by the table: the record read again.
    var selectedPathReadAgain: JSONPath? {
        guard let row = grid.selectedRow else { return nil }
        return path(ofRow: row, cells: grid.source.record(at: row))
    }

    /// The path of the cell of row `row` in the selected column, the record's `cells` read.
    private func path(ofRow row: Int, cells: [RecordCell]?) -> JSONPath {
        var components = records.path.components + [.index(grid.source.record(ofRow: row))]
        if let column = grid.selectedColumn, let cells, column < cells.count, column < records.columns.count,
            cells[column] != .missing {
            components += records.columns[column].keys.map { .key($0) }
        }
        return JSONPath(components: components)
    }

    /// The node the selected cell shows, as steps from the root (each table and the child's
    /// index in it): the record's member, the record itself when it has none in the column.
    var selectedSteps: [(table: ChildTable, index: Int)]? {
        guard let row = grid.selectedRow.map(grid.source.record(ofRow:)) else { return nil }
        let tree = records.tree
        guard var steps = tree.steps(toChildIndexes: container + [row]) else { return nil }
        guard let column = grid.selectedColumn, column < records.columns.count else { return steps }
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

    /// Where a node is for the table.
    enum NodePlace {
        /// Its cell is selected now.
        case selected
        /// In a record the `:where` leaves out.
        case hidden
        /// Not in the table's array.
        case outside
    }

    /// Selects the cell of the node at `indexes` (child indexes from the root): its record, and
    /// the column of its member (of its member's member, for a column of two keys).
    @discardableResult
    mutating func select(nodeAt indexes: [Int]) -> NodePlace {
        guard indexes.count > container.count, indexes.starts(with: container) else { return .outside }
        guard let row = grid.source.order.row(ofRecord: indexes[container.count]) else { return .hidden }
        grid.select(row: row, alignment: .center)
        let tree = records.tree
        // The keys from the record down, two at most (a column flattens one level).
        var keys: [String] = []
        var parent = tree.children(atChildIndexes: container)
        for index in indexes[container.count...].prefix(3) {
            guard let table = parent else { break }
            if let key = tree.key(ofChild: index, in: table) { keys.append(key) }
            parent = table.childCount(of: index) != nil ? tree.children(ofChild: index, in: table) : nil
        }
        // The column of both keys when there is one (`ctx.user`), else of the first (`ctx`).
        let column = records.columns.firstIndex { $0.keys == keys }
            ?? records.columns.firstIndex { $0.keys == Array(keys.prefix(1)) }
        if let column { grid.select(column: column) }
        return .selected
    }
}
