import TerminalUI

// MARK: - On a terminal

extension TreeBrowser: TerminalApp {
    /// A key, the mouse or a resize is handled; a tick takes in what the background scan found
    /// and runs the search's next window.
    public mutating func update(_ event: InputEvent) -> Bool {
        guard event == .tick else {
            pacing.changed(true)
            handle(event)
            return !isFinished
        }
        let tree = view.outline.tree
        if tree.isScanning, ContinuousClock.now - lastTakeIn >= Self.batchTime {
            let rows = stack.rowCount
            let scanned = tree.scannedBytes
            takeScanned()
            // The next take-in a batch time after one that found something: an input that
            // pauses (a pipe left open) wakes nothing until it writes again.
            if tree.scannedBytes != scanned || !tree.isScanning { lastTakeIn = .now }
            // A jump or a search waiting for the scan went on.
            if pendingJump != nil || search != nil { pacing.changed(true) }
            // Rows arriving below the screen change nothing on it: a frame when they show (the
            // end was on screen), when the scan ends, and else once a second for its progress.
            pacing.changed(!tree.isScanning || (showsEnd && stack.rowCount > rows)
                || ContinuousClock.now - pacing.lastFrame > .seconds(1))
        }
        if pathLookup != nil {
            continueLookup()
            pacing.changed(true)
        }
        // The next window of a search or a filter (one waiting for the scan went on at the take-in).
        if let running = search, !running.isWaiting {
            continueSearch()
            pacing.changed(true)
        }
        if filtering != nil {
            continueFilter()
            pacing.changed(true)
        }
        return !isFinished
    }

    /// The least time between two take-ins of what the scan found (as the stack browser's).
    static let batchTime = Browser.batchTime

    /// At once while a search runs (its next window); while the file is read, when the batch
    /// time is up.
    public var tickInterval: Int? {
        if let search, !search.isWaiting { return 0 }
        if filtering != nil || pathLookup != nil { return 0 }
        guard view.outline.tree.isScanning else { return nil }
        let left = Self.batchTime - (ContinuousClock.now - lastTakeIn)
        return left > .zero ? Int((left / .milliseconds(1)).rounded(.up)) : nil
    }

    /// While the file is read and the batch time is up, the scan's wake pipe: news wakes the
    /// loop, nothing polls.
    public var wakeDescriptor: Int32? {
        guard ContinuousClock.now - lastTakeIn >= Self.batchTime else { return nil }
        return view.outline.tree.wakeDescriptor
    }

    /// False after a tick that changed nothing on screen.
    public var needsFrame: Bool { pacing.frameDue }

    public mutating func draw(size: TerminalSize) -> CellBuffer {
        if size != self.size { resize(to: size) }
        let start = ContinuousClock.now
        let frame = render()
        pacing.drew(taking: .now - start)
        return frame
    }

    public mutating func idle() { view.prefetch() }

    public mutating func takeClipboardText() -> String? {
        defer { clipboard = nil }
        return clipboard
    }
}
