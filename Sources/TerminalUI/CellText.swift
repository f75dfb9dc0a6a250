/// Turns document text into cells. Text from a document is data: control characters, escape
/// sequences and bidirectional overrides become visible, inert text (`^[`, `\u202e`) and can
/// never reach the terminal as commands.
public enum CellText {
    /// The cells of `text` in `style`.
    /// - Complexity: O(n) in the number of scalars.
    public static func cells(_ text: String, style: Style = .plain) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(text.utf8.count)
        var cluster = String.UnicodeScalarView()
        var clusterWidth = 0
        func flush() {
            guard clusterWidth > 0 else { return }
            cells.append(Cell(Character(String(cluster)), width: UInt8(clusterWidth), style: style))
            if clusterWidth == 2 { cells.append(Cell(" ", width: 0, style: style)) }
            cluster = String.UnicodeScalarView()
            clusterWidth = 0
        }
        for scalar in text.unicodeScalars {
            if let visible = inertForm(of: scalar) {
                flush()
                for character in visible { cells.append(Cell(character, style: style)) }
                continue
            }
            // Joiners and presentation selectors make terminals and wcwidth disagree: drop them.
            if scalar.value == 0x200D || scalar.value == 0xFE0F || scalar.value == 0xFE0E { continue }
            let width = DisplayWidth.of(scalar)
            if width == 0 {
                // A mark joins the character before it — unless the pair would not be one
                // grapheme cluster (U+200B, U+2064 after a quote): then it is dropped, as it
                // takes no column anyway.
                if clusterWidth > 0 {
                    var joined = cluster
                    joined.append(scalar)
                    if String(joined).count == 1 { cluster = joined }
                }
                continue
            }
            flush()
            cluster.append(scalar)
            clusterWidth = width
        }
        flush()
        return cells
    }

    /// The visible stand-in for a scalar that must not be sent to a terminal, or nil.
    public static func inertForm(of scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x09: return " "
        case 0x00..<0x20: return "^" + String(Character(Unicode.Scalar(UInt8(value) + 0x40)))
        case 0x7F: return "^?"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default: return nil
        }
    }
}
