/// A member's value as the summaries count it: a key of bytes that two equal values share —
/// its kind, then a number's value (how it is written when a Double may not tell it apart), a
/// string decoded, a container as written — from which it is shown and filtered again.
///
/// Values equal as `:where`'s `=` compares them share a key: `1` and `1.0` are one number,
/// `"a"` and `"\u0061"` one string.
public enum SummaryValue: Hashable, Sendable {
    /// No such member (or the record is no object).
    case missing
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean(Bool)
    /// A number, and how it is written when its Double may not tell it from another.
    case number(Double, written: [UInt8]?)
    /// A string, decoded.
    case string([UInt8])
    /// An array or an object, as written.
    case container([UInt8])

    /// The kinds, in the order the describe table lists them.
    public enum Kind: Int, CaseIterable, Sendable {
        /// A string, a number, `true` or `false`, `null`, an array, an object, no member.
        case string, number, boolean, null, array, object, missing

        /// How the describe table names it.
        public var name: String {
            switch self {
            case .string: "string"
            case .number: "number"
            case .boolean: "boolean"
            case .null: "null"
            case .array: "array"
            case .object: "object"
            case .missing: "missing"
            }
        }
    }

    /// Its kind.
    public var kind: Kind {
        switch self {
        case .missing: .missing
        case .null: .null
        case .boolean: .boolean
        case .number: .number
        case .string: .string
        case .container(let bytes): bytes.first == UInt8(ascii: "[") ? .array : .object
        }
    }

    init(_ value: MemberValue) {
        switch value {
        case .missing: self = .missing
        case .null: self = .null
        case .boolean(let flag): self = .boolean(flag)
        case .number(let number, let written): self = .number(number, written: written)
        case .string(let bytes): self = .string(bytes)
        case .container(let bytes): self = .container(bytes)
        }
    }

    /// The value written at `range` of `bytes` (nil: no member).
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?) {
        self.init(MemberValue(range.map { UnsafeBufferPointer(rebasing: bytes[$0]) }))
    }

    /// The key two equal values share: a tag byte, then the value's bytes — a string's tag is
    /// its opening quote and a container's its bracket, so a value written without escapes is
    /// its own key, read in place (``SummaryKey``).
    var key: [UInt8] {
        switch self {
        case .missing: [0]
        case .null: [1]
        case .boolean(let flag): [flag ? 3 : 2]
        case .number(let number, let written):
            // (Zeros are one value however written; other numbers a Double may not tell apart by
            // how they are written.)
            if let written, number != 0 { [4] + written } else {
                withUnsafeBytes(of: (number == 0 ? 0 : number).bitPattern.littleEndian) { [5] + $0 }
            }
        case .string(let bytes): [UInt8(ascii: "\"")] + bytes
        case .container(let bytes): bytes
        }
    }

    /// The value a key stands for.
    init(key: ArraySlice<UInt8>) {
        let payload = Array(key.dropFirst())
        switch key.first {
        case 1: self = .null
        case 2, 3: self = .boolean(key.first == 3)
        case 4: self = .number(Double(String(decoding: payload, as: UTF8.self)) ?? .nan, written: payload)
        case 5:
            var bits: UInt64 = 0
            for (index, byte) in payload.prefix(8).enumerated() { bits |= UInt64(byte) << (8 * UInt64(index)) }
            self = .number(Double(bitPattern: bits), written: nil)
        case UInt8(ascii: "\""): self = .string(payload)
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .container(Array(key))
        default: self = .missing
        }
    }

    /// How a table cell shows it: a string as its text, a number as JSON writes it, `null`,
    /// `true`, a container as written; a missing member as `(missing)`.
    public var text: String {
        switch self {
        case .missing: "(missing)"
        case .null: "null"
        case .boolean(let flag): flag ? "true" : "false"
        case .number(let number, let written): written.map { String(decoding: $0, as: UTF8.self) } ?? Self.text(of: number)
        case .string(let bytes): String(decoding: bytes, as: UTF8.self)
        case .container(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `number` as JSON would write it: an integer without a fraction.
    public static func text(of number: Double) -> String {
        if number.rounded() == number, abs(number) < 0x1p53 { return String(Int64(number)) }
        return "\(number)"
    }

    /// The `:where` comparison that keeps the records holding this value in `column` (a name as
    /// the header row writes it); nil for an array or an object, which `:where` does not compare.
    public func whereClause(_ column: String) -> String? {
        switch self {
        case .missing, .null: "\(column) = null"
        case .boolean(let flag): "\(column) = \(flag)"
        case .number: "\(column) = \(text)"
        case .string(let bytes): "\(column) = \(JSONString.literal(String(decoding: bytes, as: UTF8.self)))"
        case .container: nil
        }
    }
}
