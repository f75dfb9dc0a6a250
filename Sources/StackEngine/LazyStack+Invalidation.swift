// MARK: - Rows that changed in place, and a position set directly

extension LazyStack {
    /// Says that the rows in `rows` changed (their content, so perhaps their extents) while
    /// their ids and kinds did not: they are dropped and rebuilt when next needed, and their
    /// extents count as guesses until then (the content size is `estimated` meanwhile). The
    /// anchor keeps its row; if that row got shorter, the anchor moves to its last line.
    /// - Complexity: O(rows invalidated + resolved rows).
    public mutating func invalidate(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<rowCount)
        guard !rows.isEmpty else { return }
        let keepsToBottom = keepsToBottom
        for row in rows { forget(row) }
        settleAnchor()
        if keepsToBottom { scrollToBottom() }
    }

    /// Says that the rows with `ids` changed in place (see ``invalidate(rows:)``); ids not in
    /// the source are ignored.
    /// - Complexity: O(ids) lookups through ``StackDataSource/rowIndex(forID:)``, then
    ///   O(rows on a screen) once.
    public mutating func invalidate(ids: some Sequence<String>) {
        let keepsToBottom = keepsToBottom
        for id in ids {
            if let row = source.rowIndex(forID: id) { forget(row) }
        }
        settleAnchor()
        if keepsToBottom { scrollToBottom() }
    }

    /// Whether the stack keeps to its bottom (``StackOptions/defaultScrollAnchor``) and is there
    /// now: asked before a change, which then scrolls to the bottom again.
    var keepsToBottom: Bool {
        mutating get { options.defaultScrollAnchor == .bottom && isAtBottom }
    }

    /// Drops `row`'s resolved form and makes its extent a guess.
    private mutating func forget(_ row: Int) {
        resolved[row] = nil
        index.forgetMeasurement(of: row)
    }

    /// After rows were forgotten: the anchor's row rebuilt (it may have got shorter, then the
    /// anchor moves to its last line), and no blank lines below the last row; a stack that keeps
    /// to its bottom and was there stays there (a last message that grew).
    private mutating func settleAnchor() {
        counters.resolvedNow = resolved.count
        guard rowCount > 0 else { return }
        anchor = ScrollAnchor(row: anchor.row, offset: min(anchor.offset, extent(anchor.row) - 1))
        anchor = clampedToBottom(normalized(anchor))
    }

    /// Puts the anchor at `position` (a row and a line in it), brought inside its row and
    /// above the bottom as any scroll is: to come back to a position saved as a value.
    /// - Complexity: O(rows on a screen).
    public mutating func scroll(to position: ScrollAnchor) {
        guard rowCount > 0 else { return }
        direction = position.row < anchor.row ? .backward : .forward
        anchor = clampedToBottom(normalized(position))
        trimToWindow()
    }
}
