import StackEngine
import TerminalUI

// MARK: - Drawing into an area

extension LazyList {
    /// Lays out a frame and draws it in `area` of `buffer`: the rows after the gutter, pinned
    /// rows over the rows they cover, the selection mark, and the scrollbar in the area's last
    /// column. Nothing is drawn outside `area`. The area's size should be the one the list was
    /// made or last resized for; a taller area is left blank below the rows.
    /// - Returns: the frame laid out (its rows, content size and changes since the last frame).
    @discardableResult
    public mutating func draw(into buffer: inout CellBuffer, area: Rect) -> StackFrame<Source.Row> {
        let frame = stack.layout()
        let left = area.x + style.gutterWidth
        let right = area.right - (style.showsScrollbar ? 1 : 0)
        for placed in frame.rows {
            let selected = placed.index == selection
            for (line, cells) in placed.row.lines.enumerated() {
                let y = area.y + placed.origin + line
                guard placed.origin + line < area.height, y >= area.y else { continue }
                if placed.isPinned { buffer.fill(.plain, x: area.x, y: y, count: right - area.x) }
                buffer.write(cells, x: left, y: y, limit: right, start: left)
                if selected, line < placed.row.selectableLines, style.gutterWidth > 0 {
                    buffer.write(String(style.selectionMark), style: style.selection, x: area.x, y: y, limit: left)
                }
            }
        }
        if style.showsScrollbar, area.width > 0 { drawScrollbar(for: frame, area: area, into: &buffer) }
        return frame
    }

    private func drawScrollbar(for frame: StackFrame<Source.Row>, area: Rect, into buffer: inout CellBuffer) {
        let flowing = frame.rows.filter { !$0.isPinned }
        let atTop = stack.anchor == ScrollAnchor(row: 0, offset: 0)
        let atBottom = flowing.last.map {
            $0.index == stack.rowCount - 1 && $0.origin + $0.row.extent <= frame.viewportExtent
        } ?? true
        let length = min(area.height, frame.viewportExtent)
        let thumb = Scrollbar.thumb(
            offset: frame.scrollOffset, contentSize: frame.contentSize, length: length, atTop: atTop, atBottom: atBottom)
        Scrollbar.draw(
            thumb, isExact: frame.contentSize.isExact, x: area.right - 1, top: area.y, length: length,
            track: style.scrollbarTrack, thumbStyle: style.scrollbarThumb, into: &buffer)
    }
}
