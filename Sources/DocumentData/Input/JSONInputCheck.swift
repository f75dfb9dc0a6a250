/// A check, fed the input in chunks as it arrives, that stops at the first byte that cannot
/// belong to a JSON document or to JSON Lines — so `/dev/zero`, a binary file or an endless
/// stream of garbage is rejected at once, whatever its size, instead of being read whole.
///
/// It follows JSON's grammar exactly (RFC 8259, as ``JSONParser``, nesting limited to
/// ``JSONParser/maximumDepth``) without building anything. Until the input shows itself to be
/// JSON Lines — a value, a line break, and another value — every error is final. From then on
/// (or from the start, for a file named `.jsonl`) a line that is not JSON is skipped: it becomes
/// an error row. A NUL byte is final everywhere: no JSON text, nor line of one, holds it.
///
/// The check never refuses what the loaders accept: a refusal is at a byte where the parser
/// (or the JSON Lines reader) fails too.
public struct JSONInputCheck: Sendable {
    /// Where the input stopped being JSON, and what was expected there.
    public struct Failure: Error, Equatable, Sendable {
        /// The offset of the offending byte from the start of the input.
        public var offset: Int
        /// What the first byte showed, as a line to print.
        public var message: String
    }

    /// The first byte that cannot belong to JSON, once found; nothing after it is looked at.
    public private(set) var failure: Failure?
    /// Whether the input reads as JSON Lines (so a bad line is an error row, not the end).
    public private(set) var isJSONLines: Bool
    /// Bytes checked so far.
    public private(set) var offset = 0

    private var state = State.topLevel
    /// The open containers, innermost last: true for an object.
    private var containers: [Bool] = []
    /// Whether a line feed came since the last top-level value ended.
    private var newlineSinceValue = false
    private var sawValue = false
    private var bomMatched = 0

    private enum State: Equatable {
        case topLevel, value, valueOrClose, keyOrClose, key, colon, commaOrClose
        case string(isKey: Bool), escape(isKey: Bool), unicode(isKey: Bool, left: Int)
        case literal(Literal, matched: Int)
        case number(NumberPart)
        case skippingLine
    }

    private enum Literal: Equatable {
        case `true`, `false`, null

        var bytes: StaticString {
            switch self {
            case .true: return "true"
            case .false: return "false"
            case .null: return "null"
            }
        }
    }

    /// Where a number is: after its sign, its leading zero, in its integer digits, after the
    /// point, in the fraction, after the `e`, after the exponent's sign, in the exponent.
    private enum NumberPart: Equatable {
        case sign, zero, integer, point, fraction, exponentMark, exponentSign, exponent

        /// Whether the number may end here.
        var isComplete: Bool { self == .zero || self == .integer || self == .fraction || self == .exponent }
    }

    /// A check of input that is JSON Lines from the start (`jsonLines`, a `.jsonl` file) or
    /// may be either.
    public init(jsonLines: Bool = false) {
        isJSONLines = jsonLines
    }

    /// Checks the next chunk of the input.
    /// - Returns: false once a byte that cannot belong to JSON was found (``failure`` says
    ///   which); the rest of the chunk and any later chunk are not looked at.
    @discardableResult
    public mutating func check(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard failure == nil else { return false }
        var index = 0
        let count = chunk.count
        while index < count {
            let byte = chunk[index]
            if case .string(let isKey) = state {
                // The hot loop: most bytes are inside strings.
                index = skipStringBytes(chunk, from: index)
                guard index < count else { break }
                let byte = chunk[index]
                if byte == UInt8(ascii: "\"") {
                    state = .string(isKey: isKey)
                    endString(isKey: isKey)
                } else if byte == UInt8(ascii: "\\") {
                    state = .escape(isKey: isKey)
                } else if byte == 0 {
                    failure = Failure(offset: offset + index, message: "found byte 0x00: not JSON text")
                } else {
                    refuse(byte, at: index, "control character \(Self.describe(byte)) in a string: write it as an escape")
                }
            } else {
                step(byte, at: index)
            }
            if failure != nil { return false }
            index += 1
        }
        offset += count
        return true
    }

