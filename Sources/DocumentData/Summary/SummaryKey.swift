import Platform

/// A member's value read in place for counting: its kind, its ``SummaryValue/key`` (the bytes
/// as written when they are their own key, so nothing is copied), its number and its string's
/// text — what ``FrequencyTable`` and ``ColumnSummaries`` take of a million records.
struct SummaryKey {
    /// The tag of a number's key written as it is (one a Double may not tell apart).
    static let writtenNumberTag: UInt8 = 4

    var kind: SummaryValue.Kind
    /// The key, valid during the call that gave it.
    var key: UnsafeRawBufferPointer
    /// A number's value (0 for anything else).
    var number: Double
    /// A string's text, decoded (empty for anything else).
    var text: UnsafeRawBufferPointer

    /// Calls `body` with the key of the value written at `range` of `bytes` (nil: no member).
    static func read<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?, _ body: (SummaryKey) -> Result
    ) -> Result {
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        func tagged(_ tag: UInt8, _ kind: SummaryValue.Kind) -> Result {
            withUnsafeBytes(of: tag) { body(SummaryKey(kind: kind, key: $0, number: 0, text: none)) }
        }
        guard let range, let first = range.first.map({ bytes[$0] }) else { return tagged(0, .missing) }
        let raw = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range]))
        switch first {
        case UInt8(ascii: "\""):
            let inside = UnsafeRawBufferPointer(rebasing: raw[1..<max(1, raw.count - 1)])
            if inside.isEmpty || memchr(inside.baseAddress!, 0x5C, inside.count) == nil {
                // (Its key: the opening quote and the text, as written.)
                return body(SummaryKey(
                    kind: .string, key: UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 1)]), number: 0, text: inside))
            }
            guard case .string(let decoded) = SummaryValue(bytes, range) else { return tagged(0, .missing) }
            let key = SummaryValue.string(decoded).key
            return key.withUnsafeBytes { key in
                decoded.withUnsafeBytes { body(SummaryKey(kind: .string, key: key, number: 0, text: $0)) }
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return body(SummaryKey(kind: first == UInt8(ascii: "{") ? .object : .array, key: raw, number: 0, text: none))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            switch SummaryValue(bytes, range) {
            case .boolean(let flag): return tagged(flag ? 3 : 2, .boolean)
            case .null: return tagged(1, .null)
            default: return tagged(0, .missing)
            }
        default:
            guard let number = JSONNumber.value(of: raw) else { return tagged(0, .missing) }
            if number != 0, MemberValue.keepsWritten(number) {
                return ([4] + raw).withUnsafeBytes { body(SummaryKey(kind: .number, key: $0, number: number, text: none)) }
            }
            let bits = (number == 0 ? 0 : number).bitPattern.littleEndian
            return withUnsafeTemporaryAllocation(byteCount: 9, alignment: 1) { key in
                key[0] = 5
                withUnsafeBytes(of: bits) { key.baseAddress!.advanced(by: 1).copyMemory(from: $0.baseAddress!, byteCount: 8) }
                return body(SummaryKey(kind: .number, key: UnsafeRawBufferPointer(key), number: number, text: none))
            }
        }
    }
}
