import DocumentData

// MARK: - The file changing under the viewer, and opening it again

extension Viewer {
    /// The file's news, at a tick: once it shrank or was rewritten, the whole-file jobs running
    /// stop (their answer would mix two versions), saying why; the status line then says what
    /// changed until `R`.
    mutating func checkFileOnDisk() -> Bool {
        guard let change = disk?.check() else { return false }
        guard change.mixesVersions else { return true }
        // (A grammar check that reads on would report a fault of the new bytes as the file's.)
        (tree?.json ?? table?.json)?.tree.stopGrammarCheck()
        let stopped = content.runningJobs.intersection(JobPolicy.wholeFileJobs)
        if !stopped.isEmpty {
            content.stop(stopped)
            feedback = "\(JobPolicy.message(forStopped: stopped) ?? "stopped"): \(fileName) \(change) — R reloads"
        }
        return true
    }

    /// After a key, once the file shrank or was rewritten: a whole-file job the key started
    /// does not run (it would answer from two versions of the file), and says so.
    mutating func refuseWholeFileWorkOnAChangedFile() {
        guard let change = disk?.change, change.mixesVersions else { return }
        let started = content.runningJobs.intersection(JobPolicy.wholeFileJobs)
        guard !started.isEmpty else { return }
        content.stop(started)
        feedback = "\(fileName) \(change): R reloads it first"
    }

    /// `R`, `:reload`: opens the file again as it was opened, the same view (a tree, or a
    /// table), the focus on the same item or path — reached as `:goto` reaches it, so a place
    /// further on waits for the scan; the prompt's history stays.
    /// - Returns: what to say.
    mutating func reload() -> String? {
        guard let disk else { return "reload: \(fileName) is not a file that can be opened again" }
        let focus = content.focusedID
        let opened: OpenedDocument
        var fresh: Viewer
        do {
            // (The open waits for the scan's first batch, as the first one did.)
            opened = try ChangeSignal.allowingWaits { try disk.reopening.open() }
            fresh = try Viewer(
                opening: opened, fileName: fileName, size: size, theme: theme,
                layout: content is TableContent ? .table : .tree, prefetchScreens: disk.prefetchScreens,
                retainScreens: disk.retainScreens, layoutLog: disk.layoutLog, reopening: disk.reopening)
        } catch {
            return "reload: \(error)"
        }
        fresh.searchesInSteps = searchesInSteps
        fresh.animatesJumps = animatesJumps
        fresh.prompt = prompt
        var said: String?
        if let focus { said = fresh.content.refocus(on: focus) }
        fresh.takeHandover()
        self = fresh
        // (A lookup of the focus still going on says what it found when it ends.)
        let looksOn = !content.runningJobs.isDisjoint(with: [.lookup, .pendingJump])
        return said ?? (looksOn ? nil : "reloaded \(fileName)")
    }
}
