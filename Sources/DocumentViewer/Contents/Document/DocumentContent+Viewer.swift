import DocumentData
import StackEngine
import TerminalUI

// MARK: - A stack document as one of the viewer's contents

extension DocumentContent: ViewerContent {
    var keyContext: ViewerKeyContext { .stack }

    var workNotice: String? { notice }

    /// Nothing stays said: the end of loading is said once (``notice``).
    var standingNote: String? { nil }

    /// The frames on the way of a jump say nothing.
    var hidesMessages: Bool { animation.isRunning }

    var rowCount: Int { stack.rowCount }
    var counters: StackCounters { stack.counters }

    mutating func reveal(_ target: String, alignment: ScrollAlignment) -> Bool {
        scroll(toID: target, alignment: alignment)
    }

    var runsWorkInSteps: Bool {
        get { jobs.runsInSteps }
        set { jobs.runsInSteps = newValue }
    }

    /// The document's rows as text at the screen's width, every detail level (``StackDocumentExport``).
    mutating func export(to sink: ExportSink) {
        start(ExportJob(StackDocumentExport(rows.document, width: size.width), to: sink))
    }

    /// What `y` copies of the focused item (or card): its fields as JSON, pretty (`yy`, `Y`) or
    /// on one line (`yv`); its id (`yp`, `yk`: an item's id is its path and its key).
    func copy(_ target: CopyTarget) -> Result<(text: String, said: String), CopyRefusal> {
        guard let id = focusedID else { return .failure(CopyRefusal(message: "nothing to copy: no item is focused")) }
        let shown = CellText.inert(id)
        switch target {
        case .path, .bracketedPath, .key:
            return .success((id, "copied the id \(shown)"))
        case .string:
            return .failure(CopyRefusal(message: "ys copies a string of JSON: yy copies the item"))
        case .value, .valueAsWritten, .valueOnOneLine:
            guard let focused = view.focusedItem else {
                return .failure(CopyRefusal(message: "nothing to copy: \(shown) is not an item"))
            }
            let item = rows.document.sections[focused.section].items[focused.item]
            let oneLine = target == .valueOnOneLine
            return .success((Self.json(of: item, oneLine: oneLine), "copied the item \(shown)\(oneLine ? " on one line" : "")"))
        }
    }

    /// An item's fields as a JSON object, as the document's format names them.
    static func json(of item: StackDocument.Item, oneLine: Bool) -> String {
        var members = [("id", JSONString.literal(item.id)), ("title", JSONString.literal(item.title))]
        if let subtitle = item.subtitle { members.append(("subtitle", JSONString.literal(subtitle))) }
        if !item.art.isEmpty {
            members.append(("art", "[" + item.art.map(JSONString.literal).joined(separator: ", ") + "]"))
        }
        if let body = item.body { members.append(("body", JSONString.literal(body))) }
        if item.detail != 1 { members.append(("detail", "\(item.detail)")) }
        let written = members.map { "\"\($0.0)\": \($0.1)" }
        return oneLine ? "{" + written.joined(separator: ", ") + "}" : "{\n  " + written.joined(separator: ",\n  ") + "\n}"
    }

    // MARK: - Work on ticks

    /// How long after a take-in that found something the scan's wake pipe is watched again
    /// (items found and not taken in yet are taken at once, slice after slice): a scan that
    /// publishes a little at a time (a pipe, a followed file) wakes the browser, and pays what
    /// a take-in costs whatever its size (the document built again, the rows' update), at most
    /// a hundred times a second; and it is short enough that the scan, at a million items in
    /// about 0.2 s, rarely fills what it may run ahead (``ScanChannel/untakenLimit``) and waits
    /// for the taker. (It was 50 ms: a million items then took 0.7 s to browse, paced by the
    /// taker, and keys pressed meanwhile shared the cores with the scan.) Keys never wait for a
    /// whole take-in: it stops when one comes.
    static let batchTime = Duration.milliseconds(10)
    /// The longest a take-in of scanned items runs before the next key is read.
    static let takeInSlice = Duration.milliseconds(2)
    /// The longest it runs while a jump waits for the scan, a frame of the spinner at a time:
    /// the frames stay under 30 ms apart, and `G` at a million items lands when the scan ends
    /// (a batch a frame took 2–4 s to take in what the scan read in 0.4 s).
    static let waitingTakeInSlice = Duration.milliseconds(8)
    /// While a jump waits for the scan, a frame every this many milliseconds (the spinner).
    static let waitingFrameInterval = 15

