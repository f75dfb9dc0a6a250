import StackBrowser
import TerminalUI
import Testing

@Suite struct AnimationTests {
    func browser(after keys: String) -> Browser {
        var browser = Browser(document: Harness.demo, fileName: "origami.json", size: TerminalSize(width: 80, height: 24))
        for event in try! KeyNotation.parse(keys) { browser.handle(event) }
        return browser
    }

    @Test func aJumpOfMoreThanAScreenHasFramesOnTheWay() {
        var jumped = browser(after: "G")
        let frames = jumped.takeJumpFrames()
        #expect(frames.count == Browser.animationSteps - 1)
        // Each frame is further down than the one before: the status shows growing percentages.
        let progress = frames.map { Harness.text(of: $0).last ?? "" }
        #expect(progress.allSatisfy { $0.contains("%") })
        #expect(Set(progress).count == frames.count)
        // Taking them ends the animation.
        #expect(jumped.takeJumpFrames().isEmpty)
    }

    @Test(arguments: [":goto step-40<Enter>", "s", "Gg"])
    func gotoShortcutsAndTopAnimate(keys: String) {
        var jumped = browser(after: keys)
        #expect(!jumped.takeJumpFrames().isEmpty)
    }

    @Test(arguments: ["j", "<PgDn>", "<C-d>", "g"])
    func shortMovesDoNotAnimate(keys: String) {
        var moved = browser(after: keys)
        #expect(moved.takeJumpFrames().isEmpty)
    }

    @Test func renderNeverShowsTheFramesOnTheWay() {
        #expect(Harness.frames(keys: "G").count == 2)
    }
}
