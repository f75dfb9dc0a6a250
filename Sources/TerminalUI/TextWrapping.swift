/// Greedy word wrapping of cells by display width: wide characters take two columns and are
/// never split, control characters are drawn inert (`CellText`).
public enum TextWrapping {
    /// Wraps `text` in `style` to lines at most `width` columns wide, breaking at spaces and,
    /// for words longer than a line, between characters. Newlines in `text` start new lines.
    public static func wrap(_ text: String, style: Style, width: Int) -> [[Cell]] {
        let width = max(1, width)
        var lines: [[Cell]] = []
        // Split on the byte, not the character: finding characters is slow on long grapheme
        // clusters, and "\r\n" is one character that holds a line feed (its "\r" goes too).
        for paragraph in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = String(Substring(paragraph.last == 0x0D ? paragraph.dropLast() : paragraph))
            lines.append(contentsOf: wrapParagraph(CellText.cells(line, style: style), width: width))
        }
        return lines
    }

    /// Spaces inside a line are kept as they are (a column layout, an indent); a space that would
    /// not fit on the line goes with the break (one may stay at its end, drawing nothing).
    private static func wrapParagraph(_ cells: [Cell], width: Int) -> [[Cell]] {
        var lines: [[Cell]] = []
        var line: [Cell] = []
        var lineWidth = 0
        // Whether a word was placed on the line (an empty one too: it stands for a space).
        var started = false
        var space = Style.plain
        for word in words(in: cells) {
            let wordWidth = word.reduce(0) { $0 + Int($1.width) }
            // A space that would not fit goes with the break.
            if word.isEmpty, started, lineWidth + 1 > width { continue }
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = []
                lineWidth = 0
                started = false
            }
            if started {
                line.append(Cell(" ", style: word.first?.style ?? space))
                lineWidth += 1
            }
            started = true
            if let first = word.first { space = first.style }
            if wordWidth <= width - lineWidth {
                line.append(contentsOf: word)
                lineWidth += wordWidth
                continue
            }
            for cell in word where !cell.isContinuation {
                let cellWidth = Int(cell.width)
                if lineWidth + cellWidth > width {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
                line.append(cell)
                if cellWidth == 2 { line.append(Cell(" ", width: 0, style: cell.style)) }
                lineWidth += cellWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// The words between single spaces: two spaces in a row make an empty word between them.
    private static func words(in cells: [Cell]) -> [ArraySlice<Cell>] {
        cells.split(omittingEmptySubsequences: false, whereSeparator: { $0.character == " " && $0.width == 1 })
    }
}
