@testable import DocumentViewer
import TerminalUI
import Testing

/// Snapshots that see style, not only text (ratatui's style-aware buffer assertions): each cell
/// as one character naming the theme style it is drawn in, next to the text it belongs with.
/// They guard what text snapshots cannot: the focus gutter, marks, search highlights, the
/// scrollbar dim while the height is estimated and bold once it is exact.
@Suite struct StyleSnapshotTests {
    /// A character per theme style; `.` for plain cells, `?` for a style not in the legend.
    /// Some styles are equal (the dim thumb is the subtitle's dim cyan), so the last column —
    /// the scrollbar — is read with a legend of its own.
    static let legend: [(Style, Character)] = {
        let theme = Theme.color
        return [
            (theme.focus, "F"), (theme.mark, "M"), (theme.match, "H"), (theme.title, "t"), (theme.subtitle, "s"),
            (theme.art, "a"), (theme.header, "h"), (theme.footer, "f"), (theme.cardBorder, "c"),
            (theme.status, "="), (theme.overlay, "o"), (.plain, "."),
        ]
    }()

    static let scrollbarLegend: [(Style, Character)] = {
        let theme = Theme.color
        var dimThumb = theme.scrollbarThumb
        dimThumb.attributes = .dim
        return [(theme.scrollbarThumb, "#"), (dimThumb, ":"), (theme.scrollbarTrack, "|"), (.plain, ".")]
    }()

    /// The style map of a screen: one line of legend characters per screen line.
    static func styleMap(_ buffer: CellBuffer) -> [String] {
        (0..<buffer.height).map { y in
            String((0..<buffer.width).map { x in
                let style = buffer[x, y].style
                let names = x == buffer.width - 1 && y < buffer.height - 1 ? scrollbarLegend : legend
                return names.first { $0.0 == style }?.1 ?? "?"
            })
        }
    }

    /// The screen after `keys`, its text and its style map interleaved line by line.
    static func snapshot(keys: String, size: TerminalSize = TerminalSize(width: 60, height: 14)) -> [String] {
        let screen = Harness.frames(size: size, keys: keys).last ?? CellBuffer(width: 0, height: 0)
        let text = screen.textLines()
        return zip(text, styleMap(screen)).flatMap { ["  " + $0.0, "  " + $0.1] }
    }

    @Test(arguments: [
        ("styles-first-screen", ""),
        ("styles-focus-and-mark", "jjm"),
        ("styles-search-highlight", "/crane<Enter>"),
        ("styles-exact-height", "G"),
    ])
    func theScreenInStyle(name: String, keys: String) {
        Harness.assertSnapshot(Self.snapshot(keys: keys), named: name)
    }

    @Test func theFocusMarkIsInTheFocusStyleOnTheFocusedItemOnly() {
        let screen = Harness.frames(size: TerminalSize(width: 60, height: 14), keys: "j").last!
        let gutter = (0..<13).map { screen[0, $0] }
        let focused = gutter.filter { $0.character == "▌" }
        #expect(!focused.isEmpty)
        #expect(focused.allSatisfy { $0.style == Theme.color.focus })
        // Only the focused item's lines carry it: one run of lines, the item `j` focused.
        let marked = (0..<13).filter { screen[0, $0].character == "▌" }
        #expect(marked == Array((marked.first ?? 0)...(marked.last ?? 0)), "one run of lines: \(marked)")
        #expect(screen.textLines()[marked.first ?? 0].contains("2. "), "the second step is focused")
        #expect(gutter.filter { $0.style == Theme.color.focus }.count == focused.count)
        #expect(Self.styleMap(screen).allSatisfy { !$0.contains("?") }, "every style is the theme's")
    }
}
