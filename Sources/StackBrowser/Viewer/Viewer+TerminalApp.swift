import TerminalUI

// MARK: - The viewer as a program on a terminal

extension Viewer: TerminalApp {
    /// A key, the mouse or a resize is handled (and, unless ``searchesInSteps``, the work it
    /// started runs to its end); a tick moves the content's work on: a take-in of what the scan
    /// found, a step of a search or a filter, a frame of a jump's way. The time comes in with
    /// the tick.
    public mutating func update(_ event: InputEvent) -> Bool {
        guard event == .tick else {
            pacing.changed(true)
            handle(event)
            return !isFinished
        }
        pacing.changed(content.advance(now: .now, lastFrame: pacing.lastFrame))
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

    /// Builds the rows ahead of the scroll direction.
    public mutating func idle() { content.prefetch() }

    /// While the input is read and nothing else is due, the scan's wake pipe: an idle stream
    /// costs nothing.
    public var wakeDescriptor: Int32? { content.wakeDescriptor(now: .now) }

    /// How soon the work in progress wants a tick.
    public var tickInterval: Int? { content.tickInterval(now: .now) }

    /// False after a tick that changed nothing on screen.
    public var needsFrame: Bool { pacing.frameDue }

    public mutating func takeClipboardText() -> String? {
        defer { clipboard = nil }
        return clipboard
    }
}
