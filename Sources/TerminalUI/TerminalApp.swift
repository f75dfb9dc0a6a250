import Platform

/// A program on a terminal, in the shape of Elm and bubbletea: events in, state updated, one
/// frame out. ``run(screen:input:)`` is the loop: a program implements how it takes an event and
/// what its screen is, and gets key coalescing, idle work and background results without polling.
public protocol TerminalApp {
    /// Takes one event: a key, the mouse, a resize (the screen already has the new size), or
    /// ``InputEvent/tick`` when ``wakeDescriptor`` became readable or ``tickInterval`` passed
    /// (unless the program implements ``tick(inputIsWaiting:)``, which the loop then calls for
    /// ticks instead).
    /// - Returns: false to end the program.
    mutating func update(_ event: InputEvent) -> Bool

    /// Takes a ``InputEvent/tick`` as ``update(_:)`` does, able to ask whether input came
    /// meanwhile: work done in slices (taking in what a scan found) ends its slice early when
    /// `inputIsWaiting()` says so, after at least one step, so a key never waits for a whole
    /// slice and the work never starves. By default, `update(.tick)` (so a program's
    /// `update(.tick)` must not call this one unless it implements it).
    /// - Returns: false to end the program.
    mutating func tick(inputIsWaiting: () -> Bool) -> Bool

    /// The whole screen, at `size`.
    mutating func draw(size: TerminalSize) -> CellBuffer

    /// Work for when no input waits after a frame: build the rows ahead of the scroll direction,
    /// say. Keep it short: a key that arrives meanwhile waits for it — work longer than a few
    /// milliseconds goes in slices, one a call, while ``hasIdleWork`` says more is left.
    mutating func idle()

    /// Whether ``idle()`` has more to do (measuring the rows nobody has looked at, say): the
    /// loop then does not sleep but calls it again, a slice at a time, while no input waits, no
    /// tick is due and ``wakeDescriptor`` is not readable — drawing a frame after a slice when
    /// ``needsFrame`` (a program with idle work says false after a slice that changed nothing
    /// on screen) — until it is false. False by default.
    var hasIdleWork: Bool { get }

    /// A descriptor that becomes readable when background work has results (a pipe its thread
    /// writes to): the loop then sends ``InputEvent/tick`` and the program takes them in. Nil
    /// when there is none.
    var wakeDescriptor: Int32? { get }

    /// Milliseconds after which the program wants a ``InputEvent/tick`` even with no event (an
    /// animation, a spinner, a refresh once a second); nil when it does not. The deadline runs
    /// from the last tick, and no other event moves it: a held key delays a due tick by one key
    /// at most, never starves it.
    var tickInterval: Int? { get }

    /// Whether the screen changed since the last frame; the loop draws after an update only
    /// when it did. True by default (every update draws); a program whose ticks often change
    /// nothing on screen — background results shown once a second, say — says false then.
    var needsFrame: Bool { get }

    /// Text the program wants on the system clipboard, taken once (the loop hands it to the
    /// screen after the update that set it); nil when there is none.
    mutating func takeClipboardText() -> String?
}

extension TerminalApp {
    /// A tick as any other event: work in slices runs its slice whole.
    public mutating func tick(inputIsWaiting: () -> Bool) -> Bool { update(.tick) }
    /// Nothing to do when idle.
    public mutating func idle() {}
    /// No idle work in slices.
    public var hasIdleWork: Bool { false }
    /// No background work to wake for.
    public var wakeDescriptor: Int32? { nil }
    /// No timer.
    public var tickInterval: Int? { nil }
    /// Every update draws a frame.
    public var needsFrame: Bool { true }
    /// Nothing for the clipboard.
    public mutating func takeClipboardText() -> String? { nil }
}

/// Why ``TerminalApp/run(screen:input:)`` returned.
public enum TerminalAppOutcome: Equatable, Sendable {
    /// The program's `update` returned false.
    case finished
    /// The input ended (a `MemoryTerminal` ran out of scripted events).
    case inputEnded
    /// A signal came (SIGINT, SIGTERM, SIGHUP, SIGQUIT): close the terminal and exit with
    /// 128 + the number.
    case signal(Int32)
}

