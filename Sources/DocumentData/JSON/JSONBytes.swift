import Platform

/// Walking JSON text by its bytes without decoding it: over blanks, past a string, past a
/// whole value (a container's brackets matched, strings in it skipped). What a member lookup in
/// a record's bytes and a container's one-line preview skip by.
public enum JSONBytes {
    /// The order of two texts by their bytes (UTF-8's order of code points): -1, 0 or 1; a
    /// text before another it begins.
    static func order(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        // (memcmp: a long prefix two texts share is compared at memory speed.)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        if order != 0 { return order < 0 ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// The index after the blanks from `index` on.
    public static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
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
    public static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
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
    public static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
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
