/// One line of logfmt (`ts=2026-11-28T10:00:00Z level=info msg="a b" user.id=42`), read into
/// its fields: a key, `=`, and a value bare (to the next blank) or quoted (Go's escapes).
enum LogfmtLine {
    /// A field: its key, and its value when it has one (`debug` alone has none).
    struct Field {
        var key: ArraySlice<UInt8>
        var value: [UInt8]
        var hasValue: Bool
        var wasQuoted: Bool

        /// What ends the fields of a line that is no logfmt (stray quotes, `=x`).
        static let broken = Field(key: [], value: [], hasValue: false, wasQuoted: false)
    }

    /// The fields of `bytes` in order; a field that is no `key=value` ends them as ``Field/broken``.
    static func fields(_ bytes: [UInt8]) -> [Field] {
        var fields: [Field] = []
        var index = 0
        while true {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index < bytes.count else { return fields }
            let keyStart = index
            while index < bytes.count, bytes[index] > 0x20, bytes[index] != UInt8(ascii: "="),
                  bytes[index] != UInt8(ascii: "\"") { index += 1 }
            let key = bytes[keyStart..<index]
            guard !key.isEmpty else { return fields + [.broken] }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { return fields + [.broken] }
                fields.append(Field(key: key, value: [], hasValue: false, wasQuoted: false))
                continue
            }
            index += 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                let valueStart = index
                while index < bytes.count, bytes[index] > 0x20 { index += 1 }
                fields.append(Field(key: key, value: Array(bytes[valueStart..<index]), hasValue: true, wasQuoted: false))
                continue
            }
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
            guard index < bytes.count else { return fields + [.broken] }
            index += 1
            fields.append(Field(key: key, value: value, hasValue: true, wasQuoted: true))
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
        let fields = LogfmtLine.fields(Array(line))
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