    /// Says that the input ended: a value left open is an error (unless the input is JSON
    /// Lines, whose last line may be cut), as is input with no value at all (not checked
    /// here: the loaders say "empty file").
    /// - Returns: false when the input cannot be JSON.
    @discardableResult
    public mutating func finish() -> Bool {
        guard failure == nil else { return false }
        if case .number(let part) = state, part.isComplete, containers.isEmpty { valueEnded() }
        if isJSONLines || state == .topLevel || state == .skippingLine { return true }
        failure = Failure(offset: offset, message: "expected the document to go on, found end of input")
        return false
    }

    // MARK: - The grammar

    private mutating func step(_ byte: UInt8, at index: Int) {
        if byte == 0 {
            failure = Failure(offset: offset + index, message: "found byte 0x00: not JSON text")
            return
        }
        if offset + index < 3, bomMatched == offset + index, byte == [0xEF, 0xBB, 0xBF][bomMatched] {
            bomMatched += 1
            return
        }
        switch state {
        case .topLevel: topLevel(byte, at: index)
        case .value, .valueOrClose: valueStart(byte, at: index)
        case .keyOrClose, .key:
            if isWhitespace(byte) { return }
            if byte == UInt8(ascii: "\"") { state = .string(isKey: true); return }
            if state == .keyOrClose, byte == UInt8(ascii: "}") { return close() }
            refuse(byte, at: index, "expected a string key in an object, found \(Self.describe(byte))")
        case .colon:
            if isWhitespace(byte) { return }
            guard byte == UInt8(ascii: ":") else {
                return refuse(byte, at: index, "expected ':' after an object key, found \(Self.describe(byte))")
            }
            state = .value
        case .commaOrClose: commaOrClose(byte, at: index)
        case .string: break  // handled in check(_:)
        case .escape(let isKey): escape(byte, at: index, isKey: isKey)
        case .unicode(let isKey, let left):
            guard Self.isHexDigit(byte) else {
                return refuse(byte, at: index, "expected four hex digits after '\\u', found \(Self.describe(byte))")
            }
            state = left == 1 ? .string(isKey: isKey) : .unicode(isKey: isKey, left: left - 1)
        case .literal(let literal, let matched):
            let expected = literal.bytes
            guard byte == expected.utf8Start[matched] else {
                return refuse(byte, at: index, "expected '\(expected)'")
            }
            if matched + 1 == expected.utf8CodeUnitCount {
                valueEnded()
            } else {
                state = .literal(literal, matched: matched + 1)
            }
        case .number(let part): number(part, byte, at: index)
        case .skippingLine:
            if byte == 0x0A { state = .topLevel }
        }
    }

    private mutating func topLevel(_ byte: UInt8, at index: Int) {
        if byte == 0x0A { newlineSinceValue = true }
        if isWhitespace(byte) { return }
        if sawValue, !isJSONLines {
            // A second value: JSON Lines if it starts on a new line, else trailing data.
            guard newlineSinceValue else {
                return refuse(byte, at: index, "expected end of input after the top-level value, found \(Self.describe(byte))")
            }
            isJSONLines = true
        }
        valueStart(byte, at: index)
    }

    private mutating func valueStart(_ byte: UInt8, at index: Int) {
        if isWhitespace(byte) {
            if byte == 0x0A, state == .topLevel { newlineSinceValue = true }
            return
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < JSONParser.maximumDepth else {
                return refuse(byte, at: index, "nesting deeper than \(JSONParser.maximumDepth) levels")
            }
            let isObject = byte == UInt8(ascii: "{")
            containers.append(isObject)
            state = isObject ? .keyOrClose : .valueOrClose
        case UInt8(ascii: "]") where state == .valueOrClose: close()
        case UInt8(ascii: "\""): state = .string(isKey: false)
        case UInt8(ascii: "t"): state = .literal(.true, matched: 1)
        case UInt8(ascii: "f"): state = .literal(.false, matched: 1)
        case UInt8(ascii: "n"): state = .literal(.null, matched: 1)
        case UInt8(ascii: "-"): state = .number(.sign)
        case UInt8(ascii: "0"): state = .number(.zero)
        case UInt8(ascii: "1")...UInt8(ascii: "9"): state = .number(.integer)
        default: refuse(byte, at: index, "expected a value, found \(Self.describe(byte))")
        }
    }

