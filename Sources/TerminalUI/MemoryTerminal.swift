/// An in-memory terminal for tests and `tstack render`: scripted input, and every frame kept
/// as a ``CellBuffer`` to assert on (the counterpart of ratatui's `TestBackend`).
public final class MemoryTerminal: TerminalScreen, InputSource {
    public private(set) var size: TerminalSize
    /// Every frame presented, oldest first.
    public private(set) var frames: [CellBuffer] = []
    private var pending: [InputEvent]

    /// A terminal of `size` that will deliver `input` in order, then end.
    public init(size: TerminalSize, input: [InputEvent] = []) {
        self.size = size
        self.pending = input.reversed()
    }

    /// The last frame presented, if any.
    public var screen: CellBuffer? { frames.last }

    public func present(_ buffer: CellBuffer) {
        frames.append(buffer)
    }

    public func nextEvent() -> InputEvent? {
        guard let event = pending.popLast() else { return nil }
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// Always false: `render` draws one frame per key, never coalescing.
    public var hasPendingInput: Bool { false }
}
