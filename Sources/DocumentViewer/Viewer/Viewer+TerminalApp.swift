import TerminalUI

// MARK: - The viewer as a program on a terminal

extension Viewer: TerminalApp {
    /// A key, the mouse or a resize is handled (and, unless ``searchesInSteps``, the work it
    /// started runs to its end); a tick moves the content's work on (``tick(inputIsWaiting:)``,
    /// its slices whole).
    public mutating func update(_ event: InputEvent) -> Bool {
        guard event == .tick else {
            pacing.changed(true)
            handle(event)
            return !isFinished
        }
        return tick(inputIsWaiting: { false })
    }

    /// Moves the content's work on: a take-in of what the scan found (ended early when a key
    /// is waiting), a step of a search or a filter, a frame of a jump's way. A job any key stops
    /// takes no step while a key is waiting: the key comes first, and stops it. The time comes
    /// in with the tick.
    public mutating func tick(inputIsWaiting: () -> Bool) -> Bool {
        // The one scheduler: each running job's next step, in order (a take-in first: what it
        // finds lets a waiting search or jump go on).
        let now = ContinuousClock.now
        var changed = checkFileOnDisk()
        // Asked of the input until something is seen waiting (it waits until read): one system call
        // a question at most, none after the first yes.
        var inputSeen = false
        func keyIsWaiting() -> Bool {
            if !inputSeen { inputSeen = inputIsWaiting() }
            return inputSeen
        }
        for job in ViewerJob.allCases where content.runningJobs.contains(job) {
            if JobPolicy.stoppedByAnyKey.contains(job), keyIsWaiting() { continue }
            changed = content.step(job, now: now, lastFrame: pacing.lastFrame, inputIsWaiting: keyIsWaiting) || changed
        }
        takeHandover()
        pacing.changed(changed)
        return !isFinished
    }

    /// The screen at `size` (a size the viewer has not seen yet is taken as a resize); the time
    /// it took is kept for ``statistics``.
    public mutating func draw(size: TerminalSize) -> CellBuffer {
        if size != self.size { resize(to: size) }
        let start = ContinuousClock.now
        let frame = render()
        pacing.drew(taking: .now - start)
        return frame
    }

    /// Builds the rows ahead of the scroll direction, once after a frame; then, while no job
    /// runs, a slice of the measuring of the rows nobody has looked at (4 ms long at most), a
    /// frame drawn after it when the content's size moved and a tenth of a second has passed, or
    /// when the size became exact.
    public mutating func idle() {
        if pacing.takePrefetch() { content.prefetch() }
        guard hasIdleWork else { return }
        let deadline = ContinuousClock.now + Self.idleSlice
        let rowsRemain = content.measureWhileIdle { ContinuousClock.now < deadline }
        let sinceFrame = pacing.lastFrame.duration(to: .now)
        if !rowsRemain || sinceFrame >= Self.idleFrameInterval { pacing.changed(true) }
    }

    /// While no job runs, the rows nobody has looked at are measured in slices (not under
    /// `render`, whose frames must not depend on the machine's speed).
    public var hasIdleWork: Bool { searchesInSteps && content.runningJobs.isEmpty && content.hasRowsToMeasure }

    /// The longest slice of measuring while idle: what a key waits at most.
    static let idleSlice = Duration.milliseconds(4)
    /// The least time between the frames that show the measuring's progress (the scrollbar, the
    /// status line's height).
    static let idleFrameInterval = Duration.milliseconds(100)

    /// While the input is read and nothing else is due, the scan's wake pipe: an idle stream
    /// costs nothing; else the watch of the file on disk (a change wakes a tick).
    public var wakeDescriptor: Int32? { content.wakeDescriptor(now: .now) ?? disk?.wakeDescriptor }

    /// How soon the work in progress wants a tick: the soonest any running job asks — and, while
    /// the content sleeps on a descriptor of its own (a scan, a grammar check), every half second
    /// for the file on disk, whose watch is then not the one woken on.
    public var tickInterval: Int? {
        let now = ContinuousClock.now
        let work = content.runningJobs.compactMap { content.tickInterval(for: $0, now: now) }.min()
        guard disk != nil, content.wakeDescriptor(now: now) != nil else { return work }
        return min(work ?? Self.diskCheckInterval, Self.diskCheckInterval)
    }

    /// Milliseconds between looks at the file on disk while its watch is not the loop's wake
    /// descriptor.
    static let diskCheckInterval = 500

    /// False after a tick that changed nothing on screen.
    public var needsFrame: Bool { pacing.frameDue }

    public mutating func takeClipboardText() -> String? {
        defer { clipboard = nil }
        return clipboard
    }
}
