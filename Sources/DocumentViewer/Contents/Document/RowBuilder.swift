import DocumentData
import TerminalUI

/// Builds the lines of document rows at a width: the width the list gives its rows, right of
/// its gutter and left of its scrollbar. The last column is kept free of text (a header's bar
/// fills it).
struct RowBuilder: Sendable {
    /// Columns at the right edge kept free of text.
    static let rightMargin = 1
    /// Art lines kept per card; taller art is cut.
    static let maximumCardArt = 12
    /// Characters of a title, subtitle or art line laid out: a line is never wider than this
    /// however long the string (a hostile 100 MB title costs no more than a short one).
    static let maximumLineCharacters = 1_000
    /// Characters of a body laid out; the rest is summarised as `… (N more characters)`.
    static let maximumBodyCharacters = 20_000
    /// Art lines laid out per item.
    static let maximumArtLines = 500

    let theme: Theme

    /// A section header: one bar across the width, the gutter included.
    func header(_ text: String, width: Int) -> RenderedRow {
        var cells = CellText.clipped(line(text + " ", style: theme.header), to: width)
        let used = cells.reduce(0) { $0 + Int($1.width) }
        cells += Array(repeating: Cell.blank(theme.header), count: max(0, width - used))
        return RenderedRow(lines: [cells], gutterStyle: theme.header)
    }

    /// A section footer: one dim line under the section's last item.
    func footer(_ text: String, width: Int) -> RenderedRow {
        let cells = line("── " + text + " ──", style: theme.footer)
        return RenderedRow(lines: [CellText.clipped(cells, to: width - Self.rightMargin)])
    }

    /// An item: bold title, dim subtitle, art as is (clipped), body wrapped at words, and a
    /// blank line after it that does not carry the focus mark.
    func item(_ item: StackDocument.Item, width: Int) -> RenderedRow {
        let limit = max(1, width - Self.rightMargin)
        var lines: [[Cell]] = [CellText.clipped(line(item.title, style: theme.title), to: limit)]
        if let subtitle = item.subtitle, !subtitle.isEmpty {
            lines.append(CellText.clipped(line(subtitle, style: theme.subtitle), to: limit))
        }
        for artLine in item.art.prefix(Self.maximumArtLines) {
            lines.append(CellText.hardClipped(indent + line(artLine, style: theme.art), to: limit))
        }
        if item.art.count > Self.maximumArtLines {
            lines.append(indent + CellText.cells("… (\(item.art.count - Self.maximumArtLines) more lines)", style: theme.footer))
        }
        if let body = bodyText(of: item) { lines += TextWrapping.wrap(body, style: theme.body, width: limit) }
        let marked = lines.count
        lines.append([])
        return RenderedRow(lines: lines, selectableLines: marked)
    }

    /// The lines ``item(_:width:)`` makes of `item`, counted without making them.
    func itemExtent(_ item: StackDocument.Item, width: Int) -> Int {
        let limit = max(1, width - Self.rightMargin)
        let subtitle = item.subtitle.map { $0.isEmpty ? 0 : 1 } ?? 0
        let art = min(item.art.count, Self.maximumArtLines) + (item.art.count > Self.maximumArtLines ? 1 : 0)
        let body = bodyText(of: item).map { TextWrapping.lineCount($0, width: limit) } ?? 0
        return 1 + subtitle + art + body + 1
    }

    /// An item's body as laid out: at most `maximumBodyCharacters` of it, and how many more.
    private func bodyText(of item: StackDocument.Item) -> String? {
        guard let body = item.body, !body.isEmpty else { return nil }
        var (text, more) = CellText.prefix(body, scalars: Self.maximumBodyCharacters)
        if more > 0 { text += " … (\(more) more characters)" }
        return text
    }

    /// A photo card for a horizontal section: a box `height` lines tall around the title,
    /// subtitle and art, as wide as its content within 16…36 columns.
    func card(_ item: StackDocument.Item, height: Int, showsSubtitle: Bool) -> Card {
        let title = line(item.title, style: theme.title)
        let subtitle = line(item.subtitle ?? "", style: theme.subtitle)
        let art = item.art.prefix(Self.maximumCardArt).map { line($0, style: theme.art) }
        let content = ([title, subtitle] + art).map(CellText.width(of:)).max() ?? 0
        let cardWidth = min(36, max(16, content + 4))
        let inner = cardWidth - 4
        var body: [[Cell]] = [CellText.clipped(title, to: inner)]
        if showsSubtitle { body.append(CellText.clipped(subtitle, to: inner)) }
        body += art.map { CellText.hardClipped($0, to: inner) }
        let border = theme.cardBorder
        let horizontal = String(repeating: "─", count: cardWidth - 2)
        var lines: [[Cell]] = [CellText.cells("┌" + horizontal + "┐", style: border)]
        for index in 0..<max(0, height - 2) {
            let text = index < body.count ? body[index] : []
            let padding = Array(repeating: Cell.blank, count: inner - CellText.width(of: text))
            lines.append(
                [Cell("│", style: border), .blank] + text + padding + [.blank, Cell("│", style: border)])
        }
        lines.append(CellText.cells("└" + horizontal + "┘", style: border))
        return Card(lines: lines, width: cardWidth)
    }

    /// The height of every card of a section: the tallest content, so the strip is even.
    static func cardHeight(for items: some Sequence<StackDocument.Item>) -> (height: Int, showsSubtitle: Bool) {
        var art = 0
        var showsSubtitle = false
        for item in items {
            art = max(art, min(item.art.count, maximumCardArt))
            if let subtitle = item.subtitle, !subtitle.isEmpty { showsSubtitle = true }
        }
        return (2 + 1 + (showsSubtitle ? 1 : 0) + art, showsSubtitle)
    }

    // MARK: - Cells

    /// The cells of one line of text, at most `maximumLineCharacters` of it.
    private func line(_ text: String, style: Style) -> [Cell] {
        CellText.cells(CellText.prefix(text, scalars: Self.maximumLineCharacters).text, style: style)
    }
    private var indent: [Cell] { [.blank, .blank] }
}
