import DocumentData

/// A frequency table or a column summary as `:write` writes it: CSV (the header row, then a
/// row a line), JSON Lines or a JSON array of an object a row — counts and numbers as numbers,
/// the share of the records as a fraction, bars left out. Small (at most
/// ``SummaryTable/rowLimit`` rows): written in one step.
struct SummaryExport: ExportWriting {
    private let table: SummaryTable
    /// How it is written: CSV (nil), or records.
    private let format: RecordsExport.Format?
    private var isWritten = false

    init(_ table: SummaryTable, format: RecordsExport.Format?) {
        self.table = table
        self.format = format
    }

    var fraction: Double { isWritten ? 1 : 0 }

    mutating func write(to sink: ExportSink) -> Bool {
        // The columns written (a bar's is not), and their names (`%` is the `share`).
        let columns = table.titles.indices.filter { column in
            !table.rows.contains { row in column < row.count && row[column].exported == nil }
        }
        let names = columns.map { table.titles[$0] == "%" ? "share" : table.titles[$0] }
        if format == nil { sink.emit(TableExport.line(names.map { TableExport.field($0, isString: true, in: sink) })) }
        var lines: [String] = []
        for row in table.rows {
            let fields: [(text: String, isNumber: Bool)] = columns.map { column in
                (column < row.count ? row[column].exported : nil) ?? (text: "", isNumber: false)
            }
            if format == nil {
                lines.append(TableExport.line(fields.map { TableExport.field($0.text, isString: !$0.isNumber, in: sink) }))
            } else {
                let members = zip(names, fields).map { name, field in
                    JSONString.literal(name) + ": " + (field.isNumber ? field.text : JSONString.literal(field.text))
                }
                lines.append("{" + members.joined(separator: ", ") + "}")
            }
            sink.records += 1
        }
        switch format {
        case .array?:
            sink.emit("[")
            for (index, line) in lines.enumerated() { sink.emit(line + (index < lines.count - 1 ? "," : "")) }
            sink.emit("]")
        default:
            for line in lines { sink.emit(line) }
        }
        isWritten = true
        return false
    }
}
