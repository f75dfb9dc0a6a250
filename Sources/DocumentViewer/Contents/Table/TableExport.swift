import DocumentData
import TerminalUI

/// Records as CSV (RFC 4180; `browse --view table` when standard output is not a terminal): the
/// header row first, then a record a line, ended by CRLF; a field with a comma, a quote or a
/// line break quoted, its quotes doubled. A string is written decoded, a number as the file
/// writes it, `null` and a missing member as an empty field, an array or an object deeper than
/// the columns flatten as its JSON on one line. A batch of records a step.
struct TableExport: ExportWriting {
    private var table: RecordTable
    /// The records written, in order (a view's filter and sort); nil: all, in the file's order.
    private let order: [Int]?
    private var phase = Phase.check

    private enum Phase {
        /// The input's failure, and its grammar (not JSON Lines: each line is a record of its
        /// own), checked before anything is written.
        case check
        /// Every member of every record gets its column (the table sampled the first records):
        /// a pass over them all before the header row.
        case columns(row: Int)
        /// The rows from this one (the header row first, at 0).
        case rows(from: Int)
        case done
    }

    /// Records a step.
    private static let batch = 4096

    /// The export of `table`'s records: those of `order` in its order, or all.
    init(_ table: RecordTable, order: [Int]? = nil) {
        self.table = table
        self.order = order
    }

    /// How many records are written.
    private var rowCount: Int { order?.count ?? table.rowCount }

    var fraction: Double {
        let count = Double(max(1, rowCount))
        switch phase {
        case .check: return 0
        case .columns(let row): return Double(row) / count / 2
        case .rows(let row): return 0.5 + Double(row) / count / 2
        case .done: return 1
        }
    }

    /// Writes a batch of records; a record that is not an object, or holds a value that is not
    /// JSON, is written with what it has (empty fields) and noted in `sink`: the export is then
    /// not the whole file, and the caller says so.
    mutating func write(to sink: ExportSink) -> Bool {
        switch phase {
        case .check:
            guard sink.accepts(table.tree) else { return false }
            phase = .columns(row: 0)
            return true
        case .columns(let row):
            let end = min(table.rowCount, row + Self.batch)
            for row in row..<end { table.addColumns(of: row) }
            if end == table.rowCount {
                sink.emit(Self.line(table.columns.map { Self.field($0.name, isString: true, in: sink) }))
            }
            phase = end < table.rowCount ? .columns(row: end) : .rows(from: 0)
            return true
        case .rows(let row):
            let end = min(rowCount, row + Self.batch)
            let empty = Array(repeating: RecordCell.missing, count: table.columns.count)
            for position in row..<end {
                let row = order?[position] ?? position
                let cells = table.cells(ofRow: row)
                let problem = cells.map { $0.lazy.compactMap(\.malformed).first.map { "not JSON: \($0)" } } ?? "not an object"
                if let problem { sink.note("\(table.tree.name): \(table.name(ofRow: row)): \(problem)") }
                sink.emit(Self.line((cells ?? empty).map { cell in
                    Self.field(Self.text(of: cell, in: table.tree), isString: cell.isString, in: sink)
                }))
                sink.records += 1
            }
            phase = end < rowCount ? .rows(from: end) : .done
            return end < rowCount
        case .done:
            return false
        }
    }

    /// A field's text as written, before quoting: inert (``inert(_:)``), and a string that a
    /// spreadsheet would take for a formula — it begins with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return, and is not a number — behind a `'`, as OWASP recommends, unless the
    /// sink keeps formulas.
    static func field(_ text: String, isString: Bool, in sink: ExportSink) -> String {
        let text = inert(text)
        guard isString, !sink.keepsFormulas, let first = text.utf8.first,
            [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first)
        else { return text }
        // (A string that is a number, `"-3"`, is data, not a formula: as defusedcsv leaves it.)
        if case .number? = try? JSONParser.parse(Array(text.utf8.drop { $0 == UInt8(ascii: "+") })) { return text }
        return "'" + text
    }

    /// `text` with what a terminal would act on written inert, as the screen writes it
    /// (`CellText.inertForm(of:)`: ESC as `^[`, DEL as `^?`, a C1 or bidirectional control as
    /// `\u202e`); a tab and the line breaks stay, a quoted field holding them as data.
    static func inert(_ text: String) -> String {
        // (Most fields hold none: bytes under 0x20 but tab and line breaks, DEL, and lead
        // bytes from 0xC2, where C1 and bidirectional controls start, send them the long way.)
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F || $0 >= 0xC2 })
        else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                result.append(scalar)
            } else if let visible = CellText.inertForm(of: scalar) {
                result.append(contentsOf: visible.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A cell's text in a field, before quoting.
    static func text(of cell: RecordCell, in tree: JSONTree) -> String {
        switch cell {
        case .missing, .value(.null, _), .malformed: return ""
        case .value(.bool(let value), _): return value ? "true" : "false"
        case .value(.number(let text), _), .value(.string(let text), _): return text
        case .value(let container, _): return json(container)
        case .container(_, _, let bytes):
            // (Decoded as a record parsed whole has it, so a string's escapes read the same.)
            return (try? JSONParser.parse(tree.bytes(in: bytes))).map(json) ?? ""
        }
    }

    /// `value` as JSON on one line, as `TreeExport.format(_:oneLine:)` writes it (`[1, {"a": 2}]`).
    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return JSONString.literal(text)
        case .array(let elements): return "[" + elements.map(json).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONString.literal($0.key) + ": " + json($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// A line of `fields`, each quoted when it must be, and its CR (the caller adds the LF). A
    /// line of one empty field is `""`: an empty line would be read as no field at all.
    static func line(_ fields: [String]) -> String {
        if fields.count == 1, fields[0].isEmpty { return "\"\"\r" }
        return fields.map(quoted).joined(separator: ",") + "\r"
    }

    /// `text` as a field: quoted when it holds a comma, a semicolon, a quote or a line break, its quotes
    /// doubled (byte by byte: a quote a combining mark follows is a quote too).
    static func quoted(_ text: String) -> String {
        // (A `;` too: spreadsheets in locales that split on it would read a formula after one.)
        guard text.utf8.contains(where: {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }) else {
            return text
        }
        var field: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            field.append(byte)
            if byte == UInt8(ascii: "\"") { field.append(byte) }
        }
        field.append(UInt8(ascii: "\""))
        return String(decoding: field, as: UTF8.self)
    }
}

extension RecordCell {
    /// Whether it holds a string.
    var isString: Bool {
        if case .value(.string, _) = self { return true }
        return false
    }

    /// Why the value cannot be read, when it is not JSON.
    var malformed: JSONParseError? {
        if case .malformed(let error) = self { return error }
        return nil
    }
}
