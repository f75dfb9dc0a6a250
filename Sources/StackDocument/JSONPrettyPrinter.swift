/// Pretty-prints JSON values as indented lines for the generic view: two spaces per level, long
/// arrays and objects collapsed after a few entries with a count of the rest.
enum JSONPrettyPrinter {
    /// Entries of an array or object shown before `… N more`.
    static let shownEntries = 5
    /// Lines printed per value at most (the rest is summarised).
    static let maximumLines = 60

    /// The lines of `value`, starting at `indent`.
    static func lines(of value: JSONValue, indent: Int = 0) -> [String] {
        var lines: [String] = []
        append(value, prefix: "", indent: indent, trailingComma: false, to: &lines)
        if lines.count > maximumLines {
            let hidden = lines.count - maximumLines + 1
            lines = Array(lines.prefix(maximumLines - 1)) + [String(repeating: " ", count: indent) + "… \(hidden) more lines"]
        }
        return lines
    }

    /// One line for a scalar (strings quoted, as JSON), or a summary of a container.
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let lexeme): return lexeme
        case .string(let text): return quoted(text)
        case .array(let elements): return elements.isEmpty ? "[]" : "[… \(elements.count) items]"
        case .object(let members): return members.isEmpty ? "{}" : "{… \(members.count) fields}"
        }
    }

    private static func append(
        _ value: JSONValue, prefix: String, indent: Int, trailingComma: Bool, to lines: inout [String]
    ) {
        let pad = String(repeating: " ", count: indent)
        let comma = trailingComma ? "," : ""
        guard lines.count <= maximumLines else { return }
        switch value {
        case .array(let elements) where !elements.isEmpty:
            lines.append(pad + prefix + "[")
            for (index, element) in elements.prefix(shownEntries).enumerated() {
                let more = index < min(elements.count, shownEntries) - 1 || elements.count > shownEntries
                append(element, prefix: "", indent: indent + 2, trailingComma: more, to: &lines)
            }
            if elements.count > shownEntries {
                lines.append(pad + "  … \(elements.count - shownEntries) more")
            }
            lines.append(pad + "]" + comma)
        case .object(let members) where !members.isEmpty:
            lines.append(pad + prefix + "{")
            for (index, member) in members.prefix(shownEntries * 4).enumerated() {
                let more = index < min(members.count, shownEntries * 4) - 1 || members.count > shownEntries * 4
                append(member.value, prefix: quoted(member.key) + ": ", indent: indent + 2, trailingComma: more, to: &lines)
            }
            if members.count > shownEntries * 4 {
                lines.append(pad + "  … \(members.count - shownEntries * 4) more fields")
            }
            lines.append(pad + "}" + comma)
        default:
            lines.append(pad + prefix + inline(value) + comma)
        }
    }

    static func quoted(_ text: String) -> String {
        // Counted in scalars, not characters: counting characters is slow on text made of
        // long grapheme clusters (a letter and 40,000 accents is one character).
        var result = "\""
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: 200, limitedBy: scalars.endIndex) ?? scalars.endIndex
        for scalar in scalars[..<end] {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + (end < scalars.endIndex ? "…\"" : "\"")
    }
}
