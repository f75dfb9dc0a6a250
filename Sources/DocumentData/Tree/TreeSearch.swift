/// A search through a tree's rows for a regular expression, a window of the file at a time (so
/// a viewer can draw its progress and take a key between windows), from an offset forward or
/// backward, wrapping at the ends. It matches each row's text as the tree draws it at full
/// width (`RowText`: `level: "error"`, `name: "café"` for `"caf\u00e9"`), inside closed
/// containers too; `^` and `$` anchor at a row's ends. Only the rows whose bytes hold the
/// literal the pattern requires have their text built (`RowMatcher`).
///
/// While the tree is still read, it searches what the scan has found and then *waits*
/// (``Outcome/waiting``) for more: it says ``Outcome/notFound`` only once every byte of the
/// input has been looked at, and wraps around an end only once that end is known — or, for a
/// growing input that paused, once everything that arrived was (the viewer says more may come).
public struct TreeSearch {
    /// What a step found.
    public enum Outcome: Equatable {
        /// The search goes on: call ``step()`` again.
        case searching
        /// The search looked at everything read so far and goes on when the scan has read more:
        /// call ``step()`` again after the tree took in more (or stop it).
        case waiting
        /// The first row in the direction of the search whose text matches, as the bytes of its
        /// text in the file (its key to its scalar's end or its container's opening bracket),
        /// and whether the search wrapped around an end to find it.
        case found(Range<Int>, wrapped: Bool)
        /// No match anywhere in the whole input.
        case notFound
        /// The pattern backtracks too much for the text (PCRE2's limits): no answer.
        case tooComplex
    }

    /// What is looked for.
    public var pattern: RegexPattern { matcher.pattern }
    private let matcher: RowMatcher
    /// Whether it looks after the start (`/`, `n`) or before it (`?`).
    public let forward: Bool
    private let tree: JSONTree
    /// Rows must start at or after this offset (forward) or before it (backward).
    private let origin: Int
    /// Forward: rows holding bytes before this were looked at. Backward: the next window's end.
    private var searchedTo: Int
    private var position: Int
    private var wrapped = false
    /// The last row matched and found not to match: a candidate in it again is passed.
    private var lastTried: TreeRow?
    private let sizes: WindowSizes
    /// The next window's size: small first (a search that finds a match near, or one started
    /// again past a match in the focused node, reads little), doubling up to the most.
    private var nextWindow: Int
    /// The windows' candidates, the next one's found on the other thread (forward, once the
    /// windows are their biggest).
    private let windows: CandidateWindows
    /// What the windows of a backward search, or of one that makes every row, are read into.
    private let reader: WindowReader
    /// Whether the last forward step ended at `rowsPerStep` rows, inside its window.
    private var stepsEndMidWindow = false
    /// Whether the last step waited for the scan (``Outcome/waiting``).
    public private(set) var isWaiting = false

    /// How big the windows are, and how much they overlap.
    struct WindowSizes {
        /// The first window's bytes.
        var first = 64 << 10
        /// The most bytes searched a step: a few milliseconds of PCRE2's JIT.
        var most = 4 << 20
        /// Bytes windows overlap by, so a literal across a window's edge is found (longer ones
        /// may not be).
        var overlap = 4 << 10
    }
    /// The most rows matched a step (a pattern whose literal is common but whose match is rare).
    static let rowsPerStep = 2_000
    /// Bytes before a window read with it, so that an escape it cuts is read whole.
    static let escapeContext = 256

    /// A search of `tree` for `pattern` from byte `origin`: forward, the first matching row
    /// starting at or after it; backward, the last starting before it.
    public init(tree: JSONTree, pattern: RegexPattern, forward: Bool, from origin: Int) {
        self.init(tree: tree, pattern: pattern, forward: forward, from: origin, sizes: WindowSizes())
    }

    /// A search in windows of `sizes` (a test's small windows go through a small document as a
    /// search goes through a big one).
    init(tree: JSONTree, pattern: RegexPattern, forward: Bool, from origin: Int, sizes: WindowSizes) {
        self.tree = tree
        matcher = RowMatcher(pattern)
        self.forward = forward
        self.sizes = sizes
        nextWindow = sizes.first
        windows = CandidateWindows(tree: tree, matcher: matcher)
        reader = tree.windowReader()
        pattern.forgetExceededLimits()
        self.origin = max(0, origin)
        position = self.origin
        searchedTo = self.origin
    }

    /// How far the search got, 0–1, of what is known of the input.
    public var progress: Double {
        let end = max(tree.searchableEnd, origin)
        guard end > 0 else { return 1 }
        let done = forward
            ? (wrapped ? end - origin + searchedTo : searchedTo - origin)
            : (wrapped ? origin + end - position : origin - position)
        return min(1, max(0, Double(done) / Double(end)))
    }

    /// Searches the next window.
    public mutating func step() -> Outcome {
        let outcome = forward ? stepForward() : stepBackward()
        isWaiting = outcome == .waiting
        if pattern.exceededLimits { return .tooComplex }
        return outcome
    }

