/// Greedy word wrapping of cells by display width: wide characters take two columns and are
/// never split, control characters are drawn inert (`CellText`).
public enum TextWrapping {
    /// Wraps `text` in `style` to lines at most `width` columns wide, breaking at spaces and,
    /// for words longer than a line, between characters. Newlines in `text` start new lines.
    public static func wrap(_ text: String, style: Style, width: Int) -> [[Cell]] {
        wrap([(text, style)], width: width)
    }

    /// Wraps text in several styles (a log line's time, level and message), the spans joined
    /// as they come, as ``wrap(_:style:width:)`` does.
    public static func wrap(_ spans: [(text: String, style: Style)], width: Int) -> [[Cell]] {
        let width = max(1, width)
        var lines: [[Cell]] = []
        var paragraph: [Cell] = []
        for (index, span) in spans.enumerated() {
            // Split on the byte, not the character: finding characters is slow on long grapheme
            // clusters, and "\r\n" is one character that holds a line feed (its "\r" goes too).
            let parts = span.text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            for (part, bytes) in parts.enumerated() {
                if part > 0 {
                    lines.append(contentsOf: wrapParagraph(paragraph, width: width))
                    paragraph = []
                }
                let ends = part < parts.count - 1 || index == spans.count - 1
                let text = String(Substring(ends && bytes.last == 0x0D ? bytes.dropLast() : bytes))
                paragraph += CellText.cells(text, style: span.style)
            }
        }
        lines.append(contentsOf: wrapParagraph(paragraph, width: width))
        return lines
    }

    /// The number of lines ``wrap(_:style:width:)`` makes of `text`, counted without making a
    /// cell when every byte of `text` is printable ASCII or a line feed (a column a byte:
    /// what measuring a million rows needs), else by wrapping it.
    public static func lineCount(_ text: String, width: Int) -> Int {
        let width = max(1, width)
        var text = text
        let counted = text.withUTF8 { bytes -> Int? in
            var lines = 0
            var lineWidth = 0
            var started = false
            var wordWidth = 0
            // The word just ended (at a space, a line feed or the end), placed as wrapParagraph
            // places a word of `wordWidth` one-column cells.
            func place() {
                if wordWidth == 0, started, lineWidth + 1 > width { return }
                if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                    lines += 1
                    lineWidth = 0
                    started = false
                }
                if started { lineWidth += 1 }
                started = true
                if wordWidth <= width - lineWidth {
                    lineWidth += wordWidth
                    return
                }
                for _ in 0..<wordWidth {
                    if lineWidth + 1 > width {
                        lines += 1
                        lineWidth = 0
                    }
                    lineWidth += 1
                }
            }
            for byte in bytes {
                switch byte {
                case 0x20:
                    place()
                    wordWidth = 0
                case 0x0A:
                    place()
                    lines += 1
                    (lineWidth, started, wordWidth) = (0, false, 0)
                case 0x21..<0x7F:
                    wordWidth += 1
                default:
                    return nil
                }
            }
            place()
            return lines + 1
        }
        return counted ?? wrap(text, style: .plain, width: width).count
    }

    /// Spaces inside a line are kept as they are (a column layout, an indent); a space that would
    /// not fit on the line goes with the break (one may stay at its end, drawing nothing).
    private static func wrapParagraph(_ cells: [Cell], width: Int) -> [[Cell]] {
        var lines: [[Cell]] = []
        var line: [Cell] = []
        var lineWidth = 0
        // Whether a word was placed on the line (an empty one too: it stands for a space).
        var started = false
        for word in words(in: cells) {
            // The space before the word, in its own style.
            let space = word.startIndex > cells.startIndex ? cells[word.startIndex - 1].style : .plain
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
                line.append(Cell(" ", style: space))
                lineWidth += 1
            }
            started = true
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
                if cellWidth == 2 { line.append(.continuation(cell.style)) }
                lineWidth += cellWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// The words between single spaces: two spaces in a row make an empty word between them.
    private static func words(in cells: [Cell]) -> [ArraySlice<Cell>] {
        cells.split(omittingEmptySubsequences: false, whereSeparator: { $0.holds(" ") && $0.width == 1 })
    }
}
