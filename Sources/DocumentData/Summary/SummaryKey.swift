import Glibc

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
            guard let number = Self.number(raw) else { return tagged(0, .missing) }
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

    /// The number written in `raw` (JSON's grammar: up to 15 digits with a point read exactly
    /// here, anything else by `strtod`); nil when it is none.
    static func number(_ raw: UnsafeRawBufferPointer) -> Double? {
        if let number = shortDecimal(raw) { return number }
        guard let first = raw.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first), raw.count < 64 else {
            return raw.count >= 64 ? Double(String(decoding: raw, as: UTF8.self)) : nil
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            buffer[raw.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            return end == buffer.baseAddress! + raw.count ? value : nil
        }
    }

    /// Powers of ten a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The number `raw` writes when it is digits, perhaps after a minus and with a point, 15 at
    /// most: their integer, exact in a Double, divided by an exact power of ten — one correctly
    /// rounded division, so `strtod`'s value (Clinger's fast path), at a fraction of its cost.
    /// Nil for anything else (an exponent, more digits), which `strtod` reads.
    private static func shortDecimal(_ raw: UnsafeRawBufferPointer) -> Double? {
        guard let first = raw.first, first == UInt8(ascii: "-") || first &- 0x30 < 10 else { return nil }
        let negative = first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var digits: UInt64 = 0, digitCount = 0, fractionDigits = 0, point = false
        while index < raw.count {
            let byte = raw[index]
            if byte &- 0x30 < 10 {
                digits = digits &* 10 &+ UInt64(byte &- 0x30)
                digitCount += 1
                if point { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            index += 1
        }
        guard digitCount > 0, digitCount <= 15 else { return nil }
        let magnitude = Double(digits) / exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
