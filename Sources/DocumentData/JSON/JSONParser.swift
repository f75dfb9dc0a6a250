/// A strict RFC 8259 JSON parser over bytes that reports errors with line and column.
///
/// Written by hand because Foundation's parser reports neither, and tstack's contract is a one-line
/// `FILE:LINE:COLUMN: what was expected`. Nesting is limited (``maximumDepth``) so hostile input
/// cannot overflow the stack. Invalid UTF-8 inside strings becomes U+FFFD, as do lone surrogates.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 1_000

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// UTF-8's byte order mark, which may come before a document (it is skipped, never part of it).
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Parses a whole document: one value, surrounded only by whitespace (a leading BOM is skipped).
    /// - Throws: ``JSONParseError`` naming the first problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: byteOrderMark) { parser.position = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else {
            throw parser.error("expected end of input after the top-level value")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw error("expected a value, found end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value, found \(describe(byte))")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a string key in an object, found \(describeNext())")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key, found \(describeNext())")
            }
            position += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array, found \(describeNext())")
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard peek() == byte else {
                position = start
                throw error("expected '\(literal)'")
            }
            position += 1
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else {
            throw error("expected a digit in a number, found \(describeNext())")
        }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), isDigit(digit) else {
                throw error("expected a digit after the decimal point, found \(describeNext())")
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), isDigit(digit) else {
                throw error("expected a digit in the exponent, found \(describeNext())")
            }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    // MARK: - Strings

    /// A string: decoded straight from the input when it has no escapes (the common case),
    /// else from one buffer of UTF-8, so a 100 MB string costs about 100 MB, not several times.
    /// Invalid UTF-8 becomes U+FFFD.
    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = position
        position += 1
        var decoded: [UInt8] = []
        var hasEscapes = false
        var runStart = position
        while true {
            guard let byte = peek() else {
                throw error("unterminated string (it starts at \(location(of: quote)))")
            }
            switch byte {
            case UInt8(ascii: "\""):
                defer { position += 1 }
                guard hasEscapes else { return String(decoding: bytes[runStart..<position], as: UTF8.self) }
                decoded.append(contentsOf: bytes[runStart..<position])
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                decoded.append(contentsOf: String(try parseEscape()).utf8)
                runStart = position
            case 0..<0x20:
                throw error("control character \(describe(byte)) in a string: write it as an escape")
            default:
                position += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated escape in a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default:
            position -= 1
            throw error("invalid escape '\\\(describe(byte))' in a string")
        }
    }

    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let unit = try parseHex4()
        if (0xD800..<0xDC00).contains(unit),
            peek() == UInt8(ascii: "\\"), peek(at: 1) == UInt8(ascii: "u") {
            let saved = position
            position += 2
            let low = try parseHex4()
            if (0xDC00..<0xE000).contains(low) {
                let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            position = saved
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else {
                throw error("expected four hex digits after '\\u', found \(describeNext())")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    // MARK: - Bytes

    private func peek(at offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: - Errors

    private func describeNext() -> String {
        peek().map(describe) ?? "end of input"
    }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }

    private func location(of offset: Int) -> String {
        let (line, column) = lineAndColumn(of: offset)
        return "\(line):\(column)"
    }

    /// 1-based line and column (in characters, counting UTF-8 lead bytes) of a byte offset.
    private func lineAndColumn(of offset: Int) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        var column = 1
        var i = lineStart
        while i < min(offset, bytes.count) {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }

    private func error(_ message: String) -> JSONParseError {
        let (line, column) = lineAndColumn(of: position)
        return JSONParseError(line: line, column: column, message: message)
    }
}
