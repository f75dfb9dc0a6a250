/// The JSON Lines the formats that are not JSON are made into: a record per line, written into
/// a byte buffer the spool takes as it fills.
struct JSONLinesOutput {
    /// The lines made since the spool last took them.
    var bytes: [UInt8] = []

    /// An empty output with room for `capacity` bytes.
    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else (UTF-8 or not) as it is.
    mutating func appendString(_ text: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.appendBytes(UnsafeRawBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
        }
        bytes.appendBytes(UnsafeRawBufferPointer(rebasing: text[start...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string.
    mutating func appendString(_ text: [UInt8]) {
        text.withUnsafeBytes { appendString($0) }
    }

    /// Appends `text` as a JSON string.
    mutating func appendString(_ text: String) {
        appendString(Array(text.utf8))
    }

    /// Appends a value written as text: a number as it is written when it is one in JSON's
    /// grammar (`42`, `-3.5`, `1e9`; not `007` nor `1.`, which stay text), else a string.
    mutating func appendScalar(_ text: UnsafeRawBufferPointer) {
        if Self.isJSONNumber(text) {
            bytes.appendBytes(text)
        } else {
            appendString(text)
        }
    }

    /// Whether `text` is a number in JSON's grammar (RFC 8259).
    static func isJSONNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = text.count
        func digits() -> Int {
            let start = index
            while index < count, (0x30...0x39).contains(text[index]) { index += 1 }
            return index - start
        }
        if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return false }
        if text[index] == 0x30 {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == count
    }

    /// Ends the current record's line.
    mutating func endLine() { bytes.append(0x0A) }
}

extension [UInt8] {
    /// Appends `raw` as one copy (`append(contentsOf:)` takes an untyped buffer a byte at a
    /// time).
    mutating func appendBytes(_ raw: UnsafeRawBufferPointer) {
        append(contentsOf: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
    }
}
