import DocumentData

/// Records as JSON Lines (a record a line) or as a JSON array (`[`, a record a line, `]`):
/// what `:write FILE.jsonl` and `:write FILE.json` write — the records a view shows, in its
/// order. Each record is parsed and written again on one line (`TableExport.json`): a string
/// escaped as rows write it, so nothing in the file acts on a terminal. A record that is not
/// JSON is left out and noted in the sink (the export is then not the whole input, and says
/// so). A batch of records a step.
struct RecordsExport: ExportWriting {
    /// How the records are written.
    enum Format {
        /// JSON Lines: a record a line.
        case lines
        /// A JSON array: `[`, a record a line, `]`.
        case array
    }

    private let table: RecordTable
    private let order: [Int]?
    private let format: Format
    private var next = 0
    private var isChecked = false
    /// The array's last record, written once the next one (or the end) says how it ends.
    private var held: String?

    /// Records a step.
    private static let batch = 4096

    /// The export of `table`'s records in `format`: those of `order` in its order, or all.
    init(_ table: RecordTable, order: [Int]?, format: Format) {
        self.table = table
        self.order = order
        self.format = format
    }

    private var count: Int { order?.count ?? table.rowCount }

    var fraction: Double { Double(next) / Double(max(1, count)) }

    mutating func write(to sink: ExportSink) -> Bool {
        let tree = table.tree
        if !isChecked {
            guard sink.accepts(tree) else { return false }
            isChecked = true
            if format == .array { sink.emit("[") }
        }
        let end = min(count, next + Self.batch)
        for position in next..<end {
            let record = order?[position] ?? position
            let range = tree.valueRange(ofChild: record, in: table.records)
            do {
                let line = TableExport.json(try JSONParser.parse(tree.bytes(in: range)))
                if format == .array {
                    if let held { sink.emit(held + ",") }
                    held = line
                } else {
                    sink.emit(line)
                }
                sink.records += 1
            } catch {
                sink.note("\(tree.name): \(table.name(ofRow: record)): not JSON: \(error)")
            }
        }
        next = end
        guard next == count else { return true }
        if format == .array {
            if let held { sink.emit(held) }
            sink.emit("]")
        }
        return false
    }
}
