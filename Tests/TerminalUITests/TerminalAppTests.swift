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
}
