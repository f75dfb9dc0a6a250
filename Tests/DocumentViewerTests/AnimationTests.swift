@testable import DocumentViewer
import TerminalUI
import Testing

/// Jumps of more than a screen show their way, a frame per tick, on a terminal; `render` and
/// short moves never do.
@Suite struct AnimationTests {
    let size = TerminalSize(width: 80, height: 24)

    func animated(after keys: String) -> Viewer {
        var browser = Viewer(document: Harness.demo, fileName: "origami.json", size: size)
        browser.animatesJumps = true
        for event in try! KeyNotation.parse(keys) { _ = browser.update(event) }
        return browser
    }

    /// The key's frame, then one per tick for as long as the browser asks for ticks.
    func framesOnTheWay(_ browser: inout Viewer) -> [CellBuffer] {
        var frames = [browser.draw(size: size)]
        while let interval = browser.tickInterval, frames.count < 10 {
            #expect(interval == 30)
            _ = browser.update(.tick)
            frames.append(browser.draw(size: size))
        }
        return frames
    }

    @Test func aJumpOfMoreThanAScreenHasFramesOnTheWay() {
        var jumped = animated(after: "G")
        let frames = framesOnTheWay(&jumped)
        // Three on the way, then the target: the very view `render` shows after the jump (the
        // content height may be known better: the frames on the way measured more rows).
        #expect(frames.count == 4)
        #expect(Harness.text(of: frames.last!).dropLast() == Harness.text(of: Harness.frames(keys: "G").last!).dropLast())
        // Each frame is further down than the one before: the status shows other percentages.
        let progress = frames.dropLast().map { Harness.text(of: $0).last ?? "" }
        #expect(progress.allSatisfy { $0.contains("%") })
        #expect(Set(progress).count == progress.count)
        #expect(jumped.tickInterval == nil, "the animation ended")
    }

    @Test func aKeyEndsTheWayAtOnce() {
        var jumped = animated(after: "G")
        _ = jumped.draw(size: size)
        #expect(jumped.tickInterval != nil)
        _ = jumped.update(.key(.character("k")))
        #expect(jumped.tickInterval == nil)
        #expect(Harness.text(of: jumped.draw(size: size)).dropLast() == Harness.text(of: Harness.frames(keys: "Gk").last!).dropLast())
    }

    @Test(arguments: [":goto step-40<Enter>", "s", "Gg"])
    func gotoShortcutsAndTopAnimate(keys: String) {
        var jumped = animated(after: keys)
        #expect(framesOnTheWay(&jumped).count == 4)
    }

    @Test(arguments: ["j", "<PgDn>", "<C-d>", "g"])
    func shortMovesDoNotAnimate(keys: String) {
        let moved = animated(after: keys)
        #expect(moved.tickInterval == nil)
    }

    @Test func renderNeverShowsTheFramesOnTheWay() {
        #expect(Harness.frames(keys: "G").count == 2)
    }
}
