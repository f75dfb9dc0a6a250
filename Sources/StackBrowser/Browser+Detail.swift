import StackEngine

// MARK: - Detail levels: items above the level are left out of the rows

extension Browser {
    /// Shows items up to `level` (1–3). The focused item stays where it was on the screen; when
    /// it is filtered out, its nearest neighbour that remains takes the focus there.
    /// - Returns: what to say: the level now.
    @discardableResult
    mutating func setDetailLevel(_ level: Int) -> String? {
        let level = min(3, max(1, level))
        let said = "detail \(level)"
        guard level != detailLevel else { return said }
        let line = currentFocusLine()
        let keep = nearestRemainingID(atLevel: level)
        detailLevel = level
        var newStack = LazyStack(
            source: DocumentRows(document: rows.document, detailLevel: level, theme: theme),
            crossExtent: size.width, viewportExtent: viewportHeight, options: stack.options)
        newStack.setLogger(layoutLog.map { log in { log($0.description) } })
        stack = newStack
        strips = [:]
        for (section, card) in cardFocus {
            let count = rows.strip(forSection: section)?.rowCount ?? 0
            cardFocus[section] = count > 0 ? min(card, count - 1) : nil
        }
        focus = focusable(from: 0, forward: true)
        pagingLine = nil
        guard let keep, let row = rows.rowIndex(forID: keep) else { return said }
        focus = row
        if let card = rows.cardPosition(forID: keep) { cardFocus[Int(rows.entry(at: row).section)] = card }
        // Put the item back on the line it was on.
        stack.scroll(toRow: row, alignment: .top)
        stack.scroll(by: stack.leadingInset(for: row) - line)
        if !isVisible(row) { stack.reveal(row: row) }
        return said
    }

    /// The focused item's id if it shows at `level`, else the id of the nearest item (after, then
    /// before, alternating) that does.
    private func nearestRemainingID(atLevel level: Int) -> String? {
        guard let id = focusedID else { return nil }
        let document = rows.document
        // The document's items in order, and where the focused one is among them.
        var flat: [(section: Int, item: Int)] = []
        var start: Int?
        for (s, section) in document.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                if item.id == id { start = flat.count }
                flat.append((s, i))
            }
        }
        guard let start else { return nil }
        for distance in 0..<flat.count {
            for index in [start + distance, start - distance] where flat.indices.contains(index) {
                let (s, i) = flat[index]
                if document.sections[s].items[i].detail <= level { return document.sections[s].items[i].id }
            }
        }
        return nil
    }
}
