import StackEngine
import TerminalUI

// MARK: - Drawing into an area

extension LazyList {
    /// Lays out a frame and draws it in `area` of `buffer`: the area cleared, the rows after the
    /// gutter (in the row's gutter style), pinned rows over the rows they cover (with a `…` for
    /// enclosing containers left out), the selection mark, and the scrollbar in the area's last
    /// column. Nothing is drawn outside `area`, and nothing of what was there before
    /// stays inside it (a buffer can be kept from frame to frame). The area's size should be the one the list was
    /// made or last resized for; a taller area is left blank below the rows.
    /// - Returns: the frame laid out (its rows, content size and changes since the last frame).
    @discardableResult
    public mutating func draw(into buffer: inout CellBuffer, area: Rect) -> StackFrame<Source.Row> {
        let frame = stack.layout()
        report(frame)
        drawnArea = area
        buffer.fill(.plain, area: area)
        guard axis == .vertical else {
            drawAcross(frame, into: &buffer, area: area)
            return frame
        }
        let left = area.x + style.gutterWidth
        let right = area.right - (style.showsScrollbar ? 1 : 0)
        let selectionMark = CellText.cells(String(style.selectionMark), style: style.selection)
        let setMark = CellText.cells(String(style.setMark), style: style.selection)
        for placed in frame.rows {
            let selected = placed.index == selection
            // (Ids are asked only while a set is selected.)
            let inSet = !selectedIDs.isEmpty && selectedIDs.contains(stack.source.rowID(at: placed.index))
            // (Pinned rows have no transition: they stay where they are.)
            let effect = placed.isPinned ? ScrollTransitionEffect() : observers.transition.map { transition in
                transition(ScrollTransitionPhase(value: LazyStack<Source>.transitionPhase(of: placed, in: frame)))
            } ?? ScrollTransitionEffect()
            let effectMark = effect.mark.map { CellText.cells(String($0), style: style.selection) }
            for (line, cells) in placed.row.lines.enumerated() {
                let y = area.y + placed.origin + line
                guard placed.origin + line < area.height, y >= area.y else { continue }
                if placed.isPinned { buffer.fill(.plain, x: area.x, y: y, count: right - area.x) }
                let gutter = placed.row.gutterStyle
                if gutter != .plain { buffer.fill(gutter, x: area.x, y: y, count: min(style.gutterWidth, right - area.x)) }
                buffer.write(cells, x: left + effect.indent, y: y, limit: right, start: left)
                if let overlay = effect.style, right > left {
                    buffer.restyle(x: left, y: y, count: right - left) { $0 = $0.overlaid(with: overlay) }
                }
                if selected || inSet, line < placed.row.selectableLines, style.gutterWidth > 0 {
                    buffer.write(selected ? selectionMark : setMark, x: area.x, y: y, limit: left)
                } else if let effectMark, style.gutterWidth > 0 {
                    buffer.write(effectMark, x: area.x, y: y, limit: left)
                }
                if selected, line < placed.row.selectableLines, let bar = style.selectedRow, right > area.x {
                    buffer.restyle(x: area.x, y: y, count: right - area.x) { $0 = $0.overlaid(with: bar) }
                }
            }
        }
        if let line = frame.elidedContainersLine, line < area.height {
            // Enclosing containers left out of the pins (they would cover over a third of the area).
            buffer.fill(.plain, x: area.x, y: area.y + line, count: right - area.x)
            buffer.write("…", style: Style(attributes: .dim), x: left, y: area.y + line, limit: right)
        }
        if style.showsScrollbar, area.width > 0 {
            Scrollbar.draw(
                for: frame, x: area.right - 1, top: area.y, length: min(area.height, frame.viewportExtent),
                track: style.scrollbarTrack, thumbStyle: style.scrollbarThumb, into: &buffer)
        }
        return frame
    }

    /// Lays out a frame without drawing it, for a caller that draws the rows itself (a strip of
    /// cards with borders of its own): the rows placed, as ``draw(into:area:)`` would draw them.
    public mutating func layout() -> StackFrame<Source.Row> {
        let frame = stack.layout()
        report(frame)
        return frame
    }

    /// A horizontal list's frame: each row's lines from the top of the area, below the gutter,
    /// from its column on, cut at the area's sides; a bar over the selected row's columns in the
    /// gutter's last line, and the selected row's look (``ListStyle/selectedRow``) over its
    /// cells. (Pinned rows are a vertical list's: a horizontal one draws none.)
    private func drawAcross(_ frame: StackFrame<Source.Row>, into buffer: inout CellBuffer, area: Rect) {
        let top = area.y + style.gutterWidth
        for placed in frame.rows {
            let x = area.x + placed.origin
            let selected = placed.index == selection
            let start = max(x, area.x)
            let end = min(x + placed.row.extent, area.right)
            for (line, cells) in placed.row.lines.enumerated() where top + line < area.bottom {
                buffer.write(cells, x: x, y: top + line, limit: area.right, start: area.x)
                if selected, let look = style.selectedRow, start < end {
                    buffer.restyle(x: start, y: top + line, count: end - start) { $0 = $0.overlaid(with: look) }
                }
            }
            guard selected, style.gutterWidth > 0, start < end else { continue }
            buffer.write(String(repeating: "━", count: end - start), style: style.selection, x: start, y: top - 1)
        }
    }
}
