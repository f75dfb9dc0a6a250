import DocumentData

// MARK: - The tree's and the table's commands and ticks: the same document, the same jobs

extension ViewerContent where Self: NodeFocusing {
    /// Runs the commands that concern a tree or a table: `goto PATH` (or `:PATH`), `top`,
    /// `bottom`, `sort`, `where`.
    /// - Returns: what to say.
    mutating func run(_ command: ViewerCommand) -> String? {
        switch command {
        case .goto(let path, _): return goto(path)
        case .top: return perform(.top)
        case .bottom: return perform(.bottom)
        case .detail: return "detail: only a stack document has detail levels"
        case .sort(let column): return sort(by: column)
        case .where(let text): return applyWhere(text)
        case .stats, .marks, .help, .quit: return nil
        }
    }

    /// Takes in what the scan found once the batch time since the last take-in that found
    /// something is up (an input that pauses wakes nothing until it writes again).
    /// - Returns: whether to draw: when a jump or a search waits for the scan, when it ends, when
    ///   `shows` says the take-in changed the screen, and else once a second for the progress.
    mutating func takeIn(
        now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant, take: (inout Self) -> Bool
    ) -> Bool {
        let tree = json.tree
        guard now - json.lastTakeIn >= TreeContent.batchTime else { return false }
        let scanned = tree.scannedBytes
        let shows = take(&self)
        if tree.scannedBytes != scanned || !tree.isScanning { json.lastTakeIn = now }
        return jobs.contains(.pendingJump) || jobs.contains(.search) || !tree.isScanning || shows
            || now - lastFrame > .seconds(1)
    }

    /// The work running: its whole-file jobs, taking in what the scan finds, following.
    var runningJobs: Set<ViewerJob> {
        var running = jobs.running
        if json.tree.isScanning { running.insert(.takeIn) }
        if json.follows { running.insert(.follow) }
        return running
    }

    /// At once for a job's next step; while the file is read, when the batch time is up.
    func tickInterval(for job: ViewerJob, now: ContinuousClock.Instant) -> Int? {
        switch job {
        case .takeIn: return ViewerJob.milliseconds(until: TreeContent.batchTime, passedSince: json.lastTakeIn, now: now)
        case .follow, .animation: return nil
        default: return jobs.contains(job) && !jobs.isCaughtUp(job) ? 0 : nil
        }
    }

    /// While the file is read and the batch time is up, the scan's wake pipe: news wakes the
    /// loop, nothing polls.
    func wakeDescriptor(now: ContinuousClock.Instant) -> Int32? {
        guard now - json.lastTakeIn >= TreeContent.batchTime else { return nil }
        return json.tree.wakeDescriptor
    }
}
