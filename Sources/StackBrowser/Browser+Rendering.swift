import StackEngine
import TerminalUI

// MARK: - Frames

extension Browser {
    /// Lays out and draws the whole screen: the rows, the strips of cards and the status line.
    /// - Complexity: O(screen): only the rows on screen are built and drawn.
    public mutating func render() -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        let frame = stack.layout()
        let renderer = FrameRenderer(theme: theme, viewport: viewportHeight)
        for placed in frame.rows {
            renderer.draw(placed, focused: placed.index == focus, into: &buffer)
            let entry = rows.entry(at: placed.index)
            guard entry.role == .cards, var strip = strip(forSection: Int(entry.section)) else { continue }
            let section = Int(entry.section)
            let cards = strip.layout()
            strips[section] = strip
            renderer.drawCards(
                cards, origin: placed.origin, left: RowBuilder.gutterWidth,
                right: size.width - RowBuilder.rightMargin,
                focusedCard: placed.index == focus ? cardFocus[section] ?? 0 : nil, into: &buffer)
        }
        if size.height > 0 { drawBottomLine(for: frame, into: &buffer) }
        return buffer
    }

    /// The last line: the command line while it is open, a message after a command, else the
    /// status line.
    private func drawBottomLine(for frame: StackFrame<RenderedRow>, into buffer: inout CellBuffer) {
        let y = size.height - 1
        if let prompt {
            buffer.fill(.plain, y: y)
            let end = buffer.write(":" + prompt.text, x: 0, y: y)
            buffer.write(" ", style: Style(attributes: .reverse), x: min(end, size.width - 1), y: y)
        } else if let message {
            buffer.fill(theme.status, y: y)
            buffer.write(" " + message, style: theme.status, x: 0, y: y)
        } else {
            status(for: frame).draw(into: &buffer, y: y, style: theme.status)
        }
    }

    private func status(for frame: StackFrame<RenderedRow>) -> StatusLine {
        let flowing = frame.rows.filter { !$0.isPinned }
        let atTop = stack.anchor == ScrollAnchor(row: 0, offset: 0)
        let atBottom = flowing.last.map {
            $0.index == stack.rowCount - 1 && $0.origin + $0.row.extent <= frame.viewportExtent
        } ?? true
        var position: (Int, Int)?
        if let focus {
            let entry = rows.entry(at: focus)
            let card = entry.role == .cards ? cardFocus[Int(entry.section)] ?? 0 : 0
            position = (Int(entry.ordinal) + card + 1, rows.itemCount)
        }
        return StatusLine(
            focusedID: focusedID, fileName: fileName, position: position,
            progress: StatusLine.progress(
                lastVisibleRow: flowing.last?.index ?? 0, rowCount: stack.rowCount,
                atTop: atTop, atBottom: atBottom))
    }
}