    private mutating func commaOrClose(_ byte: UInt8, at index: Int) {
        if isWhitespace(byte) { return }
        let inObject = containers.last == true
        switch byte {
        case UInt8(ascii: ","): state = inObject ? .key : .value
        case UInt8(ascii: "}") where inObject: close()
        case UInt8(ascii: "]") where !inObject: close()
        default:
            let expected = inObject ? "',' or '}' in an object" : "',' or ']' in an array"
            refuse(byte, at: index, "expected \(expected), found \(Self.describe(byte))")
        }
    }

    private mutating func escape(_ byte: UInt8, at index: Int, isKey: Bool) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            state = .string(isKey: isKey)
        case UInt8(ascii: "u"): state = .unicode(isKey: isKey, left: 4)
        default: refuse(byte, at: index, "invalid escape '\\\(Self.describe(byte))' in a string")
        }
    }

    private mutating func number(_ part: NumberPart, _ byte: UInt8, at index: Int) {
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        switch (part, byte) {
        case (.sign, UInt8(ascii: "0")): state = .number(.zero)
        case (.sign, _) where isDigit: state = .number(.integer)
        case (.integer, _) where isDigit: break
        case (.zero, UInt8(ascii: ".")), (.integer, UInt8(ascii: ".")): state = .number(.point)
        case (.point, _) where isDigit: state = .number(.fraction)
        case (.fraction, _) where isDigit: break
        case (.zero, UInt8(ascii: "e")), (.zero, UInt8(ascii: "E")), (.integer, UInt8(ascii: "e")),
            (.integer, UInt8(ascii: "E")), (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
            state = .number(.exponentMark)
        case (.exponentMark, UInt8(ascii: "+")), (.exponentMark, UInt8(ascii: "-")): state = .number(.exponentSign)
        case (.exponentMark, _) where isDigit, (.exponentSign, _) where isDigit: state = .number(.exponent)
        case (.exponent, _) where isDigit: break
        default:
            guard part.isComplete else {
                let what = part == .point ? "after the decimal point" : part == .sign ? "in a number" : "in the exponent"
                return refuse(byte, at: index, "expected a digit \(what), found \(Self.describe(byte))")
            }
            // The byte after a number belongs to what follows it.
            valueEnded()
            step(byte, at: index)
        }
    }

    // MARK: - Values ending

    private mutating func endString(isKey: Bool) {
        if isKey { state = .colon } else { valueEnded() }
    }

    private mutating func close() {
        containers.removeLast()
        valueEnded()
    }

    private mutating func valueEnded() {
        if containers.isEmpty {
            state = .topLevel
            sawValue = true
            newlineSinceValue = false
        } else {
            state = .commaOrClose
        }
    }

    /// Stops at `byte`: for good, or — in JSON Lines — for the rest of its line.
    private mutating func refuse(_ byte: UInt8, at index: Int, _ message: String) {
        guard isJSONLines else {
            failure = Failure(offset: offset + index, message: message)
            return
        }
        containers.removeAll(keepingCapacity: true)
        state = byte == 0x0A ? .topLevel : .skippingLine
    }

    // MARK: - Bytes

    /// The index of the first byte from `start` that ends a plain run of string bytes: a quote,
    /// a backslash or a control character; `chunk.count` when there is none.
    private func skipStringBytes(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < chunk.count {
            let byte = chunk[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// `'x'` for a printable byte, else `byte 0x1B` (as ``JSONParser`` says it).
    static func describe(_ byte: UInt8) -> String {
        if (0x20...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
