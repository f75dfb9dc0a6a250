/// A record's member as `:sort` orders it and `:where` compares it, read from its bytes: a
/// number's value, a string decoded to its bytes, `true` or `false`, an array or an object as
/// written, `null`, or nothing (no such member, or not JSON where it was read).
enum MemberValue: Equatable {
    /// A number's value, and how it is written when the Double may not tell it from another: an
    /// integer past 53 bits, a number past a Double's range (infinite, or zero).
    case number(Double, written: [UInt8]?)
    case string([UInt8])
    case boolean(Bool)
    case container([UInt8])
    case null
    case missing

    /// Whether a number whose Double is `value` keeps how it is written: a Double may not tell it
    /// from another (zero, infinite, an integer past 53 bits).
    static func keepsWritten(_ value: Double) -> Bool { value == 0 || !value.isFinite || abs(value) >= 0x1p53 }

    /// The order of two numbers: by their Doubles, then — when those are equal and both keep how
    /// they are written — exactly (`JSONNumber`): -1, 0 or 1.
    static func compareNumbers(_ a: Double, _ aWritten: [UInt8]?, _ b: Double, _ bWritten: [UInt8]?) -> Int {
        if a != b { return a < b ? -1 : 1 }
        guard let aWritten, let bWritten else { return 0 }
        return JSONNumber.compare(aWritten, bWritten)
    }

    /// The value written in `bytes` (nil: none).
    init(_ bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes, let first = bytes.first else {
            self = .missing
            return
        }
        switch first {
        case UInt8(ascii: "\""):
            let inside = bytes[1..<(bytes.count - 1)]
            if !inside.contains(UInt8(ascii: "\\")) {
                self = .string(Array(inside))
            } else if case .string(let decoded)? = try? JSONParser.parse(Array(bytes)) {
                self = .string(Array(decoded.utf8))
            } else {
                self = .missing
            }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            self = .boolean(first == UInt8(ascii: "t"))
        case UInt8(ascii: "n"):
            self = bytes.elementsEqual("null".utf8) ? .null : .missing
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            self = .container(Array(bytes))
        default:
            // (A number too big for a Double is infinite.)
            guard let value = JSONNumber.value(of: UnsafeRawBufferPointer(bytes)) else {
                self = .missing
                return
            }
            self = .number(value, written: Self.keepsWritten(value) ? Array(bytes) : nil)
        }
    }
}

extension MemberValue {
    /// The instant a time member's value says (an RFC 3339 string, an epoch number).
    var time: Int64? {
        switch self {
        case .string(let text): text.withUnsafeBytes { LogTime.microseconds(ofText: $0) }
        case .number(let value, _): LogTime.microseconds(ofNumber: value)
        default: nil
        }
    }

    /// The severity a level member's value says (a name in any case, a number).
    var level: LogLevel? {
        switch self {
        case .string(let text): LogLevel(name: String(decoding: text, as: UTF8.self))
        case .number(let value, _): Int(exactly: value).flatMap { LogLevel(number: $0) }
        default: nil
        }
    }
}
