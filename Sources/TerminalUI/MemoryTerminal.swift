/// An in-memory terminal for tests and `tstack render`: scripted input, and the frames kept as
/// ``CellBuffer``s to assert on (the counterpart of ratatui's `TestBackend`).
public final class MemoryTerminal: TerminalScreen, InputSource {
    public private(set) var size: TerminalSize
    /// Every frame presented, oldest first, when the terminal keeps them all; else only the last.
    public private(set) var frames: [CellBuffer] = []
    /// Called with each frame as it is presented (`render --frames` prints them as they come).
    public var onPresent: ((CellBuffer) -> Void)?
    private let keepsEveryFrame: Bool
    private var pending: [InputEvent]

    /// A terminal of `size` that will deliver `input` in order, then end.
    /// - Parameters:
    ///   - size: the screen size, until a scripted resize changes it.
    ///   - input: the events to deliver, in order.
    ///   - keepsEveryFrame: whether ``frames`` holds every frame (tests look back at them) or only
    ///     the last (`render`: memory stays flat however many keys it is given).
    public init(size: TerminalSize, input: [InputEvent] = [], keepsEveryFrame: Bool = true) {
        self.size = size
        self.pending = input.reversed()
        self.keepsEveryFrame = keepsEveryFrame
    }

    /// The last frame presented, if any.
    public var screen: CellBuffer? { frames.last }

    public func present(_ buffer: CellBuffer) {
        if !keepsEveryFrame { frames.removeAll(keepingCapacity: true) }
        frames.append(buffer)
        onPresent?(buffer)
    }

    public func nextEvent() -> InputEvent? {
        guard let event = pending.popLast() else { return nil }
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// What was copied to the clipboard, in order.
    public private(set) var clipboard: [String] = []

    public func copyToClipboard(_ text: String) {
        clipboard.append(text)
    }

    /// Always false: `render` draws one frame per key, never coalescing.
    public var hasPendingInput: Bool { false }
}
