import StackEngine
import TerminalUI

/// The scrollbar in the screen's last column: a thumb sized and placed from the content size,
/// drawn dim while that size is only estimated (and bold once it is exact).
struct Scrollbar {
    /// The thumb's first line and its length, or nil when everything fits on the screen.
    static func thumb(
        offset: Int, contentSize: ContentSize, viewport: Int, atTop: Bool, atBottom: Bool
    ) -> (start: Int, length: Int)? {
        let total = contentSize.total
        guard viewport > 0, total > viewport, !(atTop && atBottom) else { return nil }
        let length = min(viewport, max(1, viewport * viewport / total))
        let room = viewport - length
        if atTop { return (0, length) }
        if atBottom { return (room, length) }
        let start = offset * room / max(1, total - viewport)
        // Off the ends only when the view is at an end.
        return (min(max(1, start), max(0, room - 1)), length)
    }

    /// Draws the bar in column `x` over lines `0 ..< viewport`.
    static func draw(
        _ thumb: (start: Int, length: Int)?, isExact: Bool, x: Int, viewport: Int, theme: Theme,
        into buffer: inout CellBuffer
    ) {
        guard let thumb else { return }
        var thumbStyle = theme.scrollbarThumb
        if !isExact { thumbStyle.attributes = .dim }
        for y in 0..<viewport {
            let onThumb = y >= thumb.start && y < thumb.start + thumb.length
            buffer.write(onThumb ? "┃" : "│", style: onThumb ? thumbStyle : theme.scrollbarTrack, x: x, y: y)
        }
    }
}
