import StackEngine
import TerminalUI

/// The last screen line: the focused id first (so it survives a narrow terminal), the file's
/// base name, then at the right the position and how far down the view is.
struct StatusLine {
    var focusedID: String?
    var fileName: String
    /// 1-based position of the focused item among all items, and their count.
    var position: (item: Int, count: Int)?
    /// `Top`, `Bot`, `All` or `42%`.
    var progress: String

    /// The progress of a frame: `All` when everything shows, `Top`/`Bot` at the ends, else the
    /// share of the rows down to the viewport's bottom. Counted in rows, not lines, it is exact
    /// even while the content's height is only estimated, and it does not drift as rows are
    /// measured: a page down and up shows the same status.
    static func progress(lastVisibleRow: Int, rowCount: Int, atTop: Bool, atBottom: Bool) -> String {
        switch (atTop, atBottom) {
        case (true, true): return "All"
        case (true, false): return "Top"
        case (false, true): return "Bot"
        case (false, false):
            let percent = min(99, max(1, (lastVisibleRow + 1) * 100 / max(1, rowCount)))
            return "\(percent)%"
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
