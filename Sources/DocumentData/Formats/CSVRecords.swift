/// CSV and TSV (RFC 4180: quoted fields, doubled quotes, line breaks in quotes, CRLF) made into
/// JSON Lines as it is read: the first row names the columns (an empty name becomes
/// `column N`, a repeated one `name_2`), and each row after it becomes an object of its fields
/// under those names. A field that is a number in JSON's grammar becomes one (its text as
/// written); any other stays text. A row with more or fewer fields than the header keeps what
/// it has (extra fields as `column N`) and says so in a `_problem` member, with its line. A row
/// over ``rowLimit`` bytes (a quote never closed) is cut there, says so, and reading goes on
/// at the next line: the rest of a file is never held waiting for a quote.
struct CSVRecords: RecordTranscoder {
    private let delimiter: UInt8
    /// The columns' names, each already a JSON string and a colon, one after another (one
    /// buffer: a row writes them with no reference counted), and where each ends.
    private var keyBytes: [UInt8] = []
    private var keyEnds: [Int] = []
    private var hasHeader = false
    /// The row being read: its fields' bytes one after another, and where each ends.
    private var fields: [UInt8] = []
    private var ends: [Int] = []
    private var state = State.fieldStart
    /// The line the row being read starts on, and the line the reader is on.
    private var rowLine = 1
    private var line = 1

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted
        /// The row was cut: its bytes up to the next line feed are passed over.
        case skippingRow
    }

    /// The longest row read whole.
    static let rowLimit = 4 << 20
    /// Whether the last byte kept is a carriage return read outside quotes (CRLF's).
    private var endsInBareReturn = false

    init(delimiter: UInt8) {
        self.delimiter = delimiter
        fields.reserveCapacity(1 << 12)
    }

    mutating func take(_ chunk: UnsafeRawBufferPointer, into output: inout JSONLinesOutput) {
        let quote = UInt8(ascii: "\"")
        var index = 0
        let count = chunk.count
        while index < count {
            let byte = chunk[index]
            index += 1
            switch state {
            case .skippingRow:
                if byte == 0x0A {
                    line += 1
                    rowLine = line
                    state = .fieldStart
                }
            case .quoted:
                if byte == quote {
                    state = .quoteInQuoted
                } else {
                    // The run of bytes up to the next quote, appended at once.
                    // (No further than the row's limit: a quote never closed is cut there.)
                    let limit = min(count, index + max(0, Self.rowLimit - fields.count))
                    var end = index
                    while end < limit, chunk[end] != quote { end += 1 }
                    let run = UnsafeRawBufferPointer(rebasing: chunk[(index - 1)..<end])
                    for byte in run where byte == 0x0A { line += 1 }
                    fields.appendBytes(run)
                    index = end
                    endsInBareReturn = false
                    if fields.count > Self.rowLimit { cutRow(into: &output) }
                }
            case .quoteInQuoted:
                if byte == quote {
                    fields.append(quote)
                    state = .quoted
                } else {
                    state = .unquoted
                    index -= 1
                }
            case .fieldStart where byte == quote:
                state = .quoted
            case .fieldStart, .unquoted:
                if byte == delimiter {
                    ends.append(fields.count)
                    state = .fieldStart
                } else if byte == 0x0A {
                    if endsInBareReturn { fields.removeLast() }
                    ends.append(fields.count)
                    endRow(into: &output)
                    line += 1
                    rowLine = line
                } else {
                    // The run of bytes up to the next delimiter or line feed, appended at once
                    // (a quote inside an unquoted field is its own).
                    let limit = min(count, index + max(0, Self.rowLimit - fields.count))
                    var end = index
                    while end < limit, chunk[end] != delimiter, chunk[end] != 0x0A { end += 1 }
                    fields.appendBytes(UnsafeRawBufferPointer(rebasing: chunk[(index - 1)..<end]))
                    endsInBareReturn = chunk[end - 1] == 0x0D
                    index = end
                    state = .unquoted
                    if fields.count > Self.rowLimit { cutRow(into: &output) }
                }
            }
        }
    }

    mutating func finish(into output: inout JSONLinesOutput) {
        guard state != .skippingRow, !fields.isEmpty || !ends.isEmpty || state != .fieldStart else { return }
        ends.append(fields.count)
        endRow(into: &output)
    }

    /// Ends a row grown past ``rowLimit`` where it is, saying so, and passes over the rest of
    /// its line.
    private mutating func cutRow(into output: inout JSONLinesOutput) {
        ends.append(fields.count)
        let problem = "line \(rowLine): a row of over \(ByteCount(Self.rowLimit)) (a quote never closed?), cut"
        endRow(into: &output, problem: problem)
        state = .skippingRow
    }

    private mutating func endRow(into output: inout JSONLinesOutput, problem cut: String? = nil) {
        defer {
            fields.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            state = .fieldStart
            endsInBareReturn = false
        }
        // A blank line is no row.
        if ends.count == 1, ends[0] == 0 { return }
        guard hasHeader else { return nameColumns() }
        output.bytes.append(UInt8(ascii: "{"))
        var start = 0
        let columns = keyEnds.count
        fields.withUnsafeBytes { bytes in keyBytes.withUnsafeBytes { keys in
            for (column, end) in ends.enumerated() {
                if column > 0 { output.bytes.append(UInt8(ascii: ",")) }
                if column < columns {
                    output.bytes.appendBytes(UnsafeRawBufferPointer(
                        rebasing: keys[(column == 0 ? 0 : keyEnds[column - 1])..<keyEnds[column]]))
                } else {
                    output.appendString("column \(column + 1)")
                    output.bytes.append(UInt8(ascii: ":"))
                }
                output.appendScalar(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
        } }
        if let problem = cut ?? (ends.count != columns ? "line \(rowLine): \(ends.count) fields, the header has \(columns)" : nil) {
            output.bytes.append(contentsOf: Array(",\"_problem\":".utf8))
            output.appendString(problem)
        }
        output.bytes.append(UInt8(ascii: "}"))
        output.endLine()
    }

    /// Takes the row just read as the header.
    private mutating func nameColumns() {
        hasHeader = true
        var seen: [String: Int] = [:]
        var start = 0
        for (column, end) in ends.enumerated() {
            var name = String(decoding: fields[start..<end], as: UTF8.self)
            start = end
            if name.trimmingBlanks.isEmpty { name = "column \(column + 1)" }
            if let times = seen[name] {
                var number = times + 1
                while seen["\(name)_\(number)"] != nil { number += 1 }
                seen[name] = number
                name = "\(name)_\(number)"
            }
            seen[name, default: 1] = seen[name] ?? 1
            var key = JSONLinesOutput()
            key.appendString(name)
            key.bytes.append(UInt8(ascii: ":"))
            keyBytes += key.bytes
            keyEnds.append(keyBytes.count)
        }
    }
}

extension String {
    /// The string without blanks at its ends.
    fileprivate var trimmingBlanks: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return self[first...last]
    }
}
