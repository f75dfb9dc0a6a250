import DocumentData
import TerminalUI

/// The document as plain text, for `tstack browse FILE | …` (when standard output is not a
/// terminal, tstack prints the document and exits, as `less` does).
public enum PlainTextExport {
    /// Calls `emit` with each line of `document` laid out at `width` columns: headers, items,
    /// footers, and the cards of horizontal sections side by side in bands.
    /// - Complexity: O(document); lines are emitted as they are made, so memory stays O(width).
    public static func write(_ document: StackDocument, width: Int, emit: (String) -> Void) {
        let width = max(20, width)
        let rowWidth = width - gutterWidth - 1
        let rows = DocumentRows(document: document, theme: .monochrome)
        for index in 0..<rows.rowCount {
            let entry = rows.entry(at: index)
            if entry.role == .cards, let strip = rows.strip(forSection: Int(entry.section)) {
                writeCards(strip, width: width, emit: emit)
                continue
            }
            let row = rows.resolveRow(at: index, crossExtent: rowWidth)
            var buffer = CellBuffer(width: width, height: row.lines.count)
            for (y, line) in row.lines.enumerated() { buffer.write(line, x: gutterWidth, y: y) }
            buffer.textLines().forEach(emit)
        }
    }

    /// Columns left blank at the left, where the viewer has its focus gutter.
    static let gutterWidth = 2

    private static func writeCards(_ strip: CardStrip, width: Int, emit: (String) -> Void) {
        let left = gutterWidth
        var band: [Card] = []
        var used = left
        func flush() {
            guard !band.isEmpty else { return }
            var buffer = CellBuffer(width: width, height: strip.cardHeight)
            var x = left
            for card in band {
                for (y, line) in card.lines.enumerated() { buffer.write(line, x: x, y: y) }
                x += card.extent
            }
            buffer.textLines().forEach(emit)
            emit("")
            band = []
            used = left
        }
        for index in 0..<strip.rowCount {
            let card = strip.resolveRow(at: index, crossExtent: strip.cardHeight)
            if used + card.width > width { flush() }
            band.append(card)
            used += card.extent
        }
        flush()
    }
}
