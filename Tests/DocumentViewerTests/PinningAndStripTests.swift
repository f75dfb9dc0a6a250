@testable import DocumentViewer
import DocumentData
import TerminalUI
import TestSupport
import Testing

@Suite struct PinningAndStripTests {
    static var twoSections: StackDocument { Harness.document(#"""
        {"sections": [
          {"id": "a", "header": "A", "items": [{"id": "a1", "title": "a1"}, {"id": "a2", "title": "a2"}, {"id": "a3", "title": "a3"}]},
          {"id": "b", "header": "B", "items": [{"id": "b1", "title": "b1"}, {"id": "b2", "title": "b2"}]}
        ]}
        """#) }

    @Test func theNextHeaderPushesThePinnedHeaderOut() {
        let frames = Harness.frames(Self.twoSections, size: TerminalSize(width: 12, height: 5), keys: "<C-e><C-e><C-e><C-e><C-e><C-e><C-e>")
            .map { Array(Harness.text(of: $0).dropLast()) }
        #expect(frames[0] == ["  A", "▌ a1", "", "  a2"])
        // Header A stays pinned over the rows scrolling under it...
        #expect(frames[1] == ["  A", "", "▌ a2", ""])
        // (a3's title is under the header: the focus moves on to the first item in view.)
        #expect(frames[5] == ["  A", "", "  B", "▌ b1"])
        // ...until B arrives right under it and pushes it out.
        #expect(frames[6] == ["  A", "  B", "▌ b1", ""])
        #expect(frames[7] == ["  B", "▌ b1", "", "  b2"])
    }

    @Test func footersPinToTheBottomWhenTheDocumentAsks() {
        let document = Harness.document(#"""
            {"pinned": ["headers", "footers"], "sections": [
              {"id": "a", "header": "A", "footer": "end of A", "items": [{"id": "a1", "title": "a1"}, {"id": "a2", "title": "a2"}, {"id": "a3", "title": "a3"}]}
            ]}
            """#)
        let screen = Harness.screen(document, size: TerminalSize(width: 20, height: 5))
        #expect(Array(screen.dropLast()) == ["  A", "▌ a1", "", "  ── end of A ──"])
        // Moving on keeps the footer at the bottom and shows the next item above it.
        let next = Harness.screen(document, size: TerminalSize(width: 20, height: 5), keys: "j")
        #expect(Array(next.dropLast()) == ["  A", "▌ a2", "", "  ── end of A ──"])
        let unpinned = Harness.screen(Self.twoSections, size: TerminalSize(width: 20, height: 5))
        #expect(!unpinned.contains { $0.contains("──") })
    }

    @Test func aStripKeepsItsPositionWhenScrolledAwayAndBack() {
        let there = Harness.view(keys: "<End>lllll")
        let awayAndBack = Harness.view(keys: "<End>lllll" + "g" + String(repeating: "j", count: 10) + "G")
        #expect(awayAndBack == there)
        #expect(Harness.browser(keys: "<End>lllllgG").focusedID == "photo-6")
    }

    @Test func stripStopsAtItsEnds() {
        #expect(Harness.browser(keys: "<End>hhh").focusedID == "photo-1")
        #expect(Harness.browser(keys: "<End>" + String(repeating: "l", count: 50)).focusedID == "photo-32")
        let last = Harness.screen(keys: "<End>" + String(repeating: "l", count: 50))
        #expect(last.contains { $0.contains("Origami mouse") })
    }

    @Test(arguments: ["top", "center", "bottom"])
    func gotoSnapshotsAtEachAlignment(alignment: String) {
        let screen = Harness.fullScreen(size: TerminalSize(width: 60, height: 16), keys: ":goto step-12 \(alignment)<Enter>")
        Harness.assertSnapshot(screen, named: "goto-step-12-\(alignment)-60x16")
    }

    @Test(arguments: 0..<60)
    func theFocusStaysOnScreenWhateverTheKeys(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let keys = ["j", "k", "<C-e>", "<C-y>", "<C-d>", "<C-u>", "<PgDn>", "<PgUp>", "g", "G", "l", "h",
                    "<ScrollDown>", "<ScrollUp>", "<Resize 40x10>", "<Resize 100x30>", "<Resize 25x6>", "<Resize 80x24>"]
        var script = ""
        for _ in 0..<30 { script += keys[Int(generator.next() % UInt64(keys.count))] }
        let browser = Harness.browser(keys: script)
        let screen = Harness.screen(keys: script)
        // The focused item's mark shows on some line, and the status line names it.
        #expect(screen.dropLast().contains { $0.hasPrefix("▌") }, "keys \(script)\n\(screen.joined(separator: "\n"))")
        #expect(screen.last?.hasPrefix(" \(browser.focusedID ?? "?")") == true, "keys \(script)")
    }
}

