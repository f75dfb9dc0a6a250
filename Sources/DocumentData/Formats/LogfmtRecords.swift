/// One line of logfmt (`ts=2026-11-28T10:00:00Z level=info msg="a b" user.id=42`), read into
/// its fields: a key, `=`, and a value bare (to the next blank) or quoted (Go's escapes).
struct LogfmtLine {
    /// A field: its key, and its value when it has one (`debug` alone has none).
    struct Field {
        var key: ArraySlice<UInt8>
        var value: [UInt8]
        var hasValue: Bool
        var wasQuoted: Bool
    }

    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The fields in order; a field that is no `key=value` (stray quotes, `=x`) ends them
    /// with `hasValue` false and an empty key.
    var fields: some Sequence<Field> {
        var index = 0
        let bytes = self.bytes
        return AnySequence {
            AnyIterator { () -> Field? in
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                guard index < bytes.count else { return nil }
                let keyStart = index
                while index < bytes.count, bytes[index] > 0x20, bytes[index] != UInt8(ascii: "="),
                      bytes[index] != UInt8(ascii: "\"") { index += 1 }
                let key = bytes[keyStart..<index]
                guard !key.isEmpty else {
                    index = bytes.count
                    return Field(key: [], value: [], hasValue: false, wasQuoted: false)
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        index = bytes.count
                        return Field(key: [], value: [], hasValue: false, wasQuoted: false)
                    }
                    return Field(key: key, value: [], hasValue: false, wasQuoted: false)
                }
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    var value: [UInt8] = []
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                            index += 1
                            switch bytes[index] {
                            case UInt8(ascii: "n"): value.append(0x0A)
                            case UInt8(ascii: "t"): value.append(0x09)
                            case UInt8(ascii: "r"): value.append(0x0D)
                            default: value.append(bytes[index])
                            }
                        } else {
                            value.append(bytes[index])
                        }
                        index += 1
                    }
                    guard index < bytes.count else {
                        return Field(key: [], value: [], hasValue: false, wasQuoted: false)
                    }
                    index += 1
                    return Field(key: key, value: value, hasValue: true, wasQuoted: true)
                }
                let valueStart = index
                while index < bytes.count, bytes[index] > 0x20 { index += 1 }
                return Field(key: key, value: Array(bytes[valueStart..<index]), hasValue: true, wasQuoted: false)
            }
        }
    }
}

/// Line-based input made into JSON Lines as it is read: bytes arrive in chunks, and each
/// whole line becomes a record.
protocol RecordTranscoder {
    /// Takes the next chunk of the input, writing the records it completes into `output`.
    mutating func take(_ chunk: UnsafeRawBufferPointer, into output: inout JSONLinesOutput)
    /// Says the input ended: writes the record of a last line with no line feed.
    mutating func finish(into output: inout JSONLinesOutput)
}

/// Gathers whole lines from chunks (a line feed ends one; a carriage return before it is
/// dropped), for the line-based transcoders.
struct LineGathering {
    private var partial: [UInt8] = []
    /// Lines seen so far.
    private(set) var lineNumber = 0

    /// Calls `line` with each line `chunk` completes (and its number, from 1).
    mutating func take(_ chunk: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer, Int) -> Void) {
        var start = 0
        while let feed = UnsafeRawBufferPointer(rebasing: chunk[start...]).firstIndex(of: 0x0A) {
            let end = start + feed
            lineNumber += 1
            if partial.isEmpty {
                emit(UnsafeRawBufferPointer(rebasing: chunk[start..<end]), line)
            } else {
                partial.appendBytes(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
                partial.withUnsafeBytes { emit($0, line) }
                partial.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        partial.appendBytes(UnsafeRawBufferPointer(rebasing: chunk[start...]))
    }

    /// Calls `line` with a last line no line feed ended.
    mutating func finish(_ line: (UnsafeRawBufferPointer, Int) -> Void) {
        guard !partial.isEmpty else { return }
        lineNumber += 1
        partial.withUnsafeBytes { emit($0, line) }
        partial = []
    }

    private func emit(_ bytes: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer, Int) -> Void) {
        if bytes.last == 0x0D {
            line(UnsafeRawBufferPointer(rebasing: bytes.dropLast()), lineNumber)
        } else {
            line(bytes, lineNumber)
        }
    }
}

/// logfmt made into JSON Lines: a line of fields becomes an object (a value that is a number in
/// JSON's grammar stays one, a key alone is `true`); a line that is not logfmt (a stack trace's)
/// becomes an object of its text alone, `{"_text": "…"}`, so that every record has columns;
/// blank lines are skipped.
struct LogfmtRecords: RecordTranscoder {
    private var lines = LineGathering()

    mutating func take(_ chunk: UnsafeRawBufferPointer, into output: inout JSONLinesOutput) {
        lines.take(chunk) { line, _ in Self.record(line, into: &output) }
    }

    mutating func finish(into output: inout JSONLinesOutput) {
        lines.finish { line, _ in Self.record(line, into: &output) }
    }

    private static func record(_ line: UnsafeRawBufferPointer, into output: inout JSONLinesOutput) {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        let fields = Array(LogfmtLine(Array(line)).fields)
        guard fields.allSatisfy({ !$0.key.isEmpty }), fields.contains(where: \.hasValue) else {
            output.bytes.append(contentsOf: Array("{\"_text\":".utf8))
            output.appendString(line)
            output.bytes.append(UInt8(ascii: "}"))
            output.endLine()
            return
        }
        output.bytes.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { output.bytes.append(UInt8(ascii: ",")) }
            field.key.withUnsafeBytes { output.appendString($0) }
            output.bytes.append(UInt8(ascii: ":"))
            if !field.hasValue {
                output.bytes.append(contentsOf: Array("true".utf8))
            } else if field.wasQuoted {
                output.appendString(field.value)
            } else {
                field.value.withUnsafeBytes { output.appendScalar($0) }
            }
        }
        output.bytes.append(UInt8(ascii: "}"))
        output.endLine()
    }
}

/// Plain text made into JSON Lines: each line a string, blank ones too (as `less` shows them).
struct TextLines: RecordTranscoder {
    private var lines = LineGathering()

    mutating func take(_ chunk: UnsafeRawBufferPointer, into output: inout JSONLinesOutput) {
        lines.take(chunk) { line, _ in
            output.appendString(line)
            output.endLine()
        }
    }

    mutating func finish(into output: inout JSONLinesOutput) {
        lines.finish { line, _ in
            output.appendString(line)
            output.endLine()
        }
    }
}
