import DocumentData

// MARK: - A document still being read

extension DocumentContent {
    /// Whether the document is still being read.
    public var isLoading: Bool { loading.isLoading }

    /// Whether a jump waits for the scan (End, or `:goto` to an id not found yet).
    public var isWaitingForScan: Bool { jobs.contains(.pendingJump) }

    /// Takes in what the scan found since the last call, a batch at a time until `deadline` (one
    /// batch by default) or until `inputIsWaiting()` (after one batch): rows are added below,
    /// and nothing on screen moves. A jump waiting for an id is carried out once the id is
    /// found; one waiting for the end, when the scan ends.
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func absorbLoadedItems(
        until deadline: ContinuousClock.Instant = .now, stoppingWhen inputIsWaiting: () -> Bool = { false }
    ) -> Bool {
        guard let news = loading.takeIn(until: deadline, jumpWaits: isWaitingForScan, stoppingWhen: inputIsWaiting)
        else { return false }
        if let grown = news.grown {
            view.takeIn { grown.document }
            if loading.follows { view.scrollToBottom() }
        }
        if news.ended, let ended = loading.document, let reason = ended.restartReason {
            restart(ended, saying: reason)
        } else if news.ended {
            loading.end()
        }
        // A jump waiting for the scan lands (or, at the end, gives up) at once; a search waiting
        // for the items goes on at the next tick (and at the end, answers).
        if news.grown != nil || news.ended {
            jobs.inputGrew()
            advance(.pendingJump)
        }
        return true
    }

    /// `F`: keeps the view at the end of an input still growing as its items arrive, until a key.
    mutating func follow() -> String? {
        guard loading.follow() else {
            return ViewerJob.nothingToFollow
        }
        view.scrollToBottom()
        return nil
    }

    /// A followed file was truncated or replaced: it is read again from its start (a filter,
    /// which named the old file's items, goes); following goes on.
    private mutating func restart(_ ended: LazyDocument, saying reason: String) {
        guard let fresh = try? ended.reopen() else {
            loading.end()
            return
        }
        // A search or a filter counted the old file's items: they stop.
        stop([.search, .filter, .pendingJump, .animation])
        jobs.say(nil)
        loading.restart(with: fresh, saying: reason)
        view.show(
            DocumentRows(document: fresh.document, detailLevel: detail.level, theme: theme), focusing: nil, onLine: 0)
        if loading.follows { view.scrollToBottom() }
    }
}
