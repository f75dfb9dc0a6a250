/// The `&` filter of a tree: which children of a container — the root's (a JSON Lines file's
/// records), or any other's (a GeoJSON's features) — have a row whose text (`RowText`, as the
/// tree draws it) matches a regular expression: the child's own row or any row inside it, never
/// a separator or blanks between children. Found a window of the file at a time (progress
/// between windows, a key stops it), one matching row a child: after one the filter goes on
/// from the child's end.
public struct TreeFilter {
    /// What a child must match to stay.
    public var pattern: RegexPattern { matcher.pattern }
    private let matcher: RowMatcher
    private let tree: JSONTree
    /// The container whose children are filtered; nil for the root (which a scan may still be
    /// finding).
    private let container: ChildTable?
    /// The children found so far with a match, in order.
    public private(set) var kept: [Int] = []
    /// Where the next window starts: every child before it was looked at.
    private var position: Int

    /// Bytes searched a step.
    static let window = 4 << 20

    /// A filter by `pattern` of the children of `container` (nil: the root's — those found so
    /// far, and those the scan finds until ``isCaughtUp``).
    public init(tree: JSONTree, pattern: RegexPattern, container: ChildTable? = nil) {
        self.tree = tree
        matcher = RowMatcher(pattern)
        self.container = container
        pattern.forgetExceededLimits()
        position = max(0, (container ?? tree.root)?.start ?? 0)
    }

    /// The children filtered.
    private var table: ChildTable? { container ?? tree.root }

    /// Where the children found so far end.
    private var end: Int {
        guard let table, table.count > 0 else { return position }
        // (A growing last child of the root is looked at once it is read whole.)
        return table.isComplete ? table.end : max(table.wholeChildrenEnd, position)
    }

    /// The children looked at, of those known: how far it got, 0–1.
    public var progress: Double {
        let end = self.end
        return end > 0 ? min(1, Double(position) / Double(end)) : 1
    }

    /// Whether every child found so far was looked at: the filter can be shown, and a child the
    /// scan finds from now on is matched as it is taken in (``matches(_:child:of:in:window:)``).
    public var isCaughtUp: Bool { position >= end || pattern.exceededLimits }

    /// Whether every child of the whole input was looked at.
    public var isDone: Bool { isCaughtUp && (container != nil || !tree.isScanning) }

    /// Whether the pattern backtracks too much for the text: the filter has no answer.
    public var isTooComplex: Bool { pattern.exceededLimits }

    /// Looks through the next window: whole children (a match across a window's edge is in
    /// one of them), unless one child alone is longer than `longestWindow`.
    public mutating func step() {
        guard !isCaughtUp, let table else { return }
        let end = self.end
        var windowEnd = min(end, position + Self.window)
        if windowEnd < end {
            // On to the end of the child the window's end falls in.
            let child = table.index(ofChildContaining: windowEnd)
            let childEnd = child >= 0 && child + 1 < table.count ? table.regionStart(of: child + 1) : end
            windowEnd = min(end, max(windowEnd, min(childEnd, position + Self.longestWindow)))
        }
        if matcher.walksRows {
            position = walk(table, to: windowEnd, end: end)
            return
        }
        let candidates = RowMatcher.Candidates(tree.bytes(in: position..<windowEnd), at: position, for: matcher)
        var from = position
        while let offset = candidates.first(from: from), offset < windowEnd {
            let child = table.index(ofChildContaining: offset)
            let childEnd = child + 1 < table.count ? table.regionStart(of: child + 1) : end
            guard child >= 0, child < table.count else {
                from = offset + 1
                continue
            }
            // (A child without every literal the pattern requires is passed before any row of it is read.)
            guard candidates.holdsEveryPiece(in: tree.row(child, of: table).span.lowerBound..<childEnd),
                let row = tree.row(containing: offset, under: (table, child)) else {
                from = max(offset + 1, childEnd)
                continue
            }
            if matcher.matches(row, in: tree) {
                if kept.last != child { kept.append(child) }
                // On from the child's end (the next child's start): one match a child is enough.
                from = max(offset + 1, childEnd)
            } else {
                from = max(offset + 1, row.span.upperBound)
            }
            if pattern.exceededLimits { return }
        }
        position = windowEnd
    }

