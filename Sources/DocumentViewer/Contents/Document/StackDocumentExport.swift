import DocumentData
import TerminalUI

/// The document as plain text, for `tstack browse FILE | …` (when standard output is not a
/// terminal, tstack prints the document and exits, as `less` does). A batch of rows a step.
struct StackDocumentExport: ExportWriting {
    private let document: StackDocument
    private let rows: DocumentRows
    private let width: Int
    private var row = 0

    /// Rows a step.
    private static let batch = 1024

    /// The export of `document` laid out at `width` columns (at least 20): headers, items,
    /// footers, and the cards of horizontal sections side by side in bands.
    init(_ document: StackDocument, width: Int) {
        self.document = document
        self.width = max(20, width)
        rows = DocumentRows(document: document, theme: .monochrome)
    }

    var fraction: Double { Double(row) / Double(max(1, rows.rowCount)) }

    /// Writes a batch of rows. An item that could not be read from the file (a document read
    /// lazily finds them only as it writes them) is a row saying why, noted in `sink`: the
    /// export is then not the document, and the caller says so.
    /// - Complexity: O(rows written); lines are emitted as they are made, so memory stays O(width).
    mutating func write(to sink: ExportSink) -> Bool {
        let rowWidth = width - Self.gutterWidth - 1
        let end = min(rows.rowCount, row + Self.batch)
        for index in row..<end {
            let entry = rows.entry(at: index)
            if entry.role == .cards, let strip = rows.strip(forSection: Int(entry.section)) {
                for item in strip.items { if let problem = item.problem { sink.note(problem) } }
                Self.writeCards(strip, width: width, emit: sink.emit)
                continue
            }
            let line: RenderedRow
            if entry.role == .item {
                // Read once: its problem noted, its row built from it (a lazily read item is a
                // lookup and a copy).
                let item = document.sections[Int(entry.section)].items[Int(entry.item)]
                if let problem = item.problem { sink.note(problem) }
                line = rows.builder.item(item, width: rowWidth)
            } else {
                line = rows.resolveRow(at: index, crossExtent: rowWidth)
            }
            var buffer = CellBuffer(width: width, height: line.lines.count)
            for (y, text) in line.lines.enumerated() { buffer.write(text, x: Self.gutterWidth, y: y) }
            buffer.textLines().forEach(sink.emit)
        }
        row = end
        return end < rows.rowCount
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
