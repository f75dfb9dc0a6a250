import DocumentData

/// The reading of a big document, as a component of the browser: the document still being
/// scanned, how a wait for it is drawn, and what the end of reading says. Only its own methods change it; the browser puts what it takes in on screen.
struct DocumentLoading {
    /// What one take-in brought.
    struct News {
        /// The document as scanned so far (read after the view let go of its copy), when it grew.
        var grown: LazyDocument?
        /// Whether the scan ended.
        var ended: Bool
    }

    /// The document being read, until its scan ends.
    private(set) var document: LazyDocument?
    /// Take-ins while a jump waits (they turn the spinner).
    private(set) var waitFrames = 0
    /// Why the scan stopped early, or a warning about the document, once it ended.
    private(set) var problem: String?
    /// What the end of reading says (a problem, a jump that found nothing), until the next key.
    private(set) var notice: String?
    /// Whether the view keeps to the end as items arrive (`F`, `--follow`), until a key.
    private(set) var follows = false
    /// When scanned items were last taken in (not when a take-in found nothing: after a batch
    /// time with nothing new, the browser sleeps until the scan wakes it). None yet at the start:
    /// the first take-in comes right after the first frame (the scan wakes the run loop for it),
    /// and starts the scan's threads or ends their reader's hold
    /// (``LazyDocument/open(path:minimumSize:firstItems:)``).
    private(set) var lastTakeIn = ContinuousClock.now - .seconds(1)

    init(_ document: LazyDocument?) {
        self.document = document
    }

    var isLoading: Bool { document != nil }

    /// A key was pressed: the notice goes.
    mutating func clearNotice() { notice = nil }

    /// A key stopped following (`JobPolicy`).
    mutating func stopFollowing() { follows = false }

    /// Keeps the view at the end as items arrive.
    /// - Returns: false when the input ended: there is nothing to follow.
    mutating func follow() -> Bool {
        follows = document != nil
        return follows
    }

    /// The followed file was truncated or replaced: `fresh` reads it again from its start.
    mutating func restart(with fresh: LazyDocument, saying reason: String) {
        document = fresh
        notice = reason
        lastTakeIn = .now
    }

    /// Takes in what the scan found since the last call, a batch at a time until `deadline` or
    /// until `inputIsWaiting()` (at least one batch), and builds the document once (its sections
    /// are copied whole when it is built while the view holds the last one: built each batch, a
    /// big file's take-in would be quadratic). While a jump waits (`jumpWaits`), each take-in
    /// turns the spinner.
    /// - Returns: nil when nothing changed.
    mutating func takeIn(
        until deadline: ContinuousClock.Instant, jumpWaits: Bool, stoppingWhen inputIsWaiting: () -> Bool
    ) -> News? {
        guard let document else { return nil }
        if jumpWaits { waitFrames += 1 }
        var grew = false
        // (`update` may take nothing and still have work: starting the duplicate-id check, or
        // ending the load once it is done.)
        repeat {
            grew = document.update() || grew
        } while !document.isComplete && document.hasItemsToTakeIn && ContinuousClock.now < deadline && !inputIsWaiting()
        if grew || document.isComplete { lastTakeIn = .now }
        guard document.isComplete else { return grew ? News(grown: document, ended: false) : nil }
        return News(grown: grew ? document : nil, ended: true)
    }

    /// The scan ended: says its problem.
    mutating func end() {
        problem = document?.failure?.description
        notice = problem
        document = nil
    }

    /// The status line's note while reading: that the view follows the end, or how much of the
    /// file was scanned and, while a jump waits (`jumpWaits`), a spinner that turns every frame
    /// (so a wait never looks frozen).
    func note(jumpWaits: Bool) -> String? {
        guard let document else { return nil }
        // Standard input still streaming in has no size yet: say how much arrived.
        if follows { return "following \(JobPolicy.hint(for: .follow))" }
        let progress = document.sizeIsKnown
            ? "reading \(Int(document.fractionScanned * 100))%" : "reading, \(ByteCount(document.fileSize)) so far"
        guard jumpWaits else { return progress }
        let spinner = Self.spinner[waitFrames % Self.spinner.count]
        return "\(spinner) \(progress), waiting for the end"
    }

    /// How much of the document was read, for what waits for it: `43% read`, `12 MiB read`.
    var readNote: String {
        guard let document else { return "read" }
        return document.sizeIsKnown
            ? "\(min(99, Int(document.fractionScanned * 100)))% read" : "\(ByteCount(document.fileSize)) read"
    }

    private static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
