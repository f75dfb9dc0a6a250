import DocumentData
import StackEngine
import TerminalUI

/// Draws what the list leaves to the viewer — marks, strips of cards, search matches — into a
/// `CellBuffer`: pure, given the frames the stacks laid out.
struct FrameRenderer {
    let theme: Theme
    /// Lines of the viewport (the screen less the status line).
    let viewport: Int

    /// The mark drawn in the gutter's second column on a marked item's first line.
    static let markSign = "*"

    /// Draws the mark of a marked item at `x`, `y`, when `y` is in the viewport.
    func drawMark(x: Int, y: Int, into buffer: inout CellBuffer) {
        guard y >= 0, y < viewport else { return }
        buffer.write(Self.markSign, style: theme.mark, x: x, y: y)
    }

    /// Restyles every match of `pattern` on the viewport's lines within `columns`: the line's
    /// text is matched with the search's own pattern, so what is highlighted is what matched.
    func highlight(_ pattern: RegexPattern, columns: Range<Int>, into buffer: inout CellBuffer) {
        for y in 0..<min(viewport, buffer.height) {
            var text: [UInt8] = []
            var columnOfByte: [Int] = []
            for x in columns where !buffer[x, y].isContinuation {
                for byte in String(buffer[x, y].character).utf8 {
                    text.append(byte)
                    columnOfByte.append(x)
                }
            }
            let ranges = text.withUnsafeBytes { pattern.matchRanges(in: $0) }
            for range in ranges {
                let first = columnOfByte[range.lowerBound]
                let last = columnOfByte[range.upperBound - 1]
                let end = last + Int(max(1, buffer[last, y].width))
                buffer.restyle(x: first, y: y, count: end - first) { $0 = theme.match }
            }
        }
    }

    /// Draws a strip's cards on the lines starting at `origin`, between `left` and `right`.
    /// Cards cut by an edge are clipped cleanly; the focused card's border is highlighted.
    func drawCards(
        _ frame: StackFrame<Card>, cardCount: Int, origin: Int, left: Int, right: Int, focusedCard: Int?,
        markedCards: Set<Int>, into buffer: inout CellBuffer
    ) {
        for placed in frame.rows {
            let x = left + placed.origin
            let isFocused = placed.index == focusedCard
            for (line, cells) in placed.row.lines.enumerated() {
                let y = origin + line
                guard y >= 0, y < viewport else { continue }
                buffer.write(cells, x: x, y: y, limit: right, start: left)
                if isFocused {
                    highlightBorder(of: placed.row, line: line, x: x, y: y, left: left, right: right, in: &buffer)
                }
                if line == 0, markedCards.contains(placed.index), x + 1 >= left, x + 1 < right {
                    buffer.write(Self.markSign, style: theme.mark, x: x + 1, y: y)
                }
            }
        }
        drawMoreIndicators(frame, cardCount: cardCount, y: origin, left: left, right: right, into: &buffer)
    }

    /// `◀ 3` and `27 ▶` on the strip's top line: how many cards lie wholly or partly hidden
    /// either side.
    private func drawMoreIndicators(
        _ frame: StackFrame<Card>, cardCount: Int, y: Int, left: Int, right: Int, into buffer: inout CellBuffer
    ) {
        guard y >= 0, y < viewport, let first = frame.rows.first, let last = frame.rows.last else { return }
        let before = first.index + (first.origin < 0 ? 1 : 0)
        let cutAtRight = last.origin + last.row.width > right - left
        let after = cardCount - 1 - last.index + (cutAtRight ? 1 : 0)
        if before > 0 { buffer.write(" ◀ \(before) ", style: theme.focus, x: left, y: y, limit: right) }
        if after > 0 {
            let text = " \(after) ▶ "
            buffer.write(text, style: theme.focus, x: max(left, right - DisplayWidth.of(text)), y: y, limit: right)
        }
    }

    private func highlightBorder(
        of card: Card, line: Int, x: Int, y: Int, left: Int, right: Int, in buffer: inout CellBuffer
    ) {
        let focus = theme.focus
        func mark(_ column: Int, _ count: Int) {
            let start = max(column, left)
            let end = min(column + count, right)
            guard start < end else { return }
            buffer.restyle(x: start, y: y, count: end - start) { $0 = focus }
        }
        if line == 0 || line == card.lines.count - 1 {
            mark(x, card.width)
        } else {
            mark(x, 1)
            mark(x + card.width - 1, 1)
        }
    }
}
