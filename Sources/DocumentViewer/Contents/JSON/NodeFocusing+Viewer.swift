import DocumentData

// MARK: - What a tree and a table do alike as the viewer's contents: one document, one scan

extension ViewerContent where Self: NodeFocusing {
    /// Runs the commands that concern a tree or a table: `goto PATH` (or `:PATH`), `top`,
    /// `bottom`, `sort`, `where`.
    /// - Returns: what to say.
    mutating func run(_ command: ViewerCommand) -> String? {
        switch command {
        case .goto, .sort, .where: if let note = nodesHiddenNote { return note }
        default: break
        }
        switch command {
        case .goto(let path, _): return goto(path)
        case .top: return perform(.top)
        case .bottom: return perform(.bottom)
        case .detail: return "detail: only a stack document has detail levels"
        case .sort(let column): return sort(by: column)
        case .where(let text): return applyWhere(text)
        case .frequency(let names): return summarize(.frequency(names))
        case .describe: return summarize(.describe)
        case .write(let path, let overwrites): return write(to: path, overwrites: overwrites)
        case .stats, .marks, .help, .reload, .quit: return nil
        }
    }

    mutating func refocus(on id: String) -> String? { goto(id, orNearest: true) }

    /// `F`, `--follow`: keeps the focus on the last node (row) as a growing input's records
    /// arrive, until a key.
    mutating func follow() -> String? {
        let tree = json.tree
        guard tree.isGrowing, tree.isScanning else { return ViewerJob.nothingToFollow }
        json.follows = true
        focusLast()
        return nil
    }

    /// The work running: its whole-file jobs, taking in what the scan finds (and the grammar
    /// check's outcome), following.
    var runningJobs: Set<ViewerJob> {
        var running = jobs.running
        if json.tree.isScanning || json.tree.isCheckingGrammar { running.insert(.takeIn) }
        if json.follows { running.insert(.follow) }
        return running
    }

    /// A take-in of what the background scan found, once the batch time since the last one
    /// that found something is up (an input that pauses wakes nothing until it writes again);
    /// else a whole-file job's next step. (A take-in is one step, not slices: `inputIsWaiting`
    /// is not asked.)
    /// - Returns: whether to draw: when a jump or a search waits for the scan, when it ends,
    ///   when the take-in changed the screen (``NodeFocusing/takeIn()``), and else once a second
    ///   for the progress.
    mutating func step(
        _ job: ViewerJob, now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant, inputIsWaiting _: () -> Bool
    ) -> Bool {
        guard job == .takeIn else { return advance(job) }
        let tree = json.tree
        // The grammar check ended: where the file stops being JSON stays said.
        if tree.takeGrammarCheck() {
            json.noteMalformed()
            return true
        }
        guard tree.isScanning, now - json.lastTakeIn >= OpenJSON.batchTime else { return false }
        let scanned = tree.scannedBytes
        let shows = takeIn()
        if tree.scannedBytes != scanned || !tree.isScanning { json.lastTakeIn = now }
        return jobs.contains(.pendingJump) || jobs.contains(.search) || !tree.isScanning || shows
            || now - lastFrame > .seconds(1)
    }

    /// At once for a job's next step; while the file is read, when the batch time is up.
    func tickInterval(for job: ViewerJob, now: ContinuousClock.Instant) -> Int? {
        switch job {
        case .takeIn:
            guard json.tree.isScanning else { return nil }
            return ViewerJob.milliseconds(until: OpenJSON.batchTime, passedSince: json.lastTakeIn, now: now)
        case .follow, .animation: return nil
        default: return jobs.contains(job) && !jobs.isCaughtUp(job) ? 0 : nil
        }
    }

    /// While the file is read and the batch time is up, the scan's wake pipe: news wakes the
    /// loop, nothing polls; once read, while its grammar is checked, the check's.
    func wakeDescriptor(now: ContinuousClock.Instant) -> Int32? {
        guard json.tree.isScanning else { return json.tree.grammarWakeDescriptor }
        guard now - json.lastTakeIn >= OpenJSON.batchTime else { return nil }
        return json.tree.wakeDescriptor
    }
}
