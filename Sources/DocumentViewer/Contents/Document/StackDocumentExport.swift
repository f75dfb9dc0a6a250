import DocumentData
import TerminalUI

/// The document as plain text, for `tstack browse FILE | …` (when standard output is not a
/// terminal, tstack prints the document and exits, as `less` does).
public enum StackDocumentExport {
    /// Calls `emit` with each line of `document` laid out at `width` columns: headers, items,
    /// footers, and the cards of horizontal sections side by side in bands.
    /// - Returns: the items that could not be read from the file (a document read lazily finds
    ///   them only as it writes them): each is a row saying why, and a caller that must not
    ///   pass them for the document says so.
    /// - Complexity: O(document); lines are emitted as they are made, so memory stays O(width).
    @discardableResult
    public static func write(_ document: StackDocument, width: Int, emit: (String) -> Void) -> ExportProblems {
        let width = max(20, width)
        let rowWidth = width - gutterWidth - 1
        let rows = DocumentRows(document: document, theme: .monochrome)
        var problems = ExportProblems()
        func note(_ item: StackDocument.Item) {
            guard let problem = item.problem else { return }
            problems.count += 1
            if problems.first == nil { problems.first = problem }
        }
        for index in 0..<rows.rowCount {
            let entry = rows.entry(at: index)
            if entry.role == .cards, let strip = rows.strip(forSection: Int(entry.section)) {
                strip.items.forEach(note)
                writeCards(strip, width: width, emit: emit)
                continue
            }
            let row: RenderedRow
            if entry.role == .item {
                // Read once: its problem noted, its row built from it (a lazily read item is a
                // lookup and a copy).
                let item = document.sections[Int(entry.section)].items[Int(entry.item)]
                note(item)
                row = rows.builder.item(item, width: rowWidth)
            } else {
                row = rows.resolveRow(at: index, crossExtent: rowWidth)
            }
            var buffer = CellBuffer(width: width, height: row.lines.count)
            for (y, line) in row.lines.enumerated() { buffer.write(line, x: gutterWidth, y: y) }
            buffer.textLines().forEach(emit)
        }
        return problems
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
