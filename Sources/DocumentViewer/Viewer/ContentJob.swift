/// What a step of a ``ContentJob`` came to.
enum JobStep: Equatable {
    /// More to do over what is read: the next step at the next tick (at once).
    case working
    /// It looked at everything read so far, and its answer needs what is still to come: the
    /// next step when the input has grown.
    case caughtUp
    /// It gave its answer (or gave up), saying what it says (nil: nothing).
    case ended(said: String?)
}

/// Whole-file work a content runs a step at a time between keys — a search, a filter, a
/// `:where`, a `:sort`, a `:goto` lookup, a jump waiting for the scan. A new whole-file command
/// is a type conforming to this and an entry in ``ViewerKeys``.
///
/// A job is started by ``JobRunning/start(_:)`` (which runs it to its end when the content does
/// not run work in steps, for `render`); the ``Viewer``'s tick then steps it
/// (``JobRunning/advance(_:)``) until it ends. A step is a window of the job's own size — a few
/// milliseconds of work. A job that caught up with what is read waits
/// for the input to grow (``JobList/inputGrew()``) and never answers from part of the input as
/// if it were the whole: what it says of the part says "so far". Stopping it is dropping it
/// (``JobList/stop(_:)``), as ``JobPolicy`` says which key stops which.
protocol ContentJob<Content> {
    associatedtype Content
    /// Which job it is: the order of steps, what a key stops, and what stopping it says.
    var kind: ViewerJob { get }
    /// The next step over what is read so far; an answer changes `content` (the focus, the rows).
    mutating func step(in content: inout Content) -> JobStep
    /// What the status line says while it runs (progress and how to stop it), or waits.
    func progress(in content: Content) -> String?
    /// Whether its answer shows and it only keeps it up to date with what arrives (a filter
    /// that caught up once): caught up, a key does not count it as running.
    var keepsUpWithArrivals: Bool { get }
}

extension ContentJob {
    var keepsUpWithArrivals: Bool { false }
}

/// The whole-file jobs of one content, at most one of each kind, and what the last one to
/// answer said (until the next key): the one owner of a job's messages.
struct JobList<Content> {
    private var jobs: [ViewerJob: Entry] = [:]
    /// What the last job to end said, until the next key.
    private(set) var said: String?
    /// Jobs run a step a tick, with a frame of progress between steps (on a terminal); when
    /// false (`render`), a job runs to its end (or until it waits for the input) when started.
    var runsInSteps = false

    private struct Entry {
        var job: any ContentJob<Content>
        var isCaughtUp: Bool
    }

    /// The kinds of job running (a job that caught up and keeps up with what arrives is left
    /// out).
    var running: Set<ViewerJob> {
        Set(jobs.compactMap { kind, entry in entry.isCaughtUp && entry.job.keepsUpWithArrivals ? nil : kind })
    }

    /// Whether a job of `kind` is there (running, or caught up and waiting).
    func contains(_ kind: ViewerJob) -> Bool { jobs[kind] != nil }

    /// Whether the job of `kind` caught up with the input and waits for more.
    func isCaughtUp(_ kind: ViewerJob) -> Bool { jobs[kind]?.isCaughtUp ?? false }

    /// The first job, in the order of steps, with a step to take now.
    var firstWorking: ViewerJob? { ViewerJob.allCases.first { jobs[$0].map { !$0.isCaughtUp } ?? false } }

    /// Drops the jobs of `kinds`: they say nothing more.
    mutating func stop(_ kinds: Set<ViewerJob>) {
        for kind in kinds { jobs[kind] = nil }
    }

    /// Drops every job (what they worked on is gone: a file read again).
    mutating func stopAll() { jobs = [:] }

    /// The input grew: every job waiting for it takes a step again.
    mutating func inputGrew() {
        for kind in jobs.keys { jobs[kind]?.isCaughtUp = false }
    }

    /// The job of `kind` takes a step again, caught up or not (a test's step).
    mutating func resume(_ kind: ViewerJob) { jobs[kind]?.isCaughtUp = false }

    /// A key was pressed: what the last job said goes.
    mutating func keyPressed() { said = nil }

    /// Says `text` as a job's answer would (a job that could not start).
    mutating func say(_ text: String?) { said = text }

