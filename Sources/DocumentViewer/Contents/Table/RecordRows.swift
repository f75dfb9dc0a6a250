import DocumentData
import TerminalUI
import Widgets

/// The records of a ``RecordTable`` as a ``LazyTable`` shows them: a row a record, labelled by
/// its index (its line, in JSON Lines), a column a member, each cell coloured by its type as the
/// tree colours values — strings green, numbers cyan at the right, `true` `false` `null`
/// magenta, containers as their size (`[…] 3 items`, as the tree says it).
struct RecordRows: TableDataSource {
    /// The records and their columns.
    private(set) var records: RecordTable
    var theme: Theme
    /// Each column's width: from the sampled cells and the title, capped.
    private var widths: [Int] = []
    /// Which records the rows show, in which order (`:sort`, `:where`).
    var order = RowOrder()
    /// The records marked (`m`): their label says `*`.
    var marked: Set<Int> = []

    /// The widest a column is drawn.
    static let maximumWidth = 40
    /// The widest a title makes its column (a longer title over short values is cut).
    static let maximumTitleWidth = 16
    /// The records whose cells set the widths.
    static let sampledRows = 200
    /// The bytes of a string read for a cell (more never shows).
    static let cellBytes = 256

    init(records: RecordTable, theme: Theme) {
        self.records = records
        self.theme = theme
        measureNewColumns()
    }

    /// Adds the columns of record `record`'s members that have none (a key first met past the
    /// sample, in a record that came on screen), measured.
    /// - Returns: whether a column was added.
    mutating func addColumns(ofRecord record: Int) -> Bool {
        guard records.addColumns(of: record) else { return false }
        measureNewColumns()
        return true
    }

    /// Takes the records read since (the container read further).
    mutating func takeRecords(_ table: ChildTable) {
        records.takeRecords(table)
        measureNewColumns()
    }

    /// Widths for the columns that have none yet, from the first ``sampledRows`` records.
    private mutating func measureNewColumns() {
        let known = widths.count
        guard records.columns.count > known else { return }
        var widest = records.columns[known...].map { min(DisplayWidth.of($0.name), Self.maximumTitleWidth) }
        for row in 0..<min(records.rowCount, Self.sampledRows) {
            guard let cells = records.cells(ofRow: row, limit: Self.cellBytes) else { continue }
            for (offset, cell) in cells[known...].enumerated() {
                widest[offset] = max(widest[offset], min(DisplayWidth.of(text(of: cell)), Self.maximumWidth))
            }
        }
        widths += widest.map { max(1, $0) }
    }

    /// The record row `row` shows.
    func record(ofRow row: Int) -> Int { order.record(ofRow: row) }

    /// Widens the columns `wanted` names to the widths it gives (capped): cells on screen
    /// wider than the sample's.
    mutating func widen(_ wanted: [Int: Int]) {
        for (column, width) in wanted where column < widths.count {
            widths[column] = max(widths[column], min(width, Self.maximumWidth))
        }
    }

    var rowCount: Int { order.rowCount(recordCount: records.rowCount) }
    var columnCount: Int { records.columns.count }
    /// JSON Lines: the line; else the index.
    var labelTitle: String { showsLines ? "line" : "#" }
    private var showsLines: Bool { records.tree.isJSONLines && records.path.components.isEmpty }

    /// The column's name; the column the rows are sorted by says how, as `:sort` writes it
    /// (`+status`, `-status`).
    func title(ofColumn column: Int) -> String {
        let name = records.columns[column].name
        guard let sorted = order.sortedBy, sorted.column.keys == records.columns[column].keys else { return name }
        return (sorted.descending ? "-" : "+") + name
    }
    func width(ofColumn column: Int) -> Int { column < widths.count ? widths[column] : Self.maximumTitleWidth }
    /// The record's index (its line in JSON Lines), sorted or not.
    func label(ofRow row: Int) -> String {
        let record = record(ofRow: row)
        return (marked.contains(record) ? "*" : "") + String(showsLines ? records.records.lineNumber(of: record) : record)
    }
    /// The last record's label, whatever the order.
    var widestLabel: String {
        let last = records.rowCount - 1
        guard last >= 0 else { return "" }
        return (marked.isEmpty ? "" : "*") + String(showsLines ? records.records.lineNumber(of: last) : last)
    }
    /// A row's id is its record's index: the same record whatever the order.
    func rowID(at row: Int) -> String { String(record(ofRow: row)) }
    func rowIndex(forID id: String) -> Int? {
        Int(id).flatMap { $0 >= 0 && $0 < records.rowCount ? order.row(ofRecord: $0) : nil }
    }

    /// The record's cells, all columns (one parse); nil when it is no object.
    func record(at row: Int) -> [RecordCell]? { records.cells(ofRow: record(ofRow: row), limit: Self.cellBytes) }

    func cell(atColumn column: Int, of record: [RecordCell]?) -> TableCell {
        guard let record else {
            return column == 0 ? TableCell("(not an object)", style: theme.punctuation, widensColumn: false) : TableCell("")
        }
        guard column < record.count else { return TableCell("") }
        let cell = record[column]
        // A log's level in its colour (`level`, `severity`…: one key, not a nested one).
        var level: LogLevel?
        if isLevelColumn(column), case .value(let value, _) = cell { level = LogLevel(value) }
        switch cell {
        case .value(.number, _):
            return TableCell(text(of: cell), style: level.map { theme.style(of: $0, else: theme.number) } ?? theme.number, alignment: .trailing)
        case .value(.string, _):
            return TableCell(text(of: cell), style: level.map { theme.style(of: $0, else: theme.string) } ?? theme.string)
        case .value(.bool, _), .value(.null, _): return TableCell(text(of: cell), style: theme.literal)
        case .value(.array, _), .value(.object, _), .container: return TableCell(text(of: cell), style: theme.punctuation)
        case .malformed: return TableCell(text(of: cell), style: theme.focus)
        case .missing: return TableCell("")
        }
    }

    /// Whether the column holds a log's level: its one key is a level's name.
    private func isLevelColumn(_ column: Int) -> Bool {
        let keys = records.columns[column].keys
        return keys.count == 1 && LogLevel.fieldNames.contains(keys[0])
    }

    /// What a cell shows: a string decoded (cut: `…`), a number as written, a container's size.
    private func text(of cell: RecordCell) -> String {
        switch cell {
        case .missing: return ""
        case .value(let value, let isWhole):
            switch value {
            case .string(let text): return Self.visible(text) + (isWhole ? "" : "…")
            case .number(let text): return isWhole ? text : text + "…"
            case .bool(let flag): return flag ? "true" : "false"
            case .null: return "null"
            case .array(let items): return Self.size(isObject: false, count: items.count)
            case .object(let members): return Self.size(isObject: true, count: members.count)
            }
        case .container(let isObject, let count, _): return Self.size(isObject: isObject, count: count)
        case .malformed: return "not JSON"
        }
    }

    /// A decoded string with its control characters written as the tree writes them, as JSON
    /// escapes (`\t`, `\n`, `\u0007`): a tab or a line break in a cell is seen, not a blank.
    static func visible(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A container's cell: `{…} 2 fields`, `[…] 3 items` (the tree's words), `{}`, `[]`.
    private static func size(isObject: Bool, count: Int) -> String {
        guard count > 0 else { return isObject ? "{}" : "[]" }
        return (isObject ? "{…} " : "[…] ") + TreeRowBuilder.size(count, isObject: isObject)
    }
}
