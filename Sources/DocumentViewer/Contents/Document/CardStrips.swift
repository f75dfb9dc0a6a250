import Widgets
import StackEngine

/// The horizontal strips of cards, one per horizontal section: each a horizontal `LazyList`
/// whose selection is the strip's focused card. Kept by section outside the vertical rows, so a
/// strip's position and focus survive its row being evicted. A strip is made when first drawn
/// or used.
struct CardStrips {
    /// The horizontal lists, by section index.
    private(set) var strips: [Int: LazyList<CardStrip>] = [:]
    /// The width of every strip, in columns.
    private(set) var width: Int
    /// Receives the strips' layout events, each prefixed with its section's id.
    private var log: ((String) -> Void)?

    /// A strip draws no gutter and no scrollbar: its cards draw their own focus, and `◀ 3`, `27 ▶`
    /// say what lies either side.
    private static let style = ListStyle(gutterWidth: 0, showsScrollbar: false)

    init(width: Int) {
        self.width = max(1, width)
    }

    /// The focused card of `section`'s strip (the first until the strip is made).
    func focusedCard(inSection section: Int) -> Int { strips[section]?.selection ?? 0 }

    /// The strip of `section`, made on first use; nil when the section has no strip.
    mutating func strip(forSection section: Int, in rows: DocumentRows) -> LazyList<CardStrip>? {
        if let strip = strips[section] { return strip }
        guard let cards = rows.strip(forSection: section) else { return nil }
        let options = StackOptions(pinsHeaders: false, initialEstimates: [.item: 20])
        var strip = LazyList(
            source: cards, width: width, height: cards.cardHeight, options: options, style: Self.style, axis: .horizontal)
        strip.setLogger(logger(forSection: section, in: rows))
        strips[section] = strip
        return strip
    }

    /// Lays out `section`'s strip for a frame.
    mutating func layout(section: Int, in rows: DocumentRows) -> StackFrame<Card>? {
        change(section, in: rows) { $0.layout() }
    }

    /// Focuses `card` of `section`'s strip (clamped to its cards) and scrolls the strip as
    /// little as needed to show it.
    mutating func focus(card: Int, inSection section: Int, in rows: DocumentRows) {
        change(section, in: rows) { strip in
            guard strip.stack.rowCount > 0 else { return }
            strip.select(row: min(max(0, card), strip.stack.rowCount - 1))
        }
    }

    /// Moves `section`'s card focus by `delta` cards, stopping at the ends.
    mutating func moveFocus(by delta: Int, inSection section: Int, in rows: DocumentRows) {
        focus(card: focusedCard(inSection: section) + delta, inSection: section, in: rows)
    }

    /// Focuses the card under `column` (counted from the strip's left edge), if any.
    mutating func click(column: Int, inSection section: Int, in rows: DocumentRows) {
        change(section, in: rows) { strip in
            // A card cut at the strip's edge comes into view.
            if let card = strip.click(column: column, line: 0) { strip.select(row: card) }
        }
    }

    /// Follows a new screen width; each strip keeps its focused card in view.
    mutating func resize(width: Int) {
        self.width = max(1, width)
        for (section, var strip) in strips {
            strip.resize(width: self.width, height: strip.stack.crossExtent)
            strips[section] = strip
        }
    }

    /// Draws the cards anew from `rows` (a new theme).
    mutating func restyle(with rows: DocumentRows) {
        for section in strips.keys {
            guard let cards = rows.strip(forSection: section) else { continue }
            strips[section]?.restyle(with: cards)
        }
    }

    /// Starts over for new rows (another detail level): each strip made is made again from
    /// them, its focused card kept within the strip's new count.
    mutating func reset(for rows: DocumentRows) {
        let focused = strips.mapValues { $0.selection ?? 0 }
        strips = [:]
        for (section, card) in focused { focus(card: card, inSection: section, in: rows) }
    }

    /// Sends the strips' layout events to `log`, prefixed with their section's id.
    mutating func setLayoutLog(_ log: ((String) -> Void)?, rows: DocumentRows) {
        self.log = log
        for section in strips.keys.sorted() {
            let logger = logger(forSection: section, in: rows)
            strips[section]?.setLogger(logger)
        }
    }

    /// Runs `body` on `section`'s strip (made on first use); nil when the section has none.
    private mutating func change<Result>(
        _ section: Int, in rows: DocumentRows, _ body: (inout LazyList<CardStrip>) -> Result
    ) -> Result? {
        guard var strip = strip(forSection: section, in: rows) else { return nil }
        strips[section] = nil
        defer { strips[section] = strip }
        return body(&strip)
    }

    private func logger(forSection section: Int, in rows: DocumentRows) -> ((LayoutEvent) -> Void)? {
        guard let log else { return nil }
        let name = rows.document.sections[section].id
        return { log(name + ": " + $0.description) }
    }
}
