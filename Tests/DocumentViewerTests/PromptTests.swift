@testable import DocumentViewer
import TerminalUI
import Testing

/// The `:` command line: typing, running, and mistakes that change nothing.
@Suite struct PromptTests {
    @Test func typingShowsTheCommandLineOnTheLastLine() {
        let screen = Harness.screen(keys: ":goto st")
        #expect(screen.last == ":goto st")
        #expect(Harness.browser(keys: ":goto st").promptText == "goto st")
    }

    @Test(arguments: [("goto", "step-30"), ("scroll-to", "step-30"), ("goto", "step-44"), ("goto", "photo-7")])
    func gotoFocusesTheTargetDirectlyBelowThePinnedHeader(command: String, id: String) {
        let browser = Harness.browser(keys: ":\(command) \(id)<Enter>")
        #expect(browser.focusedID == id)
        let screen = Harness.screen(keys: ":\(command) \(id)<Enter>")
        #expect(screen.last?.hasPrefix(" \(id)  origami.json") == true)
    }

    @Test func gotoAnItemLandsItsTitleOnTheFirstLineUnderTheHeader() {
        let screen = Harness.screen(keys: ":goto step-12<Enter>")
        #expect(screen[0] == "  Steps · folding a crane")
        #expect(screen[1] == "▌ 12. Fold the top triangle down")
    }

    @Test func gotoCenterAndBottomPlaceTheTargetThere() {
        let center = Harness.screen(keys: ":goto step-12 center<Enter>")
        let title = center.firstIndex(of: "▌ 12. Fold the top triangle down")
        #expect(title.map { $0 > 1 && $0 < 12 } == true)
        let bottom = Harness.screen(keys: ":goto step-12 bottom<Enter>")
        // The item's last marked line sits right above its trailing blank line at the bottom.
        #expect(bottom[21].hasPrefix("▌ "))
        #expect(!bottom[22].hasPrefix("▌"))
    }

    @Test func gotoAHeaderFocusesTheSectionsFirstItem() {
        #expect(Harness.browser(keys: ":goto steps-header<Enter>").focusedID == "step-1")
    }

    @Test(arguments: [
        (":goto nope<Enter>", " no item with id \"nope\""),
        (":fly<Enter>", " unknown command \"fly\""),
        (":goto<Enter>", " usage: :goto ID [top|center|bottom]"),
        (":goto step-3 middle<Enter>", " expected top, center or bottom, found \"middle\""),
    ])
    func mistakesSayWhyAndChangeNothing(keys: String, message: String) {
        let screen = Harness.screen(keys: "jj" + keys)
        // The message follows the focused id, which stays first.
        #expect(screen.last?.hasPrefix(" step-3 " + message) == true)
        #expect(Array(screen.dropLast()) == Harness.view(keys: "jj"))
        #expect(Harness.browser(keys: "jj" + keys).focusedID == "step-3")
    }

    @Test func escapeAndBackspaceCloseTheCommandLine() {
        #expect(Harness.view(keys: ":goto x<Esc>") == Harness.view())
        #expect(Harness.view(keys: ":g<BS><BS>") == Harness.view())
        #expect(Harness.browser(keys: ":g<BS><BS>j").focusedID == "step-2")
    }

    @Test func topBottomAndQuitCommands() {
        #expect(Harness.browser(keys: ":bottom<Enter>").focusedID == "photo-1")
        #expect(Harness.browser(keys: "G:top<Enter>").focusedID == "step-1")
        #expect(Harness.browser(keys: ":q<Enter>").isFinished)
    }

    @Test func statsShowsTheCountersAsJSON() {
        let line = Harness.screen(keys: "<PgDn>:stats<Enter>").last ?? ""
        #expect(line.hasPrefix(" step-3  {\"rows\":48,\"resolvedNow\":"))
    }

    @Test func theMessageGoesAwayWithTheNextKey() {
        #expect(Harness.screen(keys: ":nope<Enter>j").last?.hasPrefix(" step-2  origami.json") == true)
    }
}
