/// An in-memory terminal for tests and `tstack render`: scripted input, and the frames kept as
/// ``CellBuffer``s to assert on (the counterpart of ratatui's `TestBackend`).
///
/// Its clock is a test's: it stands still until the script waits (``Step/wait(_:)``), and the
/// ticks a program asks for (`TerminalApp.tickInterval`) fall due as it moves — a timer is
/// tested without sleeping. Events scripted together (``Step/together(_:)``) are pending input
/// to each other, as a paste or a held key is, so a test sees frames skipped to catch up.
///
/// ```swift
/// let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 24), script: [
///     .wait(.seconds(3)),                                     // three ticks of a 1 s timer
///     .together([.key(.down), .key(.down), .key(.down)]),    // one frame for the three
/// ])
/// _ = app.run(screen: terminal, input: terminal)
/// ```
public final class MemoryTerminal: TerminalScreen, InputSource {
    /// One step of a script.
    public enum Step: Sendable {
        /// An event arrives.
        case event(InputEvent)
        /// Events that arrive at once: while one is handled, the rest are pending input.
        case together([InputEvent])
        /// Time passes with no input: the clock moves on, delivering the ticks that fall due.
        case wait(Duration)
    }

    /// The screen size, until a scripted resize changes it.
    public private(set) var size: TerminalSize
    /// Every frame presented, oldest first, when the terminal keeps them all; else only the last.
    public private(set) var frames: [CellBuffer] = []
    /// Called with each frame as it is presented (`render --frames` prints them as they come).
    public var onPresent: ((CellBuffer) -> Void)?
    /// The test clock: it moves only when the script waits.
    public private(set) var now: ContinuousClock.Instant = .now
    private let keepsEveryFrame: Bool
    /// The steps still to come, the next last; a step of events together is split as it comes.
    private var steps: [Step]
    /// Events of the current `together` step still to come, the next last.
    private var burst: [InputEvent] = []

    /// A terminal of `size` that will deliver `input` in order, then end.
    /// - Parameters:
    ///   - size: the screen size, until a scripted resize changes it.
    ///   - input: the events to deliver, in order.
    ///   - keepsEveryFrame: whether ``frames`` holds every frame (tests look back at them) or only
    ///     the last (`render`: memory stays flat however many keys it is given).
    public convenience init(size: TerminalSize, input: [InputEvent] = [], keepsEveryFrame: Bool = true) {
        self.init(size: size, script: input.map(Step.event), keepsEveryFrame: keepsEveryFrame)
    }

    /// A terminal of `size` that plays `script`, then ends.
    public init(size: TerminalSize, script: [Step], keepsEveryFrame: Bool = true) {
        self.size = size
        self.steps = script.reversed()
        self.keepsEveryFrame = keepsEveryFrame
    }

    /// The last frame presented, if any.
    public var screen: CellBuffer? { frames.last }

    /// Keeps `buffer` as the newest frame (the only one, unless every frame is kept).
    public func present(_ buffer: CellBuffer) {
        if !keepsEveryFrame { frames.removeAll(keepingCapacity: true) }
        frames.append(buffer)
        onPresent?(buffer)
    }

    /// The next scripted event, a wait passing whole; nil when the script ended.
    public func nextEvent() -> InputEvent? {
        nextEvent(within: nil, wakingOn: nil)
    }

    /// The next scripted event; a wait in the script gives ``InputEvent/tick`` once
    /// `milliseconds` of it passed (the clock moved that far), or passes whole when no tick is
    /// wanted sooner. Nil when the script ended.
    public func nextEvent(within milliseconds: Int?, wakingOn descriptor: Int32?) -> InputEvent? {
        if let event = burst.popLast() { return deliver(event) }
        while let step = steps.popLast() {
            switch step {
            case .event(let event):
                return deliver(event)
            case .together(let events):
                burst = events.reversed()
                if let event = burst.popLast() { return deliver(event) }
            case .wait(let duration):
                guard duration > .zero else { continue }
                // (A tick wanted at once takes a millisecond of the wait: work in steps moves the
                // clock, and a wait always ends.)
                if let milliseconds, .milliseconds(max(1, milliseconds)) <= duration {
                    let passed = Duration.milliseconds(max(1, milliseconds))
                    now += passed
                    steps.append(.wait(duration - passed))
                    return .tick
                }
                now += duration
            }
        }
        return nil
    }

    private func deliver(_ event: InputEvent) -> InputEvent {
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    /// What was copied to the clipboard, in order.
    public private(set) var clipboard: [String] = []

    /// Keeps `text` in ``clipboard``.
    public func copyToClipboard(_ text: String) {
        clipboard.append(text)
    }

    /// Whether events scripted together are still to come (`render` scripts none: one frame a
    /// key, never coalescing).
    public var hasPendingInput: Bool { !burst.isEmpty }
}