    /// Keeps the children of the window to `windowEnd` with a row that matches, the rows made
    /// from the bytes in order (a pattern that requires no literal, `RowWalk`); a child the walk
    /// cannot make is matched from the index.
    /// - Returns: where the next window starts.
    private mutating func walk(_ table: ChildTable, to windowEnd: Int, end: Int) -> Int {
        // (A window inside a child longer than the longest window starts past the row there.)
        let start = tree.startOfRows(from: position, below: windowEnd)
        guard start < windowEnd else { return windowEnd }
        let bytes = tree.bytes(in: start..<windowEnd)
        var next = windowEnd
        func childEnd(_ child: Int) -> Int { child + 1 < table.count ? table.regionStart(of: child + 1) : end }
        bytes.withUnsafeBytes { raw in
            var walk = RowWalk(raw, at: start)
            while let span = walk.next() {
                guard matcher.matches(text: walk.text) else { continue }
                // (The container's own row is no child's.)
                let child = table.index(ofChildContaining: span.lowerBound)
                guard child >= 0, child < table.count else { continue }
                if kept.last != child { kept.append(child) }
                walk.skip(to: childEnd(child))
                if pattern.exceededLimits { return }
            }
            next = walk.stoppedAt
        }
        guard next < windowEnd else { return windowEnd }
        // A child the walk could not make (longer than the window, not JSON): from the index.
        let child = table.index(ofChildContaining: next)
        guard child >= 0, child < table.count, childEnd(child) > next else {
            let following = child + 1 < table.count ? table.regionStart(of: child + 1) : windowEnd
            return max(next + 1, min(windowEnd, following))
        }
        if kept.last != child, Self.matches(pattern, child: child, of: table, in: tree) { kept.append(child) }
        return childEnd(child)
    }

    /// The longest window: a child longer than this is looked through in windows of it.
    static let longestWindow = 64 << 20

    /// Whether child `index` of `table` has a row that matches (a child found after the filter
    /// ran, a record `:where`'s windows read): its bytes from `window`, which starts at the
    /// file's `windowStart`, when they were read already.
    public static func matches(
        _ pattern: RegexPattern, child index: Int, of table: ChildTable, in tree: JSONTree,
        window: (bytes: UnsafeBufferPointer<UInt8>, start: Int)? = nil
    ) -> Bool {
        let matcher = RowMatcher(pattern)
        let region = table.regionStart(of: index)..<tree.valueRange(ofChild: index, in: table).upperBound
        if matcher.walksRows, let window, region.lowerBound >= window.start, region.upperBound < window.start + window.bytes.count {
            // The child's rows made from the bytes read (past its end by a byte: its last row
            // ends there), when the walk can make them all.
            let bytes = UnsafeRawBufferPointer(
                UnsafeBufferPointer(rebasing: window.bytes[(region.lowerBound - window.start)...(region.upperBound - window.start)]))
            var walk = RowWalk(bytes, at: region.lowerBound)
            while let span = walk.next(), span.lowerBound < region.upperBound {
                if matcher.matches(text: walk.text) { return true }
            }
            if walk.stoppedAt >= region.upperBound { return false }
        }
        let candidates = RowMatcher.Candidates(
            window.map { Array($0.bytes[(region.lowerBound - $0.start)..<(region.upperBound - $0.start)]) }
                ?? tree.bytes(in: region),
            at: region.lowerBound, for: matcher)
        var from = region.lowerBound
        while let offset = candidates.first(from: from), offset < region.upperBound {
            guard let row = tree.row(containing: offset, under: (table, index)) else {
                from = offset + 1
                continue
            }
            if matcher.matches(row, in: tree) { return true }
            if pattern.exceededLimits { return false }
            from = max(offset + 1, row.span.upperBound)
        }
        return false
    }
}
