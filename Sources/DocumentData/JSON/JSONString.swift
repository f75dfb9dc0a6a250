/// Text written as JSON writes a string: what paths, rows and exports show of a key or a value.
/// Every character that could act on a terminal or end a line is escaped, so the result is one
/// line of printable text.
public enum JSONString {
    /// `text` as a JSON string literal, quotes included.
    public static func literal(_ text: String) -> String {
        "\"" + escaped(text, quotes: true) + "\""
    }

    /// `text` with JSON's escapes: `\n` `\t` `\r`, every other control character, DEL, the C1
    /// controls and U+2028/2029 as `\uXXXX`; a quote and a backslash too with `quotes` (a key
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
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
