import StackEngine

/// The horizontal strips of cards, one per horizontal section, with the card focused in each:
/// kept by section outside the vertical rows, so a strip's position and focus survive its row
/// being evicted. A strip is made when first drawn or used.
struct CardStrips {
    /// The horizontal stacks, by section index.
    private(set) var strips: [Int: LazyStack<CardStrip>] = [:]
    /// The focused card of each strip, by section index (the first when absent).
    private(set) var focused: [Int: Int] = [:]
    /// The width of every strip, in columns.
    private(set) var width: Int
    /// Receives the strips' layout events, each prefixed with its section's id.
    private var log: ((String) -> Void)?

    init(width: Int) {
        self.width = max(1, width)
    }

    /// The focused card of `section`'s strip.
    func focusedCard(inSection section: Int) -> Int { focused[section] ?? 0 }

    /// The strip of `section`, made on first use; nil when the section has no strip.
    mutating func strip(forSection section: Int, in rows: DocumentRows) -> LazyStack<CardStrip>? {
        if let strip = strips[section] { return strip }
        guard let cards = rows.strip(forSection: section) else { return nil }
        let options = StackOptions(pinsHeaders: false, initialEstimates: [.item: 20])
        var strip = LazyStack(source: cards, crossExtent: cards.cardHeight, viewportExtent: width, options: options)
        strip.setLogger(logger(forSection: section, in: rows))
        strips[section] = strip
        return strip
    }

    /// Lays out `section`'s strip for a frame.
    mutating func layout(section: Int, in rows: DocumentRows) -> StackFrame<Card>? {
        guard var strip = strip(forSection: section, in: rows) else { return nil }
        let frame = strip.layout()
        strips[section] = strip
        return frame
    }

    /// Focuses `card` of `section`'s strip and scrolls the strip as little as needed to show it.
    mutating func focus(card: Int, inSection section: Int, in rows: DocumentRows) {
        guard var strip = strip(forSection: section, in: rows), strip.rowCount > 0 else { return }
        let card = min(max(0, card), strip.rowCount - 1)
        focused[section] = card
        strip.reveal(row: card)
        strips[section] = strip
    }

    /// Moves `section`'s card focus by `delta` cards, stopping at the ends.
    mutating func moveFocus(by delta: Int, inSection section: Int, in rows: DocumentRows) {
        focus(card: focusedCard(inSection: section) + delta, inSection: section, in: rows)
    }

    /// Focuses the card under `column` (counted from the strip's left edge), if any.
    mutating func click(column: Int, inSection section: Int, in rows: DocumentRows) {
        guard let frame = layout(section: section, in: rows),
            let card = frame.rows.last(where: { $0.origin <= column }) else { return }
        focus(card: card.index, inSection: section, in: rows)
    }

    /// Follows a new screen width; each strip keeps its focused card in view.
    mutating func resize(width: Int, rows: DocumentRows) {
        self.width = max(1, width)
        for (section, var strip) in strips {
            strip.setViewport(crossExtent: strip.crossExtent, viewportExtent: self.width)
            strips[section] = strip
            if let card = focused[section] { focus(card: card, inSection: section, in: rows) }
        }
    }

    /// Draws the cards anew from `rows` (a new theme).
    mutating func restyle(with rows: DocumentRows) {
        for (section, var strip) in strips {
            guard let cards = rows.strip(forSection: section) else { continue }
            strip.restyle(with: cards)
            strips[section] = strip
        }
    }

    /// Starts over for new rows (another detail level): strips are made again, and each focused
    /// card stays within its strip's new count.
    mutating func reset(for rows: DocumentRows) {
        strips = [:]
        for (section, card) in focused {
            let count = rows.strip(forSection: section)?.rowCount ?? 0
            focused[section] = count > 0 ? min(card, count - 1) : nil
        }
    }

    /// Sends the strips' layout events to `log`, prefixed with their section's id.
    mutating func setLayoutLog(_ log: ((String) -> Void)?, rows: DocumentRows) {
        self.log = log
        for section in strips.keys.sorted() {
            let logger = logger(forSection: section, in: rows)
            strips[section]?.setLogger(logger)
        }
    }

    private func logger(forSection section: Int, in rows: DocumentRows) -> ((LayoutEvent) -> Void)? {
        guard let log else { return nil }
        let name = rows.document.sections[section].id
        return { log(name + ": " + $0.description) }
    }
}
