// MARK: - Marks: kept by id, outside the rows, so they survive scrolling, filtering and resizing

extension Browser {
    /// Marks the focused item or card, or unmarks it.
    mutating func toggleMark() {
        guard let id = focusedID else { return }
        if marks.remove(id) == nil { marks.insert(id) }
    }

    /// The marked ids shown at the current detail level, in document order.
    func marksInDocumentOrder() -> [String] {
        marks.compactMap { id -> (row: Int, card: Int, id: String)? in
            guard let row = rows.rowIndex(forID: id) else { return nil }
            return (row, rows.cardPosition(forID: id) ?? 0, id)
        }
        .sorted { ($0.row, $0.card) < ($1.row, $1.card) }
        .map(\.id)
    }

    /// Focuses the next marked item after the focus, wrapping at the end.
    /// - Returns: what to say when there is none.
    mutating func jumpToNextMark() -> String? {
        let ordered = marksInDocumentOrder()
        guard !ordered.isEmpty else { return marks.isEmpty ? "no marks" : "no marks at detail \(detailLevel)" }
        let here = focusedID.flatMap { ordered.firstIndex(of: $0) }
        let currentRow = focus ?? -1
        let currentCard = focus.flatMap { cardFocus[Int(rows.entry(at: $0).section)] } ?? 0
        let next = here.map { ordered[($0 + 1) % ordered.count] } ?? ordered.first { id in
            let row = rows.rowIndex(forID: id) ?? 0
            return (row, rows.cardPosition(forID: id) ?? 0) > (currentRow, currentCard)
        } ?? ordered[0]
        revealOrScroll(to: next)
        return nil
    }

    /// Lists the marks with their titles.
    mutating func showMarks() {
        let ordered = marksInDocumentOrder()
        let hidden = marks.count - ordered.count
        var lines = ordered.map { id in "\(id)  \(rows.title(forID: id) ?? "")" }
        if hidden > 0 { lines.append("(\(hidden) more hidden at detail \(detailLevel))") }
        if lines.isEmpty { lines = ["No marks: m marks the focused item."] }
        overlay = Overlay(title: "Marks (\(marks.count))", lines: lines)
    }

    /// Focuses `id`, scrolling only if it is not on screen already.
    mutating func revealOrScroll(to id: String) {
        guard let row = rows.rowIndex(forID: id) else { return }
        if isVisible(row) {
            focus = row
            stack.reveal(row: row)
            if let card = rows.cardPosition(forID: id) {
                let section = Int(rows.entry(at: row).section)
                cardFocus[section] = card
                revealCard(card, inSection: section)
            }
        } else {
            scroll(toID: id)
        }
    }
}
