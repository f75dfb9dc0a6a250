import StackEngine
import TerminalUI

/// A scrollbar down one column: a thumb sized and placed from the content size, drawn dim while
/// that size is only estimated (and bold once it is exact) — the list says which it knows.
public enum Scrollbar {
    /// The thumb's first line and its length in a bar `length` lines long, or nil when everything
    /// fits. The thumb touches an end only when the view is at that end.
    public static func thumb(
        offset: Int, contentSize: ContentSize, length: Int, atTop: Bool, atBottom: Bool
    ) -> (start: Int, length: Int)? {
        let total = contentSize.total
        guard length > 0, total > length, !(atTop && atBottom) else { return nil }
        let thumbLength = min(length, max(1, length * length / total))
        let room = length - thumbLength
        if atTop { return (0, thumbLength) }
        if atBottom { return (room, thumbLength) }
        let start = offset * room / max(1, total - length)
        return (min(max(1, start), max(0, room - 1)), thumbLength)
    }

    /// Draws the bar of `frame` in column `x`, lines `top ..< top + length`: `┃` on the thumb,
    /// `│` on the track, the thumb dim while the content's height is estimated; nothing when
    /// everything fits.
    public static func draw<Row>(
        for frame: StackFrame<Row>, x: Int, top: Int = 0, length: Int, track: Style, thumbStyle: Style,
        into buffer: inout CellBuffer
    ) {
        let thumb = thumb(
            offset: frame.scrollOffset, contentSize: frame.contentSize, length: length,
            atTop: frame.isAtTop, atBottom: frame.isAtBottom)
        guard let thumb else { return }
        let isExact = frame.contentSize.isExact
        var onThumbStyle = thumbStyle
        if !isExact { onThumbStyle.attributes = .dim }
        let thumbCells = CellText.cells("┃", style: onThumbStyle)
        let trackCells = CellText.cells("│", style: track)
        for line in 0..<length {
            let onThumb = line >= thumb.start && line < thumb.start + thumb.length
            buffer.write(onThumb ? thumbCells : trackCells, x: x, y: top + line)
        }
    }
}
