// MARK: - The walk down from the anchor, and placement as a pure read

/// A row on the main axis: its index, the viewport line it starts at (negative when it begins
/// above the top), and its extent.
public struct RowSpan: Equatable, Sendable {
    /// The row's index.
    public let index: Int
    /// The viewport line of its first line.
    public let origin: Int
    /// Its lines (or columns).
    public let extent: Int

    /// The line after the row.
    public var end: Int { origin + extent }
}

/// Where a walk down from an anchor is: the row it is at and the line that row starts on (the
/// anchor row at `-offset`). The walk goes on while that line is above its limit and rows remain.
struct DownwardWalk {
    private(set) var row: Int
    private(set) var origin: Int

    init(from anchor: ScrollAnchor) {
        row = max(0, anchor.row)
        origin = -anchor.offset
    }

    /// Whether the row it is at starts above `limit` and exists.
    @inline(__always)
    func goesOn(before limit: Int, rowCount: Int) -> Bool { origin < limit && row < rowCount }

    /// The span of the row it is at, `extent` lines tall.
    @inline(__always)
    func span(extent: Int) -> RowSpan { RowSpan(index: row, origin: origin, extent: extent) }

    /// Moves past `span`.
    @inline(__always)
    mutating func step(over span: RowSpan) {
        origin = span.end
        row += 1
    }
}

extension LazyStack {
    /// The walk that measures (the scrolling verbs', the prefetch's; ``layout()`` drives the same
    /// `DownwardWalk`, taking each row it resolves): rows from `start` downwards while they start
    /// above `limit`, each resolved (built and measured, if it was not: what makes a placement
    /// exact) and its span handed to `body` — `body` cannot reach `self`, which the walk is
    /// changing. Return false from `body` to stop. A row already resolved is not fetched: its
    /// extent is kept apart (a prefetch walks a screen of them on every key).
    /// - Returns: the last span met, if any.
    /// - Complexity: O(rows walked), plus building the rows not resolved yet.
    @inline(__always)
    @discardableResult
    mutating func walkDown(
        from start: ScrollAnchor, untilLine limit: Int, _ body: (RowSpan) -> Bool = { _ in true }
    ) -> RowSpan? {
        var walk = DownwardWalk(from: start)
        var last: RowSpan?
        while walk.goesOn(before: limit, rowCount: rowCount) {
            let span = walk.span(extent: extent(walk.row))
            last = span
            guard body(span) else { break }
            walk.step(over: span)
        }
        return last
    }

    /// The same walk without building or measuring anything: rows count at their indexed extent
    /// (measured — a resolved row's always is — or an estimate).
    /// - Complexity: O(rows walked).
    @inline(__always)
    @discardableResult
    func walkDownIndexed(
        from start: ScrollAnchor, untilLine limit: Int, _ body: (RowSpan) -> Bool = { _ in true }
    ) -> RowSpan? {
        var walk = DownwardWalk(from: start)
        var last: RowSpan?
        while walk.goesOn(before: limit, rowCount: rowCount) {
            let span = walk.span(extent: index.extent(of: walk.row, kind: kind(walk.row)))
            last = span
            guard body(span) else { break }
            walk.step(over: span)
        }
        return last
    }

    /// Resolves (builds and measures) every row from the anchor to the viewport's bottom: the
    /// step that makes ``placement()`` exact. Scrolling verbs and ``layout()`` do it already.
    /// - Complexity: O(rows on screen), plus building those not resolved yet.
    public mutating func resolveViewport() {
        walkDown(from: anchor, untilLine: viewportExtent)
    }

    /// The rows on screen with their lines, from the anchor down: what ``layout()`` places,
    /// read without building, measuring, evicting, counting or observing anything. Exact once the
    /// rows on screen are resolved (after any scrolling verb, ``layout()`` or
    /// ``resolveViewport()``); a row not resolved counts at its indexed extent.
    /// - Complexity: O(rows on screen).
    public func placement() -> [RowSpan] {
        var spans: [RowSpan] = []
        walkDownIndexed(from: anchor, untilLine: viewportExtent) { span in
            spans.append(span)
            return true
        }
        guard let last = spans.last else { return spans }
        let gap = bottomGap(lastRow: last.index, end: last.end)
        return gap == 0 ? spans : spans.map { RowSpan(index: $0.index, origin: $0.origin + gap, extent: $0.extent) }
    }
}
