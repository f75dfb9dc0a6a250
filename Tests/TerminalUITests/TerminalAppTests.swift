import Testing
@testable import TerminalUI

/// The run loop every program on the library can use.
@Suite struct TerminalAppTests {
    /// Counts keys and draws the count; `q` ends it.
    struct Counter: TerminalApp {
        var count = 0
        var idles = 0
        var sizes: [TerminalSize] = []

        mutating func update(_ event: InputEvent) -> Bool {
            if event == .key(.character("q")) { return false }
            if case .key = event { count += 1 }
            return true
        }

        mutating func draw(size: TerminalSize) -> CellBuffer {
            sizes.append(size)
            var buffer = CellBuffer(width: size.width, height: size.height)
            buffer.write("count \(count)", x: 0, y: 0)
            return buffer
        }

        mutating func idle() { idles += 1 }
    }

    /// A scripted source that says input is waiting while more than `waiting` events remain.
    final class Burst: InputSource {
        var events: [InputEvent]
        let waiting: Int
        init(_ events: [InputEvent], waiting: Int) {
            self.events = events
            self.waiting = waiting
        }
        func nextEvent() -> InputEvent? { events.isEmpty ? nil : events.removeFirst() }
        var hasPendingInput: Bool { events.count > waiting }
    }

    @Test func oneFramePerEventThenTheEnd() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), input: try KeyNotation.parse("jj<Resize 12x3>j"))
        var app = Counter()
        #expect(app.run(screen: terminal, input: terminal) == .inputEnded)
        #expect(terminal.frames.map { $0.textLines()[0] } == ["count 0", "count 1", "count 2", "count 2", "count 3"])
        #expect(app.sizes.last == TerminalSize(width: 12, height: 3))
        #expect(app.idles == 5)
    }

    @Test func quittingEndsTheLoopWithoutAnotherFrame() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), input: try KeyNotation.parse("jqj"))
        var app = Counter()
        #expect(app.run(screen: terminal, input: terminal) == .finished)
        #expect(terminal.frames.count == 2)
    }

    /// Keys faster than frames: no frame is drawn while more input waits.
    @Test func keysThatArriveTogetherAreCaughtUpWithInOneFrame() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2))
        let input = Burst(Array(repeating: .key(.character("j")), count: 40), waiting: 0)
        var app = Counter()
        _ = app.run(screen: terminal, input: input)
        #expect(app.count == 40)
        #expect(terminal.frames.map { $0.textLines()[0] } == ["count 0", "count 40"])
    }

    @Test func aSignalEndsTheLoopWithItsNumber() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), input: [.key(.character("j")), .signal(15)])
        var app = Counter()
        #expect(app.run(screen: terminal, input: terminal) == .signal(15))
    }

    /// Ticks from background work that change nothing on screen draw no frame (nor idle work);
    /// a tick that changed something, and every key, draws one.
    @Test func aTickThatChangedNothingDrawsNothing() {
        struct Ticker: TerminalApp {
            var counter = TerminalAppTests.Counter()
            var changed = true
            mutating func update(_ event: InputEvent) -> Bool {
                // Every third tick brings news; keys always change the screen.
                if event == .tick { counter.count += 1 }
                changed = event != .tick || counter.count % 3 == 0
                return true
            }
            mutating func draw(size: TerminalSize) -> CellBuffer { counter.draw(size: size) }
            mutating func idle() { counter.idle() }
            var needsFrame: Bool { changed }
        }
        let events: [InputEvent] = Array(repeating: .tick, count: 6) + [.key(.character("j"))]
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), input: events)
        var app = Ticker()
        _ = app.run(screen: terminal, input: terminal)
        #expect(terminal.frames.map { $0.textLines()[0] } == ["count 0", "count 3", "count 6", "count 6"])
        #expect(app.counter.idles == 4)
    }

    /// A tick hears whether input waits behind it (work in slices ends its slice early then):
    /// yes with a key pending, no without; and the tick that falls due between two keys read
    /// together hears the second.
    @Test func aTickHearsWhetherAKeyIsWaiting() {
        struct Slicer: TerminalApp {
            var heard: [Bool] = []
            var tickInterval: Int?
            mutating func update(_ event: InputEvent) -> Bool { true }
            mutating func tick(inputIsWaiting: () -> Bool) -> Bool {
                heard.append(inputIsWaiting())
                return true
            }
            mutating func draw(size: TerminalSize) -> CellBuffer { CellBuffer(width: size.width, height: size.height) }
        }
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [
            .event(.tick), .together([.tick, .key(.character("j"))]),
        ])
        var app = Slicer()
        _ = app.run(screen: terminal, input: terminal)
        #expect(app.heard == [false, true])

        let keys = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [
            .together([.key(.character("j")), .key(.character("k"))]),
        ])
        var due = Slicer(tickInterval: 0)
        _ = due.run(screen: keys, input: keys)
        #expect(due.heard.first == true)
    }

    /// Counts ticks and keys; wants a tick every `interval` milliseconds.
    struct Clock: TerminalApp {
        var interval: Int?
        var ticks = 0
        var keys = 0
        var tickInterval: Int? { interval }
        mutating func update(_ event: InputEvent) -> Bool {
            if event == .tick { ticks += 1 } else if case .key = event { keys += 1 }
            return true
        }
        mutating func draw(size: TerminalSize) -> CellBuffer {
            var buffer = CellBuffer(width: size.width, height: size.height)
            buffer.write("\(ticks) \(keys)", x: 0, y: 0)
            return buffer
        }
    }

    /// A timer on the test clock: time passes only when the script waits, and the ticks fall due
    /// as it does — a second's timer ticks three times in three and a half seconds.
    @Test func aTimerTicksAsTheTestClockMoves() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [.wait(.milliseconds(3_500))])
        let start = terminal.now
        var app = Clock(interval: 1_000)
        _ = app.run(screen: terminal, input: terminal)
        #expect(app.ticks == 3)
        #expect(terminal.now - start == .milliseconds(3_500))
        #expect(terminal.frames.map { $0.textLines()[0] } == ["0 0", "1 0", "2 0", "3 0"])
    }

    /// Keys arriving every 100 ms for three seconds do not hold a once-a-second tick back: its
    /// deadline runs from the last tick, not from the last key.
    @Test func heldKeysNeverStarveATimer() {
        let script = (0..<30).flatMap { _ -> [MemoryTerminal.Step] in [.event(.key(.down)), .wait(.milliseconds(100))] }
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: script)
        var app = Clock(interval: 1_000)
        _ = app.run(screen: terminal, input: terminal)
        #expect(app.keys == 30)
        #expect(app.ticks == 3)
    }

    /// Events scripted together are pending input to each other: one frame for all of them.
    @Test func eventsScriptedTogetherAreOneFrame() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [
            .together(Array(repeating: .key(.character("j")), count: 5)), .event(.key(.character("j"))),
        ])
        var app = Counter()
        _ = app.run(screen: terminal, input: terminal)
        #expect(terminal.frames.map { $0.textLines()[0] } == ["count 0", "count 5", "count 6"])
    }

    /// No timer: a wait passes whole and nothing ticks.
    @Test func withoutATimerAWaitPassesWithNoTick() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [
            .wait(.seconds(5)), .event(.key(.down)),
        ])
        var app = Clock(interval: nil)
        _ = app.run(screen: terminal, input: terminal)
        #expect(app.ticks == 0 && app.keys == 1)
        #expect(terminal.frames.count == 2)
    }

    /// A program that wants a tick at once (work in steps) on the test clock: each tick takes a
    /// millisecond of a wait, so the wait ends and the next event comes.
    @Test func aTickWantedAtOnceStillLetsAWaitEnd() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [
            .wait(.milliseconds(50)), .event(.key(.character("q"))),
        ])
        var app = Clock(interval: 0)
        #expect(app.run(screen: terminal, input: terminal) == .inputEnded)
        #expect(app.ticks == 50 && app.keys == 1)
    }

    /// Idle work in slices: `slices` calls of `idle()` to finish, a frame wanted after every
    /// second one.
    struct SlicedWork: TerminalApp {
        var slicesLeft: Int
        var idles = 0
        var draws = 0
        var frameWanted = false
        /// The slices done when each key came.
        var idlesAtKeys: [Int] = []

        mutating func update(_ event: InputEvent) -> Bool {
            if case .key = event { idlesAtKeys.append(idles) }
            return true
        }
        mutating func draw(size: TerminalSize) -> CellBuffer {
            draws += 1
            frameWanted = false
            var buffer = CellBuffer(width: size.width, height: size.height)
            buffer.write("\(slicesLeft) left", x: 0, y: 0)
            return buffer
        }
        mutating func idle() {
            idles += 1
            guard slicesLeft > 0 else { return }
            slicesLeft -= 1
            if slicesLeft % 2 == 0 { frameWanted = true }
        }
        var hasIdleWork: Bool { slicesLeft > 0 }
        var needsFrame: Bool { frameWanted }
    }

    /// While a program has idle work the loop does not sleep: it runs the work a slice at a
    /// time (with the frames the program wants between slices) and sleeps again once the work is
    /// done — a wait of a second with nothing else to do finishes six slices, and calls no more.
    @Test func idleWorkRunsInSlicesUntilItIsDone() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2), script: [.wait(.seconds(1))])
        var app = SlicedWork(slicesLeft: 6)
        _ = app.run(screen: terminal, input: terminal)
        #expect(app.slicesLeft == 0)
        #expect(app.idles == 6)
        #expect(terminal.frames.map { $0.textLines()[0] } == ["6 left", "4 left", "2 left", "0 left"])
    }

    /// Keys waiting come before the next slice; the slices go on once no key waits.
    @Test func aKeyComesBeforeTheNextSlice() {
        let terminal = MemoryTerminal(size: TerminalSize(width: 10, height: 2))
        let input = Burst([.key(.down), .key(.down)], waiting: 0)
        var app = SlicedWork(slicesLeft: 100)
        _ = app.run(screen: terminal, input: input)
        // One slice after the first frame, then the two keys, then the other 99.
        #expect(app.idlesAtKeys == [1, 1])
        #expect(app.idles == 100 && app.slicesLeft == 0)
    }

    /// A tick that falls due comes before the next slice: idle work never holds a timer back.
    @Test func aDueTickComesBeforeTheNextSlice() {
        /// Ticks on the real clock, `ticksLeft` of them, then the end.
        final class Ticks: InputSource {
            var ticksLeft = 3
            func nextEvent() -> InputEvent? { nil }
            func nextEvent(within milliseconds: Int?, wakingOn descriptor: Int32?) -> InputEvent? {
                guard ticksLeft > 0 else { return nil }
                ticksLeft -= 1
                return .tick
            }
            var hasPendingInput: Bool { false }
        }
        struct TimedWork: TerminalApp {
            var slicesLeft = 1_000
            var ticks = 0
            var tickInterval: Int? { 10 }
            mutating func update(_ event: InputEvent) -> Bool {
                if event == .tick { ticks += 1 }
                return true
            }
            mutating func draw(size: TerminalSize) -> CellBuffer { CellBuffer(width: size.width, height: size.height) }
            mutating func idle() {
                slicesLeft -= 1
                // A slice of a millisecond of the real clock.
                let end = ContinuousClock.now + .milliseconds(1)
                while ContinuousClock.now < end {}
            }
            var hasIdleWork: Bool { slicesLeft > 0 }
            var needsFrame: Bool { false }
        }
        var app = TimedWork()
        _ = app.run(screen: MemoryTerminal(size: TerminalSize(width: 10, height: 2)), input: Ticks())
        // Three ticks ten milliseconds apart came while the second of work was far from done.
        #expect(app.ticks == 3)
        #expect(app.slicesLeft > 0 && app.slicesLeft < 1_000, "\(app.slicesLeft) slices left")
    }
}
