import TerminalUI

/// A row of text for a ``LazyList``: wrapped to the width the list builds rows at, in one style;
/// a row that fills its width (a section header) has its style's background across the whole
/// row, gutter included. Text from anywhere is safe: control characters are drawn inert.
///
/// ```swift
/// func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
///     isHeader(index)
///         ? TextRow(hours[index], style: Style(foreground: .black, background: .cyan), width: crossExtent, fillsWidth: true)
///         : TextRow(lines[index], width: crossExtent)   // wraps: a row as tall as its text
/// }
/// ```
public struct TextRow: ListRow, Sendable {
    /// The wrapped lines, each at most the width asked.
    public var lines: [[Cell]]
    /// The gutter's style: the row's own when it fills its width, else plain.
    public var gutterStyle: Style

    /// `text` in `style`, `width` columns wide: wrapped at spaces (a word longer than a line is
    /// broken between characters) and at newlines, or — with `wraps` false — its first line cut
    /// to the width. With `fillsWidth`, each line is padded to the width in `style` and the
    /// gutter takes the style too.
    public init(_ text: String, style: Style = .plain, width: Int, wraps: Bool = true, fillsWidth: Bool = false) {
        self.init([(text, style)], width: width, wraps: wraps, fillsWidth: fillsWidth, fill: style)
    }

    /// Text in several styles (`[("12:00:01 ", time), ("ERROR ", error), (message, .plain)]`),
    /// wrapped or cut as one; with `fillsWidth`, padded in `fill`, which the gutter takes too.
    public init(
        _ spans: [(text: String, style: Style)], width: Int, wraps: Bool = true, fillsWidth: Bool = false,
        fill: Style = .plain
    ) {
        let width = max(1, width)
        let style = fill
        var lines = wraps
            ? TextWrapping.wrap(spans, width: width)
            : [Self.firstLine(of: spans, cutTo: width)]
        if fillsWidth {
            lines = lines.map { line in
                let used = line.reduce(0) { $0 + Int($1.width) }
                return line + CellText.cells(String(repeating: " ", count: max(0, width - used)), style: style)
            }
        }
        self.lines = lines.isEmpty ? [[]] : lines
        gutterStyle = fillsWidth ? style : .plain
    }

    /// The first line of the spans, at most `width` columns: its last column `…` when cut (a
    /// wide character that would straddle the cut goes whole).
    private static func firstLine(of spans: [(text: String, style: Style)], cutTo width: Int) -> [Cell] {
        var cells: [Cell] = []
        for span in spans {
            var first = span.text.utf8.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
            // (A line ending in CR LF: its CR goes, as wrapping drops it.)
            let ended = first.count > 1
            if first.first?.last == 0x0D { first[0] = first[0].dropLast() }
            cells += CellText.cells(first.first.map { String(Substring($0)) } ?? "", style: span.style)
            if ended { break }
        }
        guard cells.reduce(0, { $0 + Int($1.width) }) > width else { return cells }
        // Cells up to the last that ends within width - 1 columns (a continuation goes with its
        // wide character).
        var end = 0
        var used = 0
        while end < cells.count, used + Int(cells[end].width) <= width - 1 {
            used += Int(cells[end].width)
            end += 1
        }
        while end < cells.count, cells[end].isContinuation { end += 1 }
        return Array(cells[..<end]) + CellText.cells("…", style: end > 0 ? cells[end - 1].style : .plain)
    }
}
