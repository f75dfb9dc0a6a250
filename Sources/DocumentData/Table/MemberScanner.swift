/// Finds where a record's member is written without decoding the record: its bytes are walked
/// once, each other member's value skipped by its brackets and quotes, and only the keys are
/// compared — as their bytes, or decoded when written with escapes (`"st\u0061tus"`). What a
/// `:sort` or a `:where` reads of a million records is then one member each, not all of them.
enum MemberScanner {
    /// The range in `bytes` of the value of the member at `keys` — one key, or two for a member
    /// of a member (`ctx.user`) — of the object written from `start` on; the last member with a
    /// key when it is written twice (as jq). Nil when there is none, or the bytes are no object
    /// (or not JSON where they were walked).
    static func value(at keys: ArraySlice<[UInt8]>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Range<Int>? {
        guard let wanted = keys.first else { return nil }
        var index = skipBlanks(bytes, start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipBlanks(bytes, index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return nil }
        var found: Range<Int>?
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(bytes, index) else { return nil }
            let keyStart = index
            index = skipBlanks(bytes, keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipBlanks(bytes, index + 1)
            guard let valueEnd = valueEnd(bytes, valueStart) else { return nil }
            if key(bytes, keyStart..<keyEnd, is: wanted) {
                found = keys.count == 1 ? valueStart..<valueEnd : value(at: keys.dropFirst(), in: bytes, from: valueStart)
            }
            index = skipBlanks(bytes, valueEnd)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return found }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipBlanks(bytes, index + 1)
        }
        return nil
    }

    /// Whether the key written at `range` (its quotes included) is `wanted`'s bytes.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, is wanted: [UInt8]) -> Bool {
        let inside = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard inside.contains(UInt8(ascii: "\\")) else { return inside.elementsEqual(wanted) }
        guard case .string(let key)? = try? JSONParser.parse(Array(bytes[range])) else { return false }
        return key.utf8.elementsEqual(wanted)
    }

    /// The index after the blanks from `index` on.
    static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// The index after the string whose opening quote is at `index`; nil when it does not end.
    static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        var index = index + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value that starts at `index`; nil when it does not end in `bytes`.
    static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(bytes, index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var end = index
            while end < bytes.count {
                switch bytes[end] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
                    return end > index ? end : nil
                default: end += 1
                }
            }
            return end > index ? end : nil
        }
    }
}
