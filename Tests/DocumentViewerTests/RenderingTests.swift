@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing

@Suite struct RenderingTests {
    @Test func statusLineNamesTheFocusedIDFirstThenFileAndPosition() {
        let status = Harness.screen(keys: "jj").last!
        #expect(status.hasPrefix(" step-3  origami.json"))
        #expect(status.hasSuffix("item 3 of 76  Top") || status.contains("item 3 of 76"))
    }

    @Test func statusLineKeepsTheIDOnANarrowTerminal() {
        let status = Harness.screen(size: TerminalSize(width: 12, height: 6), keys: "jjjjjjjjj").last!
        #expect(status.hasPrefix(" step-10"))
    }

    @Test func focusedItemIsMarkedInTheGutter() {
        let screen = Harness.screen(keys: "j")
        let marked = screen.filter { $0.hasPrefix("▌") }
        #expect(marked.first == "▌ 2. Check the square")
        #expect(screen.filter { $0.hasPrefix("▌ 1.") }.isEmpty)
    }

    @Test func wideCharactersAreNeverSplitAtTheRightEdge() {
        // Gutter 2 + 7 narrow + 日本 → 本 would straddle columns 11–12 of a 12-column screen
        // (its last column is the right margin), so it is cut whole.
        let document = Harness.document(#"{"sections": [{"id": "s", "items": [{"id": "a", "title": "abcdefg日本語"}]}]}"#)
        let screen = Harness.screen(document, size: TerminalSize(width: 14, height: 4))
        #expect(screen[0] == "▌ abcdefg日…")
        let art = Harness.document(#"{"sections": [{"id": "s", "items": [{"id": "a", "title": "t", "art": ["xxxxxx日本"]}]}]}"#)
        let artScreen = Harness.screen(art, size: TerminalSize(width: 14, height: 4))
        #expect(artScreen[1] == "▌   xxxxxx日")
    }

    @Test func documentTextIsShownInertNeverAsEscapeSequences() {
        let document = Harness.document(#"{"sections": [{"id": "s", "items": [{"id": "a", "title": "x\u001b[2Jy", "body": "bell\u0007 \u009b1m"}]}]}"#)
        let frame = Harness.frames(document, size: TerminalSize(width: 40, height: 5)).last!
        #expect(frame.textLines()[0] == "▌ x^[[2Jy")
        #expect(frame.textLines()[1] == "▌ bell^G \\u009b1m")
        for cell in frame.cells {
            #expect(cell.character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func sectionHeaderPinsToTheTopWhileItsSectionScrolls() {
        let screen = Harness.screen(keys: "<C-e><C-e><C-e>")
        #expect(screen[0].hasPrefix("  Steps · folding a crane"))
        #expect(screen[1] == "▌ Preparation" || screen[1].hasPrefix("▌"))
    }

    @Test func cardsAreClippedCleanlyAndTheFocusedCardIsShown() {
        let browser = Harness.browser(keys: "<End>ll")
        #expect(browser.focusedID == "photo-3")
        let screen = Harness.screen(keys: "<End>ll")
        #expect(screen.contains { $0.contains("Jumping frog") })
        #expect(screen.last!.hasPrefix(" photo-3  origami.json"))
    }

    @Test func emptyDocumentShowsAStatusLine() {
        let screen = Harness.screen(Harness.document(#"{"sections": []}"#), size: TerminalSize(width: 50, height: 3))
        #expect(screen == ["", "", " (no items)  origami.json  detail 3  0 lines  All"])
    }
}

@Suite struct ThemeTests {
    @Test func monochromeKeepsEveryDistinctionWithoutColour() {
        var browser = Viewer(document: Harness.demo, fileName: "origami.json", size: TerminalSize(width: 80, height: 24))
        for key in "jjjjl" { browser.handle(.key(.character(key))) }
        browser.handle(.key(.character("m")))
        let before = Harness.text(of: browser.render())
        browser.useTheme(.monochrome)
        let frame = browser.render()
        #expect(Harness.text(of: frame) == before)
        #expect(frame.cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
        let y = try! #require(before.firstIndex { $0.hasPrefix("▌*5.") })
        #expect(frame[0, y].style == Theme.monochrome.focus)
        #expect(frame[1, y].style == Theme.monochrome.mark)
        #expect(frame[2, y].style.attributes.contains(.bold))
        #expect(frame[2, 23].style.attributes.contains(.reverse))
    }

    /// Issue 11: after `-` the status line showed only "detail 1": the focused id went.
    @Test(arguments: [80, 40, 24])
    func aMessageKeepsTheFocusedIDFirst(width: Int) {
        let line = Harness.screen(size: TerminalSize(width: width, height: 12), keys: "jj--").last ?? ""
        #expect(line.hasPrefix(" step-3  detail 1"), "\(width) columns: \(line)")
    }

    /// Issue 11: `render` kept every frame (45 KB a key); a terminal that keeps only the last
    /// holds one frame however many keys it is given, and still shows each as it comes.
    @Test func aTerminalThatKeepsOnlyTheLastFrameHoldsOne() throws {
        let keys = try KeyNotation.parse(String(repeating: "j", count: 200))
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 24), input: keys, keepsEveryFrame: false)
        var presented = 0
        terminal.onPresent = { _ in presented += 1 }
        var browser = Viewer(document: Harness.demo, fileName: "origami.json", size: terminal.size)
        _ = browser.run(screen: terminal, input: terminal)
        #expect(terminal.frames.count == 1)
        #expect(presented == 201)
        #expect(terminal.screen == Harness.frames(keys: String(repeating: "j", count: 200)).last)
    }
}
