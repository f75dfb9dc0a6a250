import DocumentData

// MARK: - The tree's and the table's ticks: the same scan, the same jobs

extension ViewerContent where Self: NodeFocusing {
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
