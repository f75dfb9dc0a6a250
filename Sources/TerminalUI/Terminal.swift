/// Where frames go: the ncurses terminal, or an in-memory one in tests.
public protocol TerminalScreen: AnyObject {
    /// The current size in cells.
    var size: TerminalSize { get }
    /// Shows `buffer`; a backend sends only what changed since the last frame.
    func present(_ buffer: CellBuffer)
    /// Puts `text` on the system clipboard, through the terminal (OSC 52: the text travels
    /// base64-encoded, so nothing in it can act as a control sequence). Terminals without OSC 52
    /// ignore it.
    func copyToClipboard(_ text: String)
}

/// Where input comes from, separate from the screen so a test can feed keys and read cells.
public protocol InputSource: AnyObject {
    /// The next event, waiting for it; nil when input has ended.
    func nextEvent() -> InputEvent?
    /// Whether another event is already waiting (so a frame can be skipped to catch up).
    var hasPendingInput: Bool { get }
    /// The next event, or ``InputEvent/tick`` when none comes within `milliseconds` (nil: no
    /// limit) or once `descriptor` is readable (background work has results: the caller takes
    /// them); nil when input has ended. Sources without a clock just return the next event.
    func nextEvent(within milliseconds: Int?, wakingOn descriptor: Int32?) -> InputEvent?
    /// The time now, as the run loop keeps a program's ticks: the real clock, or a test's
    /// (``MemoryTerminal``'s moves only when its script says).
    var now: ContinuousClock.Instant { get }
}

extension InputSource {
    /// A source without a clock: the next event, whatever the wait asked.
    public func nextEvent(within milliseconds: Int?, wakingOn descriptor: Int32?) -> InputEvent? { nextEvent() }
    /// The real clock.
    public var now: ContinuousClock.Instant { .now }
}
