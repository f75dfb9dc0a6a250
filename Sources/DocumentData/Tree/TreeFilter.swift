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
    /// finding). A table's `&` gives it the container as read so far at each step.
    var container: ChildTable?
    /// The children found so far with a match, in order.
    public private(set) var kept: [Int] = []
    /// Where the next window starts: every child before it was looked at.
    private var position: Int
    /// Bytes searched a step (but for one child longer than that).
    private let window: Int
    /// The windows' candidates, the next one's found on the other thread.
    private let windows: CandidateWindows
    /// What the windows of a pattern that makes every row are read into.
    private let reader: WindowReader

    /// A filter by `pattern` of the children of `container` (nil: the root's — those found so
    /// far, and those the scan finds until ``isCaughtUp``).
    public init(tree: JSONTree, pattern: RegexPattern, container: ChildTable? = nil) {
        self.init(tree: tree, pattern: pattern, container: container, window: 4 << 20)
    }

    /// A filter searching `window` bytes a step (a test's small windows go through a small
    /// document as a filter goes through a big one).
    init(tree: JSONTree, pattern: RegexPattern, container: ChildTable?, window: Int) {
        self.tree = tree
        matcher = RowMatcher(pattern)
        self.container = container
        self.window = window
        windows = CandidateWindows(tree: tree, matcher: matcher)
        reader = tree.windowReader()
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

    /// How many children were looked at: those before the next window — and a child longer
    /// than a window kept before its last window was looked at.
    var childrenLookedAt: Int {
        guard let table else { return 0 }
        let before = position >= end ? table.count : max(0, table.index(ofChildContaining: position))
        return max(before, (kept.last ?? -1) + 1)
    }

    /// Whether every child found so far was looked at: the filter can be shown, and a child the
    /// scan finds from now on is matched at a later step.
    public var isCaughtUp: Bool { position >= end || isTooComplex }

    /// Whether every child of the whole input was looked at.
    public var isDone: Bool { isCaughtUp && (container != nil || !tree.isScanning) }

    /// Whether the pattern backtracks too much for the text: the filter has no answer.
    public var isTooComplex: Bool { pattern.exceededLimits || windowExceededLimits }
    /// Whether the other thread's copy of the pattern, looking for itself in a window's bytes,
    /// stopped at PCRE2's limits.
    private var windowExceededLimits = false

    /// Looks through the next window: whole children (a match across a window's edge is in
    /// one of them), unless one child alone is longer than `longestWindow`.
    public mutating func step() {
        guard !isCaughtUp, let table else { return }
        let end = self.end
        let windowEnd = windowEnd(from: position, in: table, end: end)
        if matcher.walksRows {
            position = walk(table, to: windowEnd, end: end)
            return letGoWhenCaughtUp()
        }
        // (The window after this one for the other thread: the next step asks for it.)
        let next = windowEnd < end ? (windowEnd..<self.windowEnd(from: windowEnd, in: table, end: end), windowEnd) : nil
        guard let candidates = windows.candidates(in: position..<windowEnd, from: position, next: next) else { return }
        var from = position
        while let offset = candidates.first(from: from), offset < windowEnd {
            let child = table.index(ofChildContaining: offset)
            guard child >= 0, child < table.count else {
                from = offset + 1
                continue
            }
            let childStart = table.regionStart(of: child)
            let childEnd = child + 1 < table.count ? table.regionStart(of: child + 1) : end
            // (A child without every literal the pattern requires is passed before any row of it is read.)
            guard candidates.holdsEveryPiece(in: childStart..<childEnd) else {
                from = max(offset + 1, childEnd)
                continue
            }
            // The child's rows made from the window's bytes, when the walk makes them all: no
            // row looked up in the index and read again. Else the candidate's row, looked up.
            if let matched = Self.aRowMatches(matcher, in: candidates.bytes(in: childStart..<childEnd), at: childStart) {
                if matched, kept.last != child { kept.append(child) }
                from = max(offset + 1, childEnd)
            } else if let row = tree.row(containing: offset, under: (table, child)) {
                if matcher.matches(row, in: tree) {
                    if kept.last != child { kept.append(child) }
                    // On from the child's end (the next child's start): one match a child is enough.
                    from = max(offset + 1, childEnd)
                } else {
                    from = max(offset + 1, row.span.upperBound)
                }
            } else {
                from = max(offset + 1, childEnd)
            }
            if candidates.exceededLimits { windowExceededLimits = true }
            if isTooComplex { return }
        }
        if candidates.exceededLimits { windowExceededLimits = true }
        position = windowEnd
        letGoWhenCaughtUp()
    }

    /// Caught up with the input: the buffers go until more arrives.
    private func letGoWhenCaughtUp() {
        guard isCaughtUp else { return }
        windows.letGo()
        reader.letGo()
    }

    /// Whether a row of the child whose bytes are `bytes` (from its region's start, the file's
    /// `start`, to the next child's) matches; nil when the walk cannot make every row of it
    /// (not all in the window, not JSON).
    private static func aRowMatches(_ matcher: RowMatcher, in bytes: UnsafeRawBufferPointer?, at start: Int) -> Bool? {
        guard let bytes else { return nil }
        var walk = RowWalk(bytes, at: start)
        while walk.next() != nil {
            if matcher.matches(text: walk.text) { return true }
        }
        return walk.stoppedAt >= start + bytes.count ? false : nil
    }

    /// Where a window from `start` ends: `window` bytes on, then on to the end of the child
    /// that falls in (whole children: a match across a window's edge is in one of them), but
    /// for a child longer than `longestWindow`.
    private func windowEnd(from start: Int, in table: ChildTable, end: Int) -> Int {
        let windowEnd = min(end, start + window)
        guard windowEnd < end else { return windowEnd }
        let child = table.index(ofChildContaining: windowEnd)
        let childEnd = child >= 0 && child + 1 < table.count ? table.regionStart(of: child + 1) : end
        return min(end, max(windowEnd, min(childEnd, start + Self.longestWindow)))
    }

    /// Keeps the children of the window to `windowEnd` with a row that matches, the rows made
    /// from the bytes in order (a pattern that requires no literal, `RowWalk`); a child the walk
    /// cannot make is matched from the index.
    /// - Returns: where the next window starts.
    private mutating func walk(_ table: ChildTable, to windowEnd: Int, end: Int) -> Int {
        // (A window inside a child longer than the longest window starts past the row there.)
        let start = tree.startOfRows(from: position, below: windowEnd)
        guard start < windowEnd else { return windowEnd }
        func childEnd(_ child: Int) -> Int { child + 1 < table.count ? table.regionStart(of: child + 1) : end }
        var walk = RowWalk(UnsafeRawBufferPointer(tree.bytes(in: start..<windowEnd, readBy: reader)), at: start)
        while let span = walk.next() {
            guard matcher.matches(text: walk.text) else { continue }
            // (The container's own row is no child's.)
            let child = table.index(ofChildContaining: span.lowerBound)
            guard child >= 0, child < table.count else { continue }
            if kept.last != child { kept.append(child) }
            walk.skip(to: childEnd(child))
            if pattern.exceededLimits { return windowEnd }
        }
        let next = walk.stoppedAt
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

    /// Whether child `index` of `table` has a row that matches (a child the walk of a window
    /// could not make, one a test looks at alone).
    public static func matches(_ pattern: RegexPattern, child index: Int, of table: ChildTable, in tree: JSONTree) -> Bool {
        let matcher = RowMatcher(pattern)
        let region = table.regionStart(of: index)..<tree.valueRange(ofChild: index, in: table).upperBound
        let candidates = RowMatcher.Candidates(tree.bytes(in: region), at: region.lowerBound, for: matcher)
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
