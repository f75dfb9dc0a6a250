/// Text written as JSON writes a string: what paths, rows and exports show of a key or a value.
/// Every character that could act on a terminal or end a line is escaped, so the result is one
/// line of printable text.
public enum JSONString {
    /// `text` as a JSON string literal, quotes included.
    public static func literal(_ text: String) -> String {
        "\"" + escaped(text, quotes: true) + "\""
    }

    /// `text` with JSON's escapes: `\n` `\t` `\r`, every other control character, DEL, the C1
    /// controls, U+2028/2029 and the marks that reorder text (U+061C, U+200E/200F,
    /// U+202A–202E, U+2066–2069) as `\uXXXX`; a quote and a backslash too with `quotes` (a key
    /// shown bare leaves them be).
    public static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: result += "\\\""
            case "\\" where quotes: result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where isEscaped(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether ``escaped(_:quotes:)`` writes `scalar` as `\uXXXX` (or `\n` `\t` `\r`).
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028...0x2029, 0x061C, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
