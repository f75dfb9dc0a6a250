import TerminalUI

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

    private static func wrapParagraph(_ cells: [Cell], width: Int) -> [[Cell]] {
        var lines: [[Cell]] = []
        var line: [Cell] = []
        var lineWidth = 0
        for word in words(in: cells) {
            let wordWidth = word.reduce(0) { $0 + Int($1.width) }
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = []
                lineWidth = 0
            }
            if lineWidth > 0 {
                line.append(Cell(" ", style: word[word.startIndex].style))
                lineWidth += 1
            }
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

    private static func words(in cells: [Cell]) -> [ArraySlice<Cell>] {
        cells.split(whereSeparator: { $0.character == " " && $0.width == 1 })
    }
}
