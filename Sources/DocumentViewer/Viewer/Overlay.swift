import Widgets
import TerminalUI

/// A box drawn over the rows (help, the list of marks) until the next key. When its lines do not
/// fit, the keys that move through the rows scroll it (as less's help); any other key closes it.
struct Overlay: Equatable {
    var title: String
    var lines: [String]
    /// The first line shown.
    private(set) var offset = 0

    init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    /// Scrolls the box for `action` — bound to its keys in ``ViewerKeys/table``, the only place
    /// keys are bound — when its lines do not fit in `viewport` lines and the action moves
    /// (an item or a line, half a page or a page, the top or the bottom).
    /// - Returns: whether the action was used (else the key closes the box).
    mutating func scroll(for action: ViewerAction, viewport: Int) -> Bool {
        let room = Self.room(viewport)
        let last = max(0, lines.count - room)
        guard last > 0 else { return false }
        let page = PageLines(viewport: room)
        switch action {
        case .nextItem: offset += 1
        case .previousItem: offset -= 1
        case .scrollLines(let lines): offset += lines
        case .halfPageDown: offset += page.half
        case .halfPageUp: offset -= page.half
        case .pageDown: offset += page.full
        case .pageUp: offset -= page.full
        case .top: offset = 0
        case .bottom: offset = last
        default: return false
        }
        offset = min(max(0, offset), last)
        return true
    }

    /// Lines of the box's inside in a viewport of `viewport` lines.
    private static func room(_ viewport: Int) -> Int { max(0, viewport - 2) }

    /// Draws the box centred in the viewport: the lines from `offset` that fit, and where lines
    /// are hidden above or below, a line saying how many and how to see them.
    func draw(into buffer: inout CellBuffer, viewport: Int, style: Style) {
        let width = min(buffer.width - 2, max(DisplayWidth.of(title) + 6, (lines.map(DisplayWidth.of).max() ?? 0) + 4))
        let room = Self.room(viewport)
        guard width >= 8, room >= 1 else { return }
        let offset = min(self.offset, max(0, lines.count - room))
        var shown = Array(lines[offset...].prefix(room))
        let below = lines.count - offset - shown.count
        if below > 0 { shown[shown.count - 1] = "… \(below + 1) more lines (j, Space: scroll)" }
        if offset > 0, shown.count > 1 { shown[0] = "… \(offset + 1) lines above (k, b: scroll)" }
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
