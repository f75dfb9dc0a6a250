import StackEngine
import TerminalUI

/// The last screen line: the focused id first (so it survives a narrow terminal), the file's
/// base name, then at the right the position and how far down the view is.
struct StatusLine {
    var focusedID: String?
    var fileName: String
    /// 1-based position of the focused item among all items, and their count.
    var position: (item: Int, count: Int)?
    /// `Top`, `Bot`, `All`, `42%` or `~42%` (estimated).
    var progress: String

    /// The progress of a frame: `All` when everything shows, `Top`/`Bot` at the ends, else the
    /// percentage of the content above the viewport's bottom, prefixed `~` while it is estimated.
    static func progress(
        scrollOffset: Int, viewport: Int, contentSize: ContentSize, atTop: Bool, atBottom: Bool
    ) -> String {
        switch (atTop, atBottom) {
        case (true, true): return "All"
        case (true, false): return "Top"
        case (false, true): return "Bot"
        case (false, false):
            let total = max(1, contentSize.total)
            let percent = min(99, max(1, (scrollOffset + viewport) * 100 / total))
            return (contentSize.isExact ? "" : "~") + "\(percent)%"
        }
    }

    /// Draws the line on row `y` of `buffer`.
    func draw(into buffer: inout CellBuffer, y: Int, style: Style) {
        buffer.fill(style, y: y)
        var left = " " + (focusedID ?? "(no items)") + "  " + fileName
        var right = progress + " "
        if let position {
            right = "item \(Self.grouped(position.item)) of \(Self.grouped(position.count))  " + right
        }
        let leftWidth = DisplayWidth.of(left)
        let rightWidth = DisplayWidth.of(right)
        if leftWidth + 2 + rightWidth <= buffer.width {
            buffer.write(left, style: style, x: 0, y: y)
            buffer.write(right, style: style, x: buffer.width - rightWidth, y: y)
        } else {
            left += "  " + right
            buffer.write(left, style: style, x: 0, y: y)
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