    private mutating func stepForward() -> Outcome {
        let end = tree.searchableEnd
        // (A growing input that paused counts as ended for now; the viewer says more may come.)
        let isFinal = tree.hasReadAllThereIsNow
        let limit = wrapped ? origin : end
        if searchedTo >= limit {
            guard !wrapped else { return .notFound }
            // The end of the input is not known yet: what is beyond is searched as it is read.
            if !isFinal { return .waiting }
            wrapped = true
            searchedTo = 0
            lastTried = nil
            return origin == 0 ? .notFound : .searching
        }
        let size = takeWindow()
        let windowEnd = min(end, searchedTo + size + sizes.overlap)
        let isLast = windowEnd >= end && isFinal
        // What this window answers for: a literal that starts in its last `overlap` bytes is
        // left to the next window, which holds all of it — unless nothing follows.
        let answered = isLast ? limit : min(limit, windowEnd - sizes.overlap)
        // At the end of what was read so far, too near it to answer: the scan reads on first.
        guard answered > searchedTo else { return .waiting }
        if matcher.walksRows { return walkForward(to: windowEnd, answering: answered) }
        // The window after this one, as the next step will ask for it, for the other thread:
        // once the windows are their biggest (a match near is found without it).
        var next: (range: Range<Int>, from: Int)?
        if size == sizes.most, !stepsEndMidWindow, answered < limit, case let nextEnd = min(end, answered + size + sizes.overlap),
            nextEnd - sizes.overlap > answered {
            next = (Self.readStart(answering: answered)..<nextEnd, answered)
        }
        guard let candidates = windows.candidates(in: Self.readStart(answering: searchedTo)..<windowEnd, from: searchedTo, next: next)
        else { return .searching }
        if candidates.exceededLimits { return .tooComplex }
        var from = searchedTo
        var tried = 0
        while let offset = candidates.first(from: from), offset < answered {
            guard let row = tree.row(containing: offset), row != lastTried else {
                from = offset + 1
                continue
            }
            // (A row that starts before the origin is the focused one, or one before it.)
            if wrapped || row.span.lowerBound >= origin, candidates.holdsEveryPiece(in: row.span) {
                if matcher.matches(row, in: tree) { return .found(row.span, wrapped: wrapped) }
                if pattern.exceededLimits { return .tooComplex }
            }
            if candidates.exceededLimits { return .tooComplex }
            lastTried = row
            from = max(offset + 1, row.span.upperBound)
            tried += 1
            if tried == Self.rowsPerStep {
                // (The next step starts inside the window: the one after it, if the other
                // thread found it, is not the next; none is asked for while steps end so.)
                stepsEndMidWindow = true
                searchedTo = from
                return .searching
            }
        }
        if candidates.exceededLimits { return .tooComplex }
        stepsEndMidWindow = false
        searchedTo = answered
        return .searching
    }

    /// Where a window that answers from `offset` is read from: a little before, so that an
    /// escape the window's start cuts (`\\` then `u00e9`) is read whole where it starts, not
    /// taken for another.
    private static func readStart(answering offset: Int) -> Int { max(0, offset - escapeContext) }

    /// A window's rows made from its bytes in order and matched (a pattern that requires no
    /// literal, `RowWalk`): those starting before `answered`; the next window starts at the
    /// first row not matched. A row the walk cannot make (longer than the window, not JSON) is
    /// looked up and made from the index.
    private mutating func walkForward(to windowEnd: Int, answering answered: Int) -> Outcome {
        // The walk starts where a row starts: past the row whose text holds the window's start
        // (looked at already, or the one before the origin).
        let start = tree.startOfRows(from: searchedTo, below: windowEnd)
        guard start < answered else {
            searchedTo = max(start, searchedTo + 1)
            return .searching
        }
        let bytes = UnsafeRawBufferPointer(tree.bytes(in: start..<windowEnd, readBy: reader))
        var walk = RowWalk(bytes, at: start)
        var nextRow: Int?
        while let span = walk.next() {
            guard span.lowerBound < answered else {
                nextRow = span.lowerBound
                break
            }
            if (wrapped || span.lowerBound >= origin) && matcher.matches(text: walk.text) {
                return pattern.exceededLimits ? .tooComplex : .found(span, wrapped: wrapped)
            }
        }
        var next = nextRow ?? walk.stoppedAt
        if next < answered, let row = tree.row(containing: tree.firstTextByte(from: next, below: windowEnd)) {
            // (A row the walk could not make: from the index.)
            if wrapped || row.span.lowerBound >= origin, matcher.matches(row, in: tree) { return .found(row.span, wrapped: wrapped) }
            next = max(next + 1, row.span.upperBound)
        }
        searchedTo = max(next, searchedTo + 1)
        return .searching
    }

    private mutating func stepBackward() -> Outcome {
        let floor = wrapped ? origin : 0
        if position <= floor {
            guard !wrapped else { return .notFound }
            // Around the end only once it is known: the last match may be in what is not read yet.
            if !tree.hasReadAllThereIsNow { return .waiting }
            let end = tree.searchableEnd
            wrapped = true
            position = end
            lastTried = nil
            return origin >= end ? .notFound : .searching
        }
        let start = max(floor, position - takeWindow())
        let windowEnd = min(tree.searchableEnd, position + sizes.overlap)
        let readStart = max(0, start - Self.escapeContext)
        let candidates = RowMatcher.Candidates(
            borrowing: tree.bytes(in: readStart..<windowEnd, readBy: reader), at: readStart, for: matcher)
        // The window's candidates found once, taken from the last.
        var offsets = candidates.all(from: start, before: position)
        var tried = 0
        while let offset = offsets.popLast() {
            guard offset < position else { continue }
            guard let row = tree.row(containing: offset) else {
                position = offset
                continue
            }
            if row != lastTried, candidates.holdsEveryPiece(in: row.span) {
                if matcher.matches(row, in: tree) { return .found(row.span, wrapped: wrapped) }
                if pattern.exceededLimits { return .tooComplex }
                tried += 1
            }
            lastTried = row
            // On before the row: its other bytes are candidates of the same row.
            position = max(floor, min(offset, row.span.lowerBound))
            if tried == Self.rowsPerStep { return .searching }
        }
        position = min(position, start)
        return .searching
    }

    /// The size of the next window, and the one after doubled.
    private mutating func takeWindow() -> Int {
        defer { nextWindow = min(sizes.most, nextWindow * 2) }
        return nextWindow
    }
}
