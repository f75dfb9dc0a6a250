import StackEngine
import TerminalUI

/// Draws placed rows into a ``CellBuffer``: pure, given the frames the stacks laid out.
struct FrameRenderer {
    let theme: Theme
    /// Lines of the viewport (the screen less the status line).
    let viewport: Int

    /// The focus mark drawn in the gutter of each marked line of the focused item.
    static let focusMark = "▌"

    /// Draws a row of the vertical stack; pinned rows first clear the lines they cover.
    func draw(_ placed: PlacedRow<RenderedRow>, focused: Bool, into buffer: inout CellBuffer) {
        for (line, cells) in placed.row.lines.enumerated() {
            let y = placed.origin + line
            guard y >= 0, y < viewport else { continue }
            if placed.isPinned { buffer.fill(.plain, y: y) }
            buffer.write(cells, x: 0, y: y)
            if focused, line < placed.row.markedLines {
                buffer.write(Self.focusMark, style: theme.focus, x: 0, y: y)
            }
        }
    }

    /// Draws a strip's cards on the lines starting at `origin`, between `left` and `right`.
    /// Cards cut by an edge are clipped cleanly; the focused card's border is highlighted.
    func drawCards(
        _ frame: StackFrame<Card>, origin: Int, left: Int, right: Int, focusedCard: Int?,
        into buffer: inout CellBuffer
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
            }
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
