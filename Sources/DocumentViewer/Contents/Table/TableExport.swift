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
    /// Bytes of the file the passes read a thread a step.
    private let window: Int
    private var phase = Phase.check

    private enum Phase {
        /// The input's failure, and its grammar (not JSON Lines: each line is a record of its
        /// own), checked before anything is written.
        case check
        /// Every member of every record gets its column (the table sampled the first records):
        /// a pass over them all before the header row.
        case columns(ColumnsPass)
        /// The rows in the file's order, their values read from the records' bytes on both
        /// cores (what is not plain read whole, as `rows` reads it), when the bytes say what the
        /// text says (`rowsFromBytes`).
        case walkedRows(ColumnValuesPass<[Line]>)
        /// The rows of an order from this one, each record read whole.
        case rows(from: Int)
        case done
    }

    /// Records a step.
    private static let batch = 4096

    /// A row as the walk makes it: its line, or a record to read whole.
    enum Line: Sendable {
        case text(String)
        case record(Int)
    }

    /// The export of `table`'s records: those of `order` in its order, or all, the file read
    /// `window` bytes a thread a step.
    init(_ table: RecordTable, order: [Int]? = nil, window: Int = 4 << 20) {
        self.table = table
        self.order = order
        self.window = window
    }

    /// Whether the rows may be written from the values the walk finds: the input's grammar was
    /// checked whole (not JSON Lines, whose lines that are not JSON are rows noted as such), and
    /// every column's keys are ASCII (the walk finds a key by its bytes; a record's cells by its
    /// text, which other bytes may spell too).
    private var rowsFromBytes: Bool {
        !table.tree.isJSONLines && table.columns.allSatisfy { $0.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } }
    }

    /// How many records are written.
    private var rowCount: Int { order?.count ?? table.rowCount }

    var fraction: Double {
        let count = Double(max(1, rowCount))
        switch phase {
        case .check: return 0
        case .columns(let pass): return Double(pass.readCount) / count / 2
        case .walkedRows(let pass): return 0.5 + Double(pass.readCount) / count / 2
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
            phase = .columns(ColumnsPass(window: window))
            return true
        case .columns(var pass):
            phase = .done
            guard pass.step(&table) else {
                phase = .columns(pass)
                return true
            }
            sink.emit(Self.line(table.columns.map { Self.field($0.name, isString: true, in: sink) }))
            phase = order == nil && rowsFromBytes ? .walkedRows(ColumnValuesPass(columns: table.columns, window: window)) : .rows(from: 0)
            return true
        case .walkedRows(var pass):
            phase = .done
            var lines: [Line] = []
            let columns = table.columns.count, keepsFormulas = sink.keepsFormulas
            let done = pass.step(
                records: table.records, of: table.tree,
                own: { lines.append(Self.line(of: $0, columns: columns, keepsFormulas: keepsFormulas)) },
                start: { [] },
                add: { part, values in part.append(Self.line(of: values, columns: columns, keepsFormulas: keepsFormulas)) },
                finish: { lines += $0 })
            for line in lines {
                switch line {
                case .text(let text):
                    sink.emit(text)
                    sink.records += 1
                case .record(let row):
                    write(row: row, to: sink)
                }
            }
            if !done { phase = .walkedRows(pass) }
            return !done
        case .rows(let row):
            let end = min(rowCount, row + Self.batch)
            for position in row..<end { write(row: order?[position] ?? position, to: sink) }
            phase = end < rowCount ? .rows(from: end) : .done
            return end < rowCount
        case .done:
            return false
        }
    }

    /// Writes record `row`'s line, the record read whole.
    private func write(row: Int, to sink: ExportSink) {
        let cells = table.cells(ofRow: row)
        let problem = cells.map { $0.lazy.compactMap(\.malformed).first.map { "not JSON: \($0)" } } ?? "not an object"
        if let problem { sink.note("\(table.tree.name): \(table.name(ofRow: row)): \(problem)") }
        let empty = Array(repeating: RecordCell.missing, count: table.columns.count)
        sink.emit(Self.line((cells ?? empty).map { cell in
            Self.field(Self.text(of: cell, in: table.tree), isString: cell.isString, keepsFormulas: sink.keepsFormulas)
        }))
        sink.records += 1
    }

    /// A record's line from the values the walk read (`columns` of them), as ``write(row:to:)``
    /// writes it: a string without escapes, a number or a literal straight from its bytes, any
    /// other value parsed; a record the walk did not read, or with a value that is not JSON, is
    /// left to be read whole.
    static func line(of values: ColumnValuesPass<[Line]>.Values, columns: Int, keepsFormulas: Bool) -> Line {
        guard values.isWalked else { return .record(values.index) }
        var fields: [String] = []
        fields.reserveCapacity(columns)
        for column in 0..<columns {
            guard let field = field(written: values.value(ofColumn: column), keepsFormulas: keepsFormulas) else {
                return .record(values.index)
            }
            fields.append(field)
        }
        return .text(line(fields))
    }

    /// The field of a value as written (nil bytes: no such member), or nil when it is not JSON.
    static func field(written bytes: UnsafeBufferPointer<UInt8>?, keepsFormulas: Bool) -> String? {
        guard let bytes, let first = bytes.first else { return "" }
        switch first {
        case UInt8(ascii: "\""):
            // (Printable ASCII without an escape: its text is its bytes.)
            let inside = bytes.count >= 2 ? bytes[1..<(bytes.count - 1)] : bytes[0..<0]
            if bytes.count >= 2, bytes.last == UInt8(ascii: "\""),
                !inside.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") }) {
                return field(String(decoding: inside, as: UTF8.self), isString: true, keepsFormulas: keepsFormulas)
            }
        case UInt8(ascii: "t") where bytes.elementsEqual("true".utf8): return "true"
        case UInt8(ascii: "f") where bytes.elementsEqual("false".utf8): return "false"
        case UInt8(ascii: "n") where bytes.elementsEqual("null".utf8): return ""
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if isNumber(bytes) { return String(decoding: bytes, as: UTF8.self) }
        default: break
        }
        guard let value = try? JSONParser.parse(Array(bytes)) else { return nil }
        let isString = if case .string = value { true } else { false }
        return field(text(of: value), isString: isString, keepsFormulas: keepsFormulas)
    }

    /// Whether `bytes` are a JSON number: `-`, an integer part without leading zeros, a
    /// fraction, an exponent.
    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integer = index
        guard digits() > 0, bytes[integer] != UInt8(ascii: "0") || index == integer + 1 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// A field's text as written, before quoting: inert (``inert(_:)``), and a string that a
    /// spreadsheet would take for a formula — it begins with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return, and is not a number — behind a `'`, as OWASP recommends, unless the
    /// sink keeps formulas.
    static func field(_ text: String, isString: Bool, in sink: ExportSink) -> String {
        field(text, isString: isString, keepsFormulas: sink.keepsFormulas)
    }

    /// ``field(_:isString:in:)`` for a sink that keeps formulas or not.
    static func field(_ text: String, isString: Bool, keepsFormulas: Bool) -> String {
        let text = inert(text)
        guard isString, !keepsFormulas, let first = text.utf8.first,
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
        case .missing, .malformed: return ""
        case .value(let value, _): return text(of: value)
        case .container(_, _, let bytes):
            // (Decoded as a record parsed whole has it, so a string's escapes read the same.)
            return (try? JSONParser.parse(tree.bytes(in: bytes))).map(json) ?? ""
        }
    }

    /// A value's text in a field, before quoting.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array, .object: return json(value)
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
