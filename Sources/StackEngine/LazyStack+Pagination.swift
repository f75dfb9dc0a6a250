// MARK: - Pagination: loading rows and appended pages; restyled rows

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
    /// - Complexity: O(removed + added rows) plus O(log n) each.
    public mutating func replaceRows(from start: Int, with newSource: Source) {
        replaceRows(from: start) { $0 = newSource }
    }

    /// Like ``replaceRows(from:with:)``, changing the source in place (so a big source is not
    /// copied): `update` must leave the rows before `start` as they were.
    /// - Complexity: O(removed + added rows) plus O(log n) each.
    public mutating func replaceRows(from start: Int, updatingSource update: (inout Source) -> Void) {
        let start = min(max(0, start), rowCount)
        for row in resolved.keys.filter({ $0 >= start }) { resolved[row] = nil }
        observed.requestedPages = observed.requestedPages.filter { $0 < start }
        update(&source)
        index.replaceRows(start..<index.count, with: source.kindRuns(in: start..<source.rowCount))
        counters.resolvedNow = resolved.count
        guard rowCount > 0 else {
            anchor = ScrollAnchor(row: 0, offset: 0)
            return
        }
        if anchor.row >= rowCount { anchor = ScrollAnchor(row: rowCount - 1, offset: 0) }
        anchor = clampedToBottom(normalized(anchor))
    }
}
