@testable import DocumentViewer
import TerminalUI
import Testing

@Suite struct OverlayAndMouseTests {
    @Test func f1AndHelpShowEveryKeyAndCommandUntilTheNextKey() {
        let size = TerminalSize(width: 100, height: 50)
        for keys in ["<F1>", ":help<Enter>"] {
            let screen = Harness.screen(size: size, keys: keys)
            #expect(screen.contains { $0.contains("┌ Keys and commands") })
            for entry in ["next / previous item", "search forward / backward", ":goto ID", "Scroll to Showcase"] {
                #expect(screen.contains { $0.contains(entry) }, "\(entry) in \(keys)")
            }
            #expect(Harness.view(size: size, keys: keys + "x") == Harness.view(size: size))
        }
    }

    @Test func aHelpTooLongForTheScreenScrollsAndAnyOtherKeyClosesIt() {
        let size = TerminalSize(width: 70, height: 14)
        let first = Harness.screen(size: size, keys: "<F1>")
        #expect(first.contains { $0.contains("more lines (j, Space: scroll)") })
        #expect(!first.contains { $0.contains("shortcuts: s") })
        let paged = Harness.screen(size: size, keys: "<F1><Space>")
        #expect(paged.contains { $0.contains("lines above (k, b: scroll)") })
        #expect((0..<40).contains { lines in
            Harness.screen(size: size, keys: "<F1>" + String(repeating: "j", count: lines)).contains { $0.contains("shortcuts: s") }
        }, "the document's shortcuts are in it")
        let end = Harness.screen(size: size, keys: "<F1>G")
        #expect(end.contains { $0.contains("delete to the start") }, "the last line shows")
        #expect(Harness.screen(size: size, keys: "<F1>Ggk") == first, "g goes back to the top; k there stays")
        #expect(Harness.view(size: size, keys: "<F1><Space>x") == Harness.view(size: size), "x closes it and does nothing else")
        #expect(Harness.view(size: size, keys: "<F1><Space><Esc>") == Harness.view(size: size), "Esc closes it")
        // A box that fits is closed by any key, j included, which does nothing else.
        let big = TerminalSize(width: 100, height: 50)
        #expect(Harness.view(size: big, keys: "<F1>j") == Harness.view(size: big))
    }

    @Test func theShortcutButtonShowsWhileItsTargetIsHiddenAndItsKeyGoesThere() {
        #expect(Harness.view().last?.hasSuffix("[s] Scroll to Showcase") == true)
        #expect(Harness.browser(keys: "s").focusedID == "photo-1")
        let there = Harness.view(keys: "s")
        #expect(there.contains { $0.hasPrefix("  Showcase") })
        #expect(!there.contains { $0.contains("[s] Scroll to Showcase") })
    }

    @Test func theShortcutButtonShrinksOnANarrowScreenAndNeverCoversTheGutter() {
        let narrow = Harness.view(size: TerminalSize(width: 20, height: 8))
        #expect(narrow.last?.hasSuffix("[s]") == true)
        #expect(narrow.last?.hasPrefix("  ") == true || narrow.last?.hasPrefix("▌") == true)
    }

    @Test func aClickFocusesTheItemUnderIt() {
        // Line 8 of the first screen is step 2's title.
        #expect(Harness.browser(keys: "<Click 10,8>").focusedID == "step-2")
        #expect(Harness.browser(keys: "<Click 10,30>").focusedID == "step-1")
    }

    @Test func aClickOnACardFocusesTheCard() {
        let screen = Harness.screen(keys: "<End>")
        let y = try! #require(screen.firstIndex { $0.contains("Paper boat") })
        let x = screen[y].distance(from: screen[y].startIndex, to: screen[y].firstRange(of: "Paper boat")!.lowerBound)
        #expect(Harness.browser(keys: "<End><Click \(x),\(y)>").focusedID == "photo-2")
    }

    @Test func aClickOnTheScrollbarJumpsThere() {
        let middle = Harness.browser(keys: "<Click 79,11>")
        let ordinal = Int(middle.focusedID?.dropFirst(5) ?? "") ?? 0
        #expect((10...34).contains(ordinal), "focused \(middle.focusedID ?? "")")
        #expect(Harness.screen(keys: "<Click 79,22>").last?.hasSuffix("Bot") == true)
        #expect(Harness.browser(keys: "G<Click 79,0>").focusedID == "step-1")
    }

    @Test func theScrollbarThumbMovesDownAndIsBoldOnceTheHeightIsExact() {
        let top = Harness.frames().last!
        #expect(top[79, 0].character == "┃")
        #expect(top[79, 0].style.attributes == .dim)
        let bottom = Harness.frames(keys: String(repeating: "<PgDn>", count: 30)).last!
        #expect(bottom[79, 22].character == "┃")
        // After paging through everything every row has been measured: the height is exact.
        #expect(bottom[79, 22].style.attributes == .bold)
        #expect(Harness.screen(keys: String(repeating: "<PgDn>", count: 30)).last?.contains("~") == false)
    }

    @Test func promptHistoryAndCompletion() {
        #expect(Harness.screen(keys: ":goto step-3<Enter>:<Up>").last == ":goto step-3")
        #expect(Harness.screen(keys: ":goto step-3<Enter>:top<Enter>:<Up><Up>").last == ":goto step-3")
        #expect(Harness.screen(keys: ":goto step-3<Enter>:<Up><Down>").last == ":")
        #expect(Harness.screen(keys: ":go<Tab>").last == ":goto")
        #expect(Harness.screen(keys: ":goto pho<Tab>").last == ":goto photo-")
        // Several candidates: the common prefix stays, and they are listed above the prompt.
        #expect(Harness.screen(keys: ":goto step-4<Tab>").last == ":goto step-4")
        #expect(Harness.view(keys: ":goto step-4<Tab>").last?.hasPrefix(" step-4  step-40  step-41") == true)
        #expect(Harness.browser(keys: ":goto step-2<Tab>3<Enter>").focusedID == "step-23")
        #expect(Harness.browser(keys: ":goto showcase-h<Tab><Enter>").focusedID == "photo-1")
    }

    @Test func theStatusLineShowsSectionDetailMarksAndTheEstimatedHeight() {
        let status = Harness.screen(size: TerminalSize(width: 120, height: 24), keys: "m").last ?? ""
        #expect(status.hasPrefix(" step-1  origami.json  Steps · folding a crane"))
        #expect(status.contains("item 1 of 76  1 marked  detail 3  ~"))
        #expect(status.hasSuffix(" lines  Top"))
    }
}
