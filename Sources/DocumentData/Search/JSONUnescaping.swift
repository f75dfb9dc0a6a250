import Platform

/// JSON text with its string escapes decoded in place: `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`
/// and `\uXXXX` (surrogate pairs joined; a lone surrogate or a broken escape becomes U+FFFD).
/// Everything else is copied as it is, so each string's decoded text is a run of the result:
/// what the raw-byte pass of a search matches for an item that has escapes, without parsing it.
enum JSONUnescaping {
    /// `bytes` unescaped into `output` (emptied first, its capacity kept).
    static func unescape(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(bytes.count)
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index < bytes.count {
            // Copy the run up to the next backslash at once.
            let next = memchr(base + index, Int32(UInt8(ascii: "\\")), bytes.count - index)
                .map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? bytes.count
            if next > index { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<next])) }
            index = next
            guard index + 1 < bytes.count else {
                if index < bytes.count { output.append(bytes[index]) }
                return
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(bytes, at: index) else {
                    append(0xFFFD, to: &output)
                    continue
                }
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate: joined with the low one that must follow.
                    if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                        let low = hex4(bytes, at: index + 2), (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00..<0xE000).contains(scalar) {
                    scalar = 0xFFFD
                }
                append(scalar, to: &output)
            default: output.append(escaped)  // `"`, `\`, `/` (and anything else, as it is)
            }
        }
    }

    /// The four hexadecimal digits at `index` (of a `\uXXXX`), or nil.
    static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        output.append(contentsOf: Array(String(character).utf8))
    }
}
