@testable import DocumentViewer
import TerminalUI
import Testing

@Suite struct MarksAndDetailTests {
    @Test func mMarksTheFocusedItemInTheGutterAndTheStatusCountsMarks() {
        let screen = Harness.screen(keys: "jm")
        #expect(screen.contains("▌*2. Check the square"))
        #expect(screen.last?.contains("1 marked") == true)
        #expect(!Harness.screen(keys: "jmm").contains { $0.hasPrefix("▌*") })
    }

    @Test func marksSurviveATripAwayAndBackAResizeAndFiltering() {
        let keys = "jjm" + "G" + "<Resize 50x12>" + "-" + "g" + "jj"
        let screen = Harness.screen(size: TerminalSize(width: 80, height: 24), keys: keys)
        #expect(screen.contains { $0.hasPrefix("▌*3. Colour side down") })
        #expect(Harness.browser(keys: keys).markedIDs == ["step-3"])
    }

    @Test func quoteJumpsToTheNextMarkInDocumentOrderAndWraps() {
        let keys = "jjm" + String(repeating: "j", count: 10) + "m" + "G" + "l" + "m" + "g"
        #expect(Harness.browser(keys: keys + "'").focusedID == "step-3")
        #expect(Harness.browser(keys: keys + "''").focusedID == "step-13")
        #expect(Harness.browser(keys: keys + "'''").focusedID == "photo-2")
        #expect(Harness.browser(keys: keys + "''''").focusedID == "step-3")
        #expect(Harness.screen(keys: "'").last?.hasPrefix(" step-1  no marks  ") == true)
    }

    @Test func marksCommandListsThemWithTitles() {
        let screen = Harness.screen(keys: "jjm<End>lm:marks<Enter>")
        #expect(screen.contains { $0.contains("┌ Marks (2)") })
        #expect(screen.contains { $0.contains("│ step-3  3. Colour side down") })
        #expect(screen.contains { $0.contains("│ photo-2  Paper boat") })
        // Any key closes the list and does nothing else.
        #expect(Harness.browser(keys: "jjm<End>lm:marks<Enter>j").focusedID == "photo-2")
        #expect(!Harness.screen(keys: "jjm<End>lm:marks<Enter>j").contains { $0.contains("┌ Marks") })
    }

    @Test func lowerDetailFiltersItemsOutOfTheRows() {
        // 7 steps have detail 3 and 8 more detail 2: 76 items, 69 at detail 2, 61 at detail 1.
        #expect(Harness.screen(keys: "-").last?.hasPrefix(" step-1  detail 2  ") == true)
        #expect(Harness.screen(keys: "-j").last?.contains("item 2 of 69") == true)
        #expect(Harness.screen(keys: "--j").last?.contains("item 2 of 61") == true)
        #expect(Harness.screen(keys: "--+j").last?.contains("item 2 of 69") == true)
        #expect(Harness.screen(keys: ":detail 1<Enter>j").last?.contains("item 2 of 61") == true)
        #expect(Harness.screen(keys: ":detail 4<Enter>").last?.hasPrefix(" step-1  usage: :detail 1|2|3  ") == true)
    }

    @Test func theFocusedItemKeepsItsLineWhenDetailChanges() {
        let before = Harness.view(keys: "jjjjjjjjjj")  // step-11, detail 1
        let line = try! #require(before.firstIndex { $0.hasPrefix("▌ 11.") })
        let after = Harness.view(keys: "jjjjjjjjjj--")
        #expect(after[line].hasPrefix("▌ 11."))
    }

    @Test func aFilteredOutFocusPassesToItsNearestNeighbourOnTheSameLine() {
        let before = Harness.view(keys: "jjjjjjjj")  // step-9 has detail 2
        let line = try! #require(before.firstIndex { $0.hasPrefix("▌ 9.") })
        #expect(Harness.browser(keys: "jjjjjjjj--").focusedID == "step-10")
        #expect(Harness.view(keys: "jjjjjjjj--")[line].hasPrefix("▌ 10."))
    }
}
