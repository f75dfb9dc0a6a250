/// The candidates of a row matcher (`RowMatcher.Candidates`) in windows of a tree's text looked
/// at one after the other, as a search or `&` goes through a file: each window read into a
/// buffer kept from one window to the next, and two windows scanned at once — the one asked for
/// here, the one after it on another thread, which the next ask takes as found (then the one
/// after that is asked for here again, with the next on the other thread) — so a pass over a
/// whole file scans on both cores.
///
/// Used from one thread (the one that answers keys); the other thread's work is handed over
/// through a signal, waited for at most `otherThreadDeadline`. The candidates an ask returns
/// borrow a buffer the next ask may write: they are used before the next ask.
final class CandidateWindows {
    /// What the other thread finds a window's candidates with — a buffer and a copy of the
    /// pattern of its own (a pattern is used by one thread at a time) — and what it found.
    private final class Lane: @unchecked Sendable {
        let reader: WindowReader
        let matcher: RowMatcher
        /// Signalled when the window asked for is done; nil before any.
        var done: ChangeSignal?
        var found: RowMatcher.Candidates?

        init(reader: WindowReader, matcher: RowMatcher) {
            self.reader = reader
            self.matcher = matcher
        }

        /// Whether the other thread is not working with it.
        var isFree: Bool { done.map { $0.generation > 0 } ?? true }
    }

    private let tree: JSONTree
    private let matcher: RowMatcher
    private let reader: WindowReader
    /// The other thread's lanes: one, and another while a window it was given is no longer
    /// wanted (a match came first) but is still being scanned.
    private var lanes: [Lane] = []
    /// The window the other thread was given: its bytes, where its first candidate is looked
    /// for from, and the lane.
    private var ahead: (range: Range<Int>, from: Int, lane: Lane)?

    init(tree: JSONTree, matcher: RowMatcher) {
        self.tree = tree
        self.matcher = matcher
        reader = tree.windowReader()
    }

    /// The candidates in the file's `range`, the first from `from` looked for already; then,
    /// unless the other thread found these, it starts on `next` (the window the caller will ask
    /// for next, and where its first candidate is to be looked for from).
    /// - Returns: nil when the other thread, finding these, was not done by the deadline: ask
    ///   again at the next step.
    func candidates(in range: Range<Int>, from: Int, next: (range: Range<Int>, from: Int)?) -> RowMatcher.Candidates? {
        if let ahead {
            if ahead.range == range, ahead.from == from, let done = ahead.lane.done {
                guard done.generation > 0 || done.wait(after: 0, timeout: otherThreadDeadline) else { return nil }
                self.ahead = nil
                if let found = ahead.lane.found {
                    ahead.lane.found = nil
                    return found
                }
                // (A short read there, the file cut under it: read again here.)
            } else {
                self.ahead = nil
            }
        }
        if let next { startOtherThread(on: next.range, from: next.from) }
        let found = RowMatcher.Candidates(
            borrowing: tree.bytes(in: range, readBy: reader), at: range.lowerBound, for: matcher)
        _ = found.first(from: from)
        return found
    }

    private func startOtherThread(on range: Range<Int>, from: Int) {
        guard let lane = lanes.first(where: \.isFree) ?? newLane() else { return }
        let done = ChangeSignal()
        lane.done = done
        lane.found = nil
        ahead = (range, from, lane)
        startThread { [lane] in
            if let bytes = lane.reader.bytes(in: range) {
                let found = RowMatcher.Candidates(borrowing: bytes, at: range.lowerBound, for: lane.matcher)
                _ = found.first(from: from)
                lane.found = found
            }
            done.signal()
        }
    }

    /// Lets go of the buffers (a pass that caught up with the input): a lane still scanning a
    /// window no longer wanted goes when it is done.
    func letGo() {
        reader.letGo()
        ahead = nil
        lanes.removeAll(where: \.isFree)
    }

    /// A lane more, with a copy of the pattern; nil when there are two already (both busy: the
    /// window is scanned here).
    private func newLane() -> Lane? {
        guard lanes.count < 2, let copy = try? RegexPattern(matcher.pattern.source, ignoringCase: matcher.pattern.ignoresCase)
        else { return nil }
        let lane = Lane(reader: tree.windowReader(), matcher: RowMatcher(copy))
        lanes.append(lane)
        return lane
    }
}