extension TerminalApp {
    /// The whole life of a program on the real terminal: opens it (in colour unless `NO_COLOR`
    /// is set), makes the program for its size with `make`, runs it, restores the terminal, and
    /// exits — 0, or 128 + the number of a signal that ended it. Without a usable terminal it
    /// says why on standard error, after `name`, and exits 1.
    public static func runOnTerminal(name: String, _ make: (TerminalSize) -> Self) -> Never {
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(color: getenv("NO_COLOR") == nil)
        } catch {
            let line = Array((CellText.inert("\(name): \(error)") + "\n").utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(1)
        }
        var app = make(terminal.size)
        let outcome = app.run(screen: terminal, input: terminal)
        terminal.close()
        if case .signal(let number) = outcome { exit(128 + number) }
        exit(0)
    }

    /// Runs the program: a first frame, then for each event an update and — unless more input
    /// is already waiting, so a held key or a paste is caught up with in one frame, or the
    /// program says nothing changed (``needsFrame``) — a frame and the idle work. Between events
    /// the loop sleeps in `input` (`poll(2)` on the real terminal): a program with nothing to do
    /// takes no CPU. While it has idle work (``hasIdleWork``) it does not sleep: it looks for
    /// input without waiting, and runs a slice of that work when none came. Ticks keep time: a
    /// tick falls due ``tickInterval`` after the last one whatever else came, and one due when a
    /// key arrives follows that key.
    /// - Returns: why it ended; the caller closes the terminal.
    public mutating func run(screen: TerminalScreen, input: InputSource) -> TerminalAppOutcome {
        screen.present(draw(size: screen.size))
        idle()
        var timer = TickTimer()
        while true {
            timer.follow(tickInterval, now: input.now)
            // Idle work while nothing else is there: a slice, without waiting for an event.
            if hasIdleWork, !timer.isDue(now: input.now), !input.hasPendingInput, !Self.isReadable(wakeDescriptor) {
                idle()
                if needsFrame, !input.hasPendingInput { screen.present(draw(size: screen.size)) }
                continue
            }
            let wait = timer.millisecondsLeft(now: input.now)
            guard let event = input.nextEvent(within: wait, wakingOn: wakeDescriptor) else { return .inputEnded }
            if case .signal(let number) = event { return .signal(number) }
            let inputIsWaiting = { input.hasPendingInput }
            guard event == .tick ? tick(inputIsWaiting: inputIsWaiting) : update(event) else { return .finished }
            // (Asked once before the frame: each ask is a system call, and the frame waits.)
            let pending = input.hasPendingInput
            if event == .tick {
                timer.ticked(now: input.now)
            } else if pending {
                // Keys still waiting (a held key, a paste): a tick that fell due comes now, before
                // them, so they never starve it; else it comes after this key's frame.
                timer.follow(tickInterval, now: input.now)
                if timer.isDue(now: input.now) {
                    guard tick(inputIsWaiting: inputIsWaiting) else { return .finished }
                    timer.ticked(now: input.now)
                }
            }
            if let text = takeClipboardText() { screen.copyToClipboard(text) }
            if pending || !needsFrame { continue }
            screen.present(draw(size: screen.size))
            if !input.hasPendingInput { idle() }
        }
    }

    /// Whether `descriptor` has something to read now (a wake pipe written to), without waiting.
    private static func isReadable(_ descriptor: Int32?) -> Bool {
        guard let descriptor else { return false }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) > 0
    }
}

/// When the next tick of a program's ``TerminalApp/tickInterval`` falls due: a deadline from
/// the last tick, which events do not move.
struct TickTimer {
    private var deadline: ContinuousClock.Instant?

    /// Takes the program's interval now: none clears the deadline; a first one, or one sooner
    /// than the deadline left, sets it from now.
    mutating func follow(_ interval: Int?, now: ContinuousClock.Instant) {
        guard let interval else {
            deadline = nil
            return
        }
        let soonest = now + .milliseconds(max(0, interval))
        if deadline.map({ soonest < $0 }) ?? true { deadline = soonest }
    }

    /// Milliseconds until the deadline (0 when it passed), nil with no interval.
    func millisecondsLeft(now: ContinuousClock.Instant) -> Int? {
        deadline.map { now.duration(to: $0).millisecondsRoundedUp }
    }

    func isDue(now: ContinuousClock.Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    /// A tick was delivered: when it was the one due, the next is an interval from now, with
    /// the interval the program asks next (a tick that came early, from the wake descriptor,
    /// leaves the deadline where it was).
    mutating func ticked(now: ContinuousClock.Instant) {
        if isDue(now: now) { deadline = nil }
    }
}
