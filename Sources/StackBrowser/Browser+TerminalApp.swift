import TerminalUI

// MARK: - The browser as a program on a terminal

extension Browser: TerminalApp {
    /// The shortest time between two takes of scanned items while keys may come: longer than
    /// ncurses' escape delay (25 ms), or a key sent as an escape sequence would wait for ticks.
    static let batchTime = Duration.milliseconds(50)
    /// The longest a take-in of scanned items runs before the next key is read.
    static let takeInSlice = Duration.milliseconds(2)
    /// While a jump waits for the scan, a frame every this many milliseconds (the spinner).
    static let waitingFrameInterval = 15

    /// A key, the mouse or a resize is handled (and, unless ``searchesInSteps``, a search it
    /// started runs to its end); a tick moves the work in progress on: a frame of a jump's way,
    /// a step of a search, a take-in of scanned items.
    public mutating func update(_ event: InputEvent) -> Bool {
        guard event == .tick else {
            pacing.changed(true)
            handle(event)
            if !searchesInSteps {
                finishSearch()
                finishFilter()
            }
            return !isFinished
        }
        if animation.isRunning {
            animation.advance()
            pacing.changed(true)
        }
        if let document = loading.document,
            isWaitingForScan || document.hasItemsToTakeIn || ContinuousClock.now - loading.lastTakeIn >= Self.batchTime {
            pacing.changed(takeInScannedItems())
        }
        // A search that waits for the scan goes on after a take-in (a frame when it moved on).
        if search.isSearching {
            let waited = search.isWaiting
            continueSearch()
            pacing.changed(!(waited && search.isWaiting))
        }
        if filtering.isFiltering {
            continueFilter()
            pacing.changed(true)
        }
        return true
    }

    /// The screen at `size` (a size the browser has not seen yet is taken as a resize); the
    /// time it took is kept for ``statistics``.
    public mutating func draw(size: TerminalSize) -> CellBuffer {
        if size != self.size { resize(to: size) }
        let start = ContinuousClock.now
        let frame = render()
        pacing.drew(taking: .now - start)
        return frame
    }

    /// Builds the rows ahead of the scroll direction.
    public mutating func idle() {
        view.prefetch()
    }

    /// While a document is read and its batch time is up, the scan's wake pipe: an idle stream
    /// costs nothing.
    public var wakeDescriptor: Int32? {
        guard let document = loading.document, !isWaitingForScan, !document.hasItemsToTakeIn,
            ContinuousClock.now - loading.lastTakeIn >= Self.batchTime else { return nil }
        return document.wakeDescriptor
    }

    /// How soon the work in progress wants a tick: at once for a search's or a filter's next
    /// step, 30 ms for
    /// a jump's next frame, 15 ms while a jump waits for the scan, and when the batch time is up
    /// while the scan has news.
    public var tickInterval: Int? {
        var intervals: [Int] = []
        if (search.isSearching && !search.isWaiting) || filtering.isFiltering { intervals.append(0) }
        if animation.isRunning { intervals.append(JumpAnimation.frameInterval) }
        if let document = loading.document {
            let left = Self.batchTime - (ContinuousClock.now - loading.lastTakeIn)
            if isWaitingForScan {
                intervals.append(Self.waitingFrameInterval)
            } else if document.hasItemsToTakeIn {
                // Items already found are taken in a slice at a time, a key between slices.
                intervals.append(0)
            } else if left > .zero {
                intervals.append(Int((left / .milliseconds(1)).rounded(.up)))
            }
        }
        return intervals.min()
    }

    /// False after a tick that changed nothing on screen.
    public var needsFrame: Bool { pacing.frameDue }

    /// Takes in what the scan found, for at most 2 ms (a key waits no longer: what is left is
    /// taken at the next tick, at once if no key came); while a jump waits, one batch, so the
    /// spinner's frames stay under 30 ms apart.
    /// - Returns: whether to draw: while a jump waits (the spinner turns) or when it arrived,
    ///   when the scan ended, while following the end, and else at most once a second (a progress line that changed
    ///   every few milliseconds would make keys look slow).
    private mutating func takeInScannedItems() -> Bool {
        let waited = isWaitingForScan
        let start = ContinuousClock.now
        var absorbed = false
        while absorbLoadedItems() {
            absorbed = true
            if isWaitingForScan || ContinuousClock.now - start > Self.takeInSlice { break }
        }
        if waited { return true }
        // Followed, new items show at once (less +F shows each line as it comes).
        return absorbed && (!isLoading || loading.follows || ContinuousClock.now - pacing.lastFrame > .seconds(1))
    }
}