    /// The work running: taking in what the scan finds, a jump's frames or a jump waiting for
    /// the scan, a search, a filter, following.
    var runningJobs: Set<ViewerJob> {
        var jobs: Set<ViewerJob> = []
        if loading.isLoading { jobs.insert(.takeIn) }
        if animation.isRunning { jobs.insert(.animation) }
        jobs.formUnion(self.jobs.running)
        if loading.follows { jobs.insert(.follow) }
        return jobs
    }

    @discardableResult
    mutating func stop(_ jobs: Set<ViewerJob>) -> String? {
        for job in jobs {
            switch job {
            case .animation: animation.end()
            case .search, .filter, .pendingJump, .export: self.jobs.stop([job])
            case .follow: loading.stopFollowing()
            case .takeIn, .lookup, .sort, .query, .summary: break
            }
        }
        return nil
    }

    /// A frame of a jump's way, a take-in of scanned items, a step of a search or a filter; a
    /// jump waiting for the scan and following go on at take-ins.
    mutating func step(
        _ job: ViewerJob, now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant, inputIsWaiting: () -> Bool
    ) -> Bool {
        switch job {
        case .animation:
            animation.advance()
            return true
        case .takeIn:
            guard let document = loading.document,
                isWaitingForScan || document.hasItemsToTakeIn || now - loading.lastTakeIn >= Self.batchTime else {
                return false
            }
            return takeInScannedItems(now: now, lastFrame: lastFrame, inputIsWaiting: inputIsWaiting)
        case .search, .filter, .pendingJump, .export:
            // (A job that waits for the scan goes on after a take-in.)
            return advance(job)
        case .follow, .lookup, .sort, .query, .summary:
            return false
        }
    }

    /// At once for a search's or a filter's next step and for items found and not taken in
    /// yet, 30 ms for a jump's next frame, 15 ms while a jump waits for the scan (the spinner),
    /// and when the batch time is up while the scan has news.
    func tickInterval(for job: ViewerJob, now: ContinuousClock.Instant) -> Int? {
        switch job {
        case .search, .filter, .export: return jobs.isCaughtUp(job) ? nil : 0
        case .animation: return JumpAnimation.frameInterval
        case .pendingJump: return Self.waitingFrameInterval
        case .takeIn:
            guard let document = loading.document, !isWaitingForScan else { return nil }
            // Items already found are taken in a slice at a time, a key between slices.
            if document.hasItemsToTakeIn { return 0 }
            return ViewerJob.milliseconds(until: Self.batchTime, passedSince: loading.lastTakeIn, now: now)
        case .follow, .lookup, .sort, .query, .summary: return nil
        }
    }

    /// While a document is read and its batch time is up, the scan's wake pipe.
    func wakeDescriptor(now: ContinuousClock.Instant) -> Int32? {
        guard let document = loading.document, !isWaitingForScan, !document.hasItemsToTakeIn,
            now - loading.lastTakeIn >= Self.batchTime else { return nil }
        return document.wakeDescriptor
    }

    /// Takes in what the scan found, for at most 2 ms, and less when a key comes meanwhile (it
    /// waits for the batch in progress and its rows: what is left is taken at the next tick, at
    /// once if no key came); while a jump waits, for at most 8 ms a frame of the spinner, until
    /// it arrives.
    /// - Returns: whether to draw: while a jump waits (the spinner turns) or when it arrived,
    ///   when the scan ended, while following the end, and else at most once a second (a
    ///   progress line that changed every few milliseconds would make keys look slow).
    private mutating func takeInScannedItems(
        now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant, inputIsWaiting: () -> Bool
    ) -> Bool {
        let waited = isWaitingForScan
        // Batches are taken in for half the slice: the rows of what they brought take the rest.
        let deadline = now + (waited ? Self.waitingTakeInSlice : Self.takeInSlice) / 2
        var absorbed = false
        while absorbLoadedItems(until: deadline, stoppingWhen: inputIsWaiting) {
            absorbed = true
            if waited != isWaitingForScan || ContinuousClock.now > deadline || inputIsWaiting() { break }
        }
        if waited { return true }
        // Followed, new items show at once (less +F shows each line as it comes).
        return absorbed && (!isLoading || loading.follows || now - lastFrame > .seconds(1))
    }
}
