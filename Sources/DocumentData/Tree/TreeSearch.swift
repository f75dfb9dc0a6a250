/// A search through a tree's bytes for a regular expression, a window at a time (so a viewer
/// can draw its progress and take a key between windows), from an offset forward or backward,
/// wrapping at the ends. It matches the document's text as written — every key and every value,
/// inside closed containers too; a string's escapes as they are in the file (`\n`, `\u00e9`).
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
        /// The first match in the direction of the search, as a byte range (empty for a pattern
        /// that matches the empty string), and whether the search wrapped around an end to find
        /// it.
        case found(Range<Int>, wrapped: Bool)
        /// No match anywhere in the whole input.
        case notFound
        /// The pattern backtracks too much for the text (PCRE2's limits): no answer.
        case tooComplex
    }

    /// What is looked for.
    public let pattern: RegexPattern
    /// Whether it looks after the start (`/`, `n`) or before it (`?`).
    public let forward: Bool
    private let tree: JSONTree
    /// Matches must start at or after this offset (forward) or before it (backward).
    private let origin: Int
    /// Forward: matches starting before this were looked for. Backward: the next window's end.
    private var searchedTo: Int
    private var position: Int
    private var wrapped = false
    /// The next window's size: small first (a search that finds a match near, or one started
    /// again past a match in the focused node, reads little), doubling up to `window`.
    private var nextWindow = 64 << 10
    /// Whether the last step waited for the scan (``Outcome/waiting``).
    public private(set) var isWaiting = false

    /// The most bytes searched a step: a few milliseconds of PCRE2's JIT.
    static let window = 4 << 20
    /// Bytes windows overlap by, so a match across a window's edge is found (longer ones may not be).
    static let overlap = 4 << 10
    /// Bytes before a window read with it, for what looks back (a lookbehind, `\b`, `^`).
    static let context = 256

    /// A search of `tree` for `pattern` from byte `origin`: forward, the first match starting at
    /// or after it; backward, the last starting before it.
    public init(tree: JSONTree, pattern: RegexPattern, forward: Bool, from origin: Int) {
        self.tree = tree
        self.pattern = pattern
        self.forward = forward
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
            return origin == 0 ? .notFound : .searching
        }
        let windowEnd = min(end, searchedTo + takeWindow() + Self.overlap)
        let isLast = windowEnd >= end && isFinal
        // What this window answers for: a match that starts in its last `overlap` bytes is left
        // to the next window, which sees what follows it (a lookahead, `\b`, `$`) — unless
        // nothing follows.
        let answered = isLast ? limit : min(limit, windowEnd - Self.overlap)
        // At the end of what was read so far, too near it to answer: the scan reads on first.
        guard answered > searchedTo else { return .waiting }
        // (What precedes the window is read too: a lookbehind, `\b` and `^` see it.)
        let readStart = max(0, searchedTo - Self.context)
        let bytes = tree.bytes(in: readStart..<windowEnd)
        let found = bytes.withUnsafeBytes {
            pattern.firstMatch(
                in: $0, from: searchedTo - readStart, startsLine: tree.startsLine(at: readStart), endsLine: endsLine(at: windowEnd))
        }
        // (An empty match at the very end of the input counts: `$`.)
        let atInputEnd = isLast && !wrapped && limit == tree.size && !tree.isScanning
        if let found, readStart + found.lowerBound < answered || (atInputEnd && readStart + found.lowerBound == limit) {
            return .found((readStart + found.lowerBound)..<(readStart + found.upperBound), wrapped: wrapped)
        }
        searchedTo = answered
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
            return origin >= end ? .notFound : .searching
        }
        let start = max(floor, position - takeWindow())
        let readStart = max(0, start - Self.context)
        let windowEnd = min(tree.searchableEnd, position + Self.overlap)
        let bytes = tree.bytes(in: readStart..<windowEnd)
        let last = bytes.withUnsafeBytes {
            lastMatch(
                in: $0, from: start - readStart, before: position - readStart, startsLine: tree.startsLine(at: readStart),
                endsLine: endsLine(at: windowEnd))
        }
        if let last {
            return .found((readStart + last.lowerBound)..<(readStart + last.upperBound), wrapped: wrapped)
        }
        position = start
        return .searching
    }

    /// The last match in `bytes` starting at or after `from` and before `limit` (empty ones too).
    private func lastMatch(
        in bytes: UnsafeRawBufferPointer, from: Int, before limit: Int, startsLine: Bool, endsLine: Bool
    ) -> Range<Int>? {
        var last: Range<Int>?
        var offset = from
        while offset < limit,
            let range = pattern.firstMatch(in: bytes, from: offset, startsLine: startsLine, endsLine: endsLine),
            range.lowerBound < limit {
            last = range
            offset = range.isEmpty ? range.lowerBound + 1 : range.upperBound
        }
        return last
    }

    /// The size of the next window, and the one after doubled.
    private mutating func takeWindow() -> Int {
        defer { nextWindow = min(Self.window, nextWindow * 2) }
        return nextWindow
    }

    /// Whether a window ending at `offset` ends a line (`$` matches there): the end of the input,
    /// or a line feed next.
    private func endsLine(at offset: Int) -> Bool {
        (offset >= tree.size && !tree.isScanning) || tree.startsLine(at: offset + 1)
    }
}
