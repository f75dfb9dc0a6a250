import TerminalUI

/// A box drawn over the rows (help, the list of marks) until the next key.
struct Overlay: Equatable {
    var title: String
    var lines: [String]

    /// Draws the box centred in the viewport, clipping what does not fit and saying so.
    func draw(into buffer: inout CellBuffer, viewport: Int, style: Style) {
        let width = min(buffer.width - 2, max(DisplayWidth.of(title) + 6, (lines.map(DisplayWidth.of).max() ?? 0) + 4))
        let room = max(0, viewport - 2)
        guard width >= 8, room >= 1 else { return }
        var shown = Array(lines.prefix(room))
        if lines.count > room, room > 0 {
            shown[room - 1] = "… \(lines.count - room + 1) more lines"
        }
        let height = shown.count + 2
        let left = (buffer.width - width) / 2
        let top = max(0, (viewport - height) / 2)
        let bar = String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(title) - 2))
        buffer.write("┌ " + title + " " + bar + "┐", style: style, x: left, y: top, limit: left + width)
        for (index, line) in shown.enumerated() {
            let y = top + 1 + index
            buffer.fill(style, x: left, y: y, count: width)
            buffer.write("│ " + line, style: style, x: left, y: y, limit: left + width - 1)
            buffer.write("│", style: style, x: left + width - 1, y: y)
        }
        buffer.write("└" + String(repeating: "─", count: width - 2) + "┘", style: style, x: left, y: top + height - 1)
    }
}

/// The in-app help: every key (from ``KeyMap/table``), the mouse, and the commands.
enum HelpText {
    static var lines: [String] {
        KeyMap.helpLines + [
            "mouse: the wheel scrolls, a click focuses, a click on the scrollbar jumps",
            ":goto ID [top|center|bottom]  :top :bottom :detail N :marks :stats :q",
        ]
    }
}
