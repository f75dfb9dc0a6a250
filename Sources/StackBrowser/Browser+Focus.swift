import StackEngine

// MARK: - Focus, paging and cards

extension Browser {
    /// Lines a page scrolls: the viewport less one, so with a one-line pinned header nothing is
    /// skipped, and without one a line of context stays.
    var pageLines: Int { max(1, viewportHeight - 1) }

    /// The first focusable row at or after `start` (`forward`) or at or before it.
    func focusable(from start: Int, forward: Bool) -> Int? {
        var row = start
        while row >= 0, row < rows.rowCount {
            if rows.isFocusable(row) { return row }
            row += forward ? 1 : -1
        }
        return nil
    }

    /// Moves the focus to the next or previous item and scrolls as little as needed to show it.
    mutating func moveFocus(forward: Bool) {
        guard let focus else { return }
        guard let next = focusable(from: focus + (forward ? 1 : -1), forward: forward) else {
            // At the first or last item: show the list's edge (its first header or last footer).
            if forward { stack.scrollToBottom() } else { stack.scrollToTop() }
            return
        }
        self.focus = next
        stack.reveal(row: next)
    }

    /// Scrolls by `lines` keeping the focus on the same viewport line, so a page down followed by
    /// a page up gives back the same screen and the same focus.
    mutating func page(by lines: Int, focusLine: Int?) {
        let line = focusLine ?? currentFocusLine()
        stack.scroll(by: lines)
        if let row = focusableRow(coveringLine: line) { focus = row }
        pagingLine = line
    }

    /// The viewport line the focused row starts on, kept inside the visible area.
    mutating func currentFocusLine() -> Int {
        let placed = placements()
        var top = 0
        if let first = placed.first { top = stack.leadingInset(for: first.index) }
        guard let focus, let row = placed.first(where: { $0.index == focus }) else { return top }
        return min(max(row.origin, top), max(top, viewportHeight - 1))
    }

    /// The focusable row covering viewport line `line`, or the nearest focusable row on screen.
    /// A row whose marked lines end above `line` (the line is its trailing blank) does not count.
    mutating func focusableRow(coveringLine line: Int) -> Int? {
        let placed = placements()
        guard var hit = placed.lastIndex(where: { $0.origin <= line }) else { return nil }
        let covering = placed[hit]
        if line >= covering.origin + stack.resolve(covering.index).markedLines, hit + 1 < placed.count {
            hit += 1
        }
        if let after = placed[hit...].first(where: { rows.isFocusable($0.index) }) { return after.index }
        return placed[...hit].last(where: { rows.isFocusable($0.index) })?.index
    }

    /// Moves the focus onto the screen when scrolling left it behind: to the first item shown
    /// when the view moved down (`preferLeading`), else to the last.
    mutating func keepFocusVisible(preferLeading: Bool) {
        guard let focus, !isVisible(focus) else { return }
        let placed = placements()
        var shown: [Int] = []
        for row in placed where rows.isFocusable(row.index) && isVisible(row.index, among: placed) {
            shown.append(row.index)
        }
        guard let pick = preferLeading ? shown.first : shown.last else { return }
        self.focus = pick
    }

    /// A click: on the scrollbar it jumps there; on an item it focuses it (on a card, the card).
    mutating func click(x: Int, y: Int) {
        guard y >= 0, y < viewportHeight else { return }
        if x == size.width - 1 {
            stack.scroll(toFraction: viewportHeight > 1 ? Double(y) / Double(viewportHeight - 1) : 0)
            keepFocusVisible(preferLeading: true)
            if let focus, !isVisible(focus) { self.focus = placements().first { rows.isFocusable($0.index) }?.index }
            return
        }
        guard let hit = placements().last(where: { $0.origin <= y }), rows.isFocusable(hit.index) else { return }
        focus = hit.index
        let entry = rows.entry(at: hit.index)
        guard entry.role == .cards, var strip = strip(forSection: Int(entry.section)) else { return }
        let column = x - RowBuilder.gutterWidth
        if let card = strip.layout().rows.last(where: { $0.origin <= column }) {
            cardFocus[Int(entry.section)] = card.index
            strip.reveal(row: card.index)
            strips[Int(entry.section)] = strip
        }
    }

    /// Whether a marked line of `row` (one that would show the focus mark) is on screen below
    /// the pinned header.
    mutating func isVisible(_ row: Int) -> Bool {
        isVisible(row, among: placements())
    }

    /// ``isVisible(_:)`` given the rows on screen, so a caller checking many rows places them once.
    private mutating func isVisible(_ row: Int, among placed: [RowSpan]) -> Bool {
        guard let first = placed.first, let match = placed.first(where: { $0.index == row }) else {
            return false
        }
        let top = stack.leadingInset(for: first.index)
        let marked = stack.resolve(row).markedLines
        return match.origin + marked > top && match.origin < viewportHeight
    }

    /// The flowing rows on screen with their first line and extent: O(viewport).
    mutating func placements() -> [RowSpan] {
        stack.resolveViewport()
        return stack.placement()
    }

    // MARK: Cards

    /// The width of a strip of cards: the screen less the gutter and the right margin.
    var stripWidth: Int { max(1, size.width - RowBuilder.gutterWidth - RowBuilder.rightMargin) }

    /// The horizontal stack of `section`'s cards, created on first use.
    mutating func strip(forSection section: Int) -> LazyStack<CardStrip>? {
        if let strip = strips[section] { return strip }
        guard let cards = rows.strip(forSection: section) else { return nil }
        let options = StackOptions(pinsHeaders: false, initialEstimates: [.item: 20])
        var strip = LazyStack(
            source: cards, crossExtent: cards.cardHeight, viewportExtent: stripWidth, options: options)
        strip.setLogger(stripLogger(forSection: section))
        strips[section] = strip
        return strip
    }

    /// Moves the focused strip's card focus by `delta` cards and scrolls the strip to show it.
    mutating func moveCard(by delta: Int) {
        guard let focus else { return }
        let entry = rows.entry(at: focus)
        guard entry.role == .cards, let cards = rows.strip(forSection: Int(entry.section)),
            cards.rowCount > 0 else { return }
        let section = Int(entry.section)
        let card = min(max(0, (cardFocus[section] ?? 0) + delta), cards.rowCount - 1)
        cardFocus[section] = card
        revealCard(card, inSection: section)
    }

    mutating func revealCard(_ card: Int, inSection section: Int) {
        guard var strip = strip(forSection: section) else { return }
        strip.reveal(row: card)
        strips[section] = strip
    }
}
