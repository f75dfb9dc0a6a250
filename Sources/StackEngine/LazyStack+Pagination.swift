// MARK: - Pagination: loading rows and appended pages; restyled rows; rows folded anywhere

extension LazyStack {
    /// Replaces the data source with one holding the same rows (count, ids, kinds, extents) drawn
    /// differently — another theme, say. Resolved rows are dropped and rebuilt when next needed;
    /// measurements and the scroll position stay.
    /// - Complexity: O(resolved rows).
    public mutating func restyle(with newSource: Source) {
        source = newSource
        evict(outside: 0..<0, except: [])
    }

    /// Replaces the rows from `start` on with those of `newSource` from `start` on: typically a
    /// loading row that asked for the next page (see ``FrameChanges/requestedPages``) replaced by
    /// that page's rows and, if more pages follow, a new loading row.
    ///
    /// Rows before `start` keep their measurements and ids, and the anchor keeps its row and line
    /// offset, so a page arriving never moves what is on screen (unless the anchor itself was
    /// replaced; then it stays at the same index, on the first new row).
    /// - Precondition: `newSource` agrees with the current source on the rows before `start`.
    /// - Complexity: O(log n + the new rows' kind runs + resolved rows).
    public mutating func replaceRows(from start: Int, with newSource: Source) {
        replaceRows(from: start) { $0 = newSource }
    }

    /// Like ``replaceRows(from:with:)``, changing the source in place (so a big source is not
    /// copied): `update` must leave the rows before `start` as they were.
    /// - Complexity: O(log n + the new rows' kind runs + resolved rows).
    public mutating func replaceRows(from start: Int, updatingSource update: (inout Source) -> Void) {
        replaceRows(in: start..<rowCount, updatingSource: update)
    }

    /// Replaces the rows in `range` by those `update` puts there, anywhere in the stack: a
    /// container folded (its children's rows removed) or unfolded (added), a page of rows in
    /// place of a loading row. `update` must leave the rows before `range` as they were, and
    /// those after it as they were but for their index, shifted by the change in count.
    ///
    /// Measurements outside the range stay, and so does the view: an anchor row before or after
    /// the range keeps its line offset (after it, its index shifts), so what is on screen does not
    /// move when rows above it fold. An anchor inside the range stays at its index while that is
    /// one of the new rows, else goes to the first row after them.
    /// - Complexity: O(log n + the new rows' kind runs + resolved rows), whatever the number of
    ///   rows removed or added.
    public mutating func replaceRows(in range: Range<Int>, updatingSource update: (inout Source) -> Void) {
        let lower = min(max(0, range.lowerBound), rowCount)
        let upper = min(max(lower, range.upperBound), rowCount)
        replaceRows(after: { source in
            update(&source)
            return lower..<upper
        })
    }

    /// Changes the source in place and replaces the rows from the one `update` returns on (as
    /// ``replaceRows(from:updatingSource:)``), for a source that knows which rows changed only
    /// once it changed: a document read while it shows, which lets go of what it holds before it
    /// grows so that it grows in place.
    /// - Returns: the first row replaced.
    @discardableResult
    public mutating func replaceRows(updatingSourceFrom update: (inout Source) -> Int) -> Int {
        let before = rowCount
        var first = 0
        replaceRows(after: { source in
            first = min(max(0, update(&source)), before)
            return first..<before
        })
        return first
    }

    /// Changes the source with `update`, which returns the old rows it replaced.
    private mutating func replaceRows(after update: (inout Source) -> Range<Int>) {
        let keepsToBottom = keepsToBottom
        defer { if keepsToBottom { scrollToBottom() } }
        let before = rowCount
        let range = update(&source)
        let lower = range.lowerBound
        let upper = range.upperBound
        let kept = before - (upper - lower)
        let added = source.rowCount - kept
        let shift = added - (upper - lower)
        func moved(_ row: Int) -> Int? { row < lower ? row : row >= upper ? row + shift : nil }
        resolved.renumber(moved)
        observed.onScreen = observed.onScreen.compactMap(moved)
        observed.visible = observed.visible.compactMap(moved)
        observed.requestedPages = Set(observed.requestedPages.compactMap(moved))
        index.replaceRows(lower..<upper, with: source.kindRuns(in: lower..<(lower + added)))
        counters.resolvedNow = resolved.count
        guard rowCount > 0 else {
            anchor = ScrollAnchor(row: 0, offset: 0)
            return
        }
        if let row = moved(anchor.row) {
            anchor.row = row
        } else if anchor.row >= lower + added {
            anchor = ScrollAnchor(row: min(lower + added, rowCount - 1), offset: 0)
        }
        anchor = clampedToBottom(normalized(anchor))
    }
}