    /// What the status line says of the jobs: the progress of the first that says any, in the
    /// order of ``ViewerJob/progressOrder``.
    func progress(in content: Content) -> String? {
        for kind in ViewerJob.progressOrder {
            if let entry = jobs[kind], let text = entry.job.progress(in: content) { return text }
        }
        return nil
    }

    /// Changes the job of `kind`, when it is one of `type` (a step's budget).
    mutating func update<Job: ContentJob<Content>>(_ kind: ViewerJob, as type: Job.Type, _ change: (inout Job) -> Void) {
        guard let entry = jobs[kind], var job = entry.job as? Job else { return }
        change(&job)
        jobs[kind]?.job = job
    }

    /// Takes the job of `kind` out to step it (the content it changes holds the list).
    fileprivate mutating func take(_ kind: ViewerJob) -> (any ContentJob<Content>)? {
        jobs.removeValue(forKey: kind)?.job
    }

    fileprivate mutating func put(_ job: any ContentJob<Content>, caughtUp: Bool) {
        // (A job of its kind started during its step replaces it.)
        if jobs[job.kind] == nil { jobs[job.kind] = Entry(job: job, isCaughtUp: caughtUp) }
    }

    fileprivate mutating func insert(_ job: any ContentJob<Content>) {
        // (What an earlier job said stays until the next key: a job one starts from its step,
        // a lookup looked for again at a take-in, says nothing over it.)
        jobs[job.kind] = Entry(job: job, isCaughtUp: false)
    }

    fileprivate mutating func ended(saying text: String?) {
        // (A job that ends silently leaves what an earlier one said this key.)
        if let text { said = text }
    }

    fileprivate mutating func insertCaughtUp(_ job: any ContentJob<Content>) {
        jobs[job.kind] = Entry(job: job, isCaughtUp: true)
    }

    /// The job of `kind`, when it is one of `type`.
    func job<Job: ContentJob<Content>>(_ kind: ViewerJob, as type: Job.Type) -> Job? {
        jobs[kind]?.job as? Job
    }
}

/// A content whose whole-file work is ``ContentJob``s: the one driver of them.
protocol JobRunning {
    var jobs: JobList<Self> { get set }
    /// What an answer about the whole input adds when the input is not the whole document (a
    /// fault stopped the scan, standard input could not all be kept, the file is malformed),
    /// else nil. With `checkingAll` (`render`, whose answer read every byte), the whole input's
    /// grammar is checked first, where a terminal's viewer has it checked on its own thread.
    mutating func answerCaveat(checkingAll: Bool) -> String?
}

extension JobRunning {
    /// Starts `job` (one of its kind running stops): its first step at the next tick, at once
    /// (the key's frame comes first) — or, unless jobs run in steps, all of it now, until it
    /// ends or waits for the input.
    mutating func start(_ job: some ContentJob<Self>) {
        jobs.insert(job)
        if !jobs.runsInSteps { runToEnd() }
    }

    /// Starts `job` caught up: its first step when the input grows.
    mutating func wait(_ job: some ContentJob<Self>) {
        jobs.insertCaughtUp(job)
    }

    /// The next step of the job of `kind`, if it has one to take.
    /// - Returns: whether it took a step.
    @discardableResult
    mutating func advance(_ kind: ViewerJob) -> Bool {
        guard !jobs.isCaughtUp(kind), var job = jobs.take(kind) else { return false }
        switch job.step(in: &self) {
        case .working: jobs.put(job, caughtUp: false)
        case .caughtUp: jobs.put(job, caughtUp: true)
        case .ended(let said):
            // (An answer about the whole input says when the input was not all there.)
            let checksAll = !jobs.runsInSteps && JobPolicy.readsEveryByte.contains(kind)
            let caveat = JobPolicy.wholeFileJobs.contains(kind) ? answerCaveat(checkingAll: checksAll) : nil
            jobs.ended(saying: said.map { text in caveat.map { "\(text) (\($0))" } ?? text })
        }
        return true
    }

    /// Runs every job to its end, or until it waits for the input: what `render` shows after a
    /// key.
    mutating func runToEnd() {
        while let kind = jobs.firstWorking { advance(kind) }
    }
}
