// MARK: - The walk down from the anchor, and placement as a pure read

/// A row on the main axis: its index, the viewport line it starts at (negative when it begins
/// above the top), and its extent.
public struct RowSpan: Equatable, Sendable {
    public let index: Int
    public let origin: Int
    public let extent: Int

    /// The line after the row.
    public var end: Int { origin + extent }
}

extension LazyStack {
    /// The one walk every placement uses: rows from `start` downwards, each with the line it
    /// starts at (the anchor row at `-start.offset`), while that line is above `limit` and rows
    /// remain. With `measuring`, each row met is resolved (built and measured: what makes a
    /// placement exact); without, rows count at their indexed extent.
    /// - Parameter body: called with each span; return false to stop.
    /// - Returns: the last span met, if any.
    /// - Complexity: O(rows walked), plus building the rows not resolved yet when measuring.
    @discardableResult
    mutating func walkDown(
        from start: ScrollAnchor, untilLine limit: Int, measuring: Bool, _ body: (RowSpan) -> Bool = { _ in true }
    ) -> RowSpan? {
        var origin = -start.offset
        var row = max(0, start.row)
        var last: RowSpan?
        while origin < limit, row < rowCount {
            let extent = measuring ? resolve(row).extent : indexedExtent(row)
            let span = RowSpan(index: row, origin: origin, extent: extent)
            last = span
            guard body(span) else { break }
            origin += extent
            row += 1
        }
        return last
    }

    /// The extent of `row` as known now: its resolved row's, else the index's (measured, or an
    /// estimate), without building anything.
    func indexedExtent(_ row: Int) -> Int {
        resolved[row].map { max(1, $0.extent) } ?? index.extent(of: row, kind: kind(row))
    }

    /// Resolves (builds and measures) every row from the anchor to the viewport's bottom: the
    /// step that makes ``placement()`` exact. Scrolling verbs and ``layout()`` do it already.
    /// - Complexity: O(rows on screen), plus building those not resolved yet.
    public mutating func resolveViewport() {
        walkDown(from: anchor, untilLine: viewportExtent, measuring: true)
    }

    /// The rows on screen with their lines, from the anchor down: what ``layout()`` places,
    /// read without building, measuring, evicting, counting or observing anything. Exact once the
    /// rows on screen are resolved (after any scrolling verb, ``layout()`` or
    /// ``resolveViewport()``); a row not resolved counts at its indexed extent.
    /// - Complexity: O(rows on screen).
    public func placement() -> [RowSpan] {
        var spans: [RowSpan] = []
        var origin = -anchor.offset
        var row = anchor.row
        while origin < viewportExtent, row < rowCount {
            let extent = indexedExtent(row)
            spans.append(RowSpan(index: row, origin: origin, extent: extent))
            origin += extent
            row += 1
        }
        return spans
    }
}
