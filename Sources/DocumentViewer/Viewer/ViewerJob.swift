/// Background work a content does between keys, run a step a tick by the ``Viewer`` — the one
/// scheduler — under one policy (`JobPolicy`) for what a key stops and what progress says.
/// Time comes in with the tick, so the viewer stays testable on the in-memory terminal.
public enum ViewerJob: Hashable, Sendable, CaseIterable {
    /// Taking in what the background scan found (rows added below the screen).
    case takeIn
    /// A jump's frames on the way (a stack document's `g`, `G`, `:goto`, a shortcut).
    case animation
    /// A jump that waits for the scan to find its target (`G`, `:goto` further on).
    case pendingJump
    /// A `:goto` looking for a key in a big container, a window a tick.
    case lookup
    /// A search, a step a tick.
    case search
    /// A filter, a step a tick.
    case filter
    /// A table's `:sort`: the column's members read a window a tick, then the order.
    case sort
    /// A table's row filter (`:where`, `&`): the records checked a window a tick, the rows kept
    /// showing as found.
    case query
    /// A frequency table's or a column summary's count (`v`, `I`): the records' members read a
    /// window a tick, the table shown so far.
    case summary
    /// Keeping to the end of a growing input as it arrives (`F`, `--follow`).
    case follow
    /// Writing what the content shows (`browse FILE | …`), a window a tick.
    case export

    /// The milliseconds from `now` until `wait` has passed since `since` (a take-in's batch
    /// time), nil once it has: the job then sleeps on the scan's wake descriptor.
    static func milliseconds(
        until wait: Duration, passedSince since: ContinuousClock.Instant, now: ContinuousClock.Instant
    ) -> Int? {
        let left = wait - (now - since)
        return left > .zero ? left.millisecondsRoundedUp : nil
    }

    /// The jobs whose progress the status line says, first first (one line: a lookup or a search
    /// a key started over a filter going on).
    static let progressOrder: [ViewerJob] = [.lookup, .search, .sort, .query, .summary, .filter, .export]

    /// What `F` says when the input ended.
    static let nothingToFollow = "nothing to follow: the input ended (browse --follow FILE follows a file as it grows)"

    /// What Esc stopping it says.
    var stoppedMessage: String {
        switch self {
        case .takeIn: return "reading stopped"
        case .animation: return "jump ended"
        case .pendingJump: return "jump cancelled"
        case .lookup: return "goto cancelled"
        case .search: return "search cancelled"
        case .filter: return "filter cancelled"
        case .sort: return "sort cancelled: the rows keep their order"
        case .query: return "filter cancelled: every row shows"
        case .summary: return "count stopped: the table is of the records read (Esc again or q returns)"
        case .follow: return "stopped following"
        case .export: return "export cancelled: what was written is not the whole document"
        }
    }
}

/// The one policy of background work, for every content:
/// - **Esc** stops every job but taking in what the scan found, says what it stopped, and does
///   nothing else.
/// - **Any other key** stops the jobs whose answer would move the focus to somewhere it found — a
///   search, a lookup, a jump waiting for the scan, a jump's frames, following — since the key
///   moves it now; a filter (which changes what shows, and keeps the focus where it is when it
///   still shows) goes on.
/// - Progress says how to stop it: `(a key stops)` or `(Esc stops)`.
/// - No job answers from part of the input as if it were the whole: a search, a filter or a
///   jump that needs the whole input waits for it, saying so (each content's jobs keep this).
enum JobPolicy {
    /// The jobs whose answer is about the whole input: none is given from a file that changed
    /// under them, and each says when the input was not all there.
    static let wholeFileJobs: Set<ViewerJob> = [.pendingJump, .lookup, .search, .filter, .sort, .query, .summary, .export]

    /// The whole-file jobs whose answer reads every byte (not only the scan's skeleton, as `G`
    /// and a `:goto` do).
    static let readsEveryByte: Set<ViewerJob> = [.search, .filter, .sort, .query, .summary]

    /// The jobs any key stops.
    static let stoppedByAnyKey: Set<ViewerJob> = [.animation, .pendingJump, .lookup, .search, .follow]

    /// The jobs of `running` that a key stops: all but taking in for Esc.
    static func stopped(byEscape isEscape: Bool, among running: Set<ViewerJob>) -> Set<ViewerJob> {
        isEscape ? running.subtracting([.takeIn]) : running.intersection(stoppedByAnyKey)
    }

    /// How the progress of `job` says it stops.
    static func hint(for job: ViewerJob) -> String {
        stoppedByAnyKey.contains(job) ? "(a key stops)" : "(Esc stops)"
    }

    /// What Esc stopping `jobs` says: the first that a user started and sees.
    static func message(forStopped jobs: Set<ViewerJob>) -> String? {
        let order: [ViewerJob] = [.search, .filter, .sort, .query, .summary, .lookup, .pendingJump, .follow, .export]
        return order.first(where: jobs.contains)?.stoppedMessage
    }
}
