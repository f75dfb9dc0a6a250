import Glibc
@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing

/// `/`, `?`, `n`, `N` through `render --keys`, as a user types them.
@Suite struct SearchTests {
    /// Every item whose id, title, subtitle or body contains "crane" (lower case: any case).
    static let craneMatches = ["step-32", "step-34", "step-38", "step-40", "step-41", "step-42", "step-43",
                               "step-44", "photo-1", "photo-30"]

    @Test func slashFindsTheNextMatchAndNWalksThroughTheRest() {
        var keys = "/crane<Enter>"
        for expected in Self.craneMatches {
            #expect(Harness.browser(keys: keys).focusedID == expected, "keys \(keys)")
            keys += "n"
        }
        // Past the last match the search wraps, and says so.
        #expect(Harness.browser(keys: keys).focusedID == "step-32")
        #expect(Harness.screen(keys: keys).last?.hasPrefix(" step-32  search hit BOTTOM, continuing at TOP  ") == true)
    }

    @Test func questionMarkSearchesBackwardAndNGoesTheOtherWay() {
        #expect(Harness.browser(keys: "G?kite<Enter>").focusedID == "step-19")
        #expect(Harness.browser(keys: "G?kite<Enter>n").focusedID == "step-17")
        #expect(Harness.browser(keys: "G?kite<Enter>nN").focusedID == "step-19")
        #expect(Harness.screen(keys: "?kite<Enter>").last?.hasPrefix(" step-19  search hit TOP, continuing at BOTTOM  ") == true)
    }

    @Test func smartCaseIsCaseSensitiveOnlyWithAnUpperCaseLetter() {
        #expect(Harness.screen(keys: "/Crane<Enter>").last?.hasPrefix(" step-1  no match for \"Crane\"  ") == true)
        #expect(Harness.browser(keys: "/PETAL<Enter>").focusedID == "step-1")
        #expect(Harness.browser(keys: "/petal<Enter>").focusedID == "step-14")
    }

    @Test func anEmptyPatternRepeatsTheLastSearch() {
        #expect(Harness.browser(keys: "/kite<Enter>/<Enter>").focusedID == "step-11")
        #expect(Harness.screen(keys: "n").last?.hasPrefix(" step-1  no previous search  ") == true)
    }

    @Test func matchesAreHighlighted() {
        let frame = Harness.frames(keys: "/kite<Enter>").last!
        let lines = frame.textLines()
        let y = try! #require(lines.firstIndex { $0.contains("Kite fold") })
        let x = lines[y].distance(from: lines[y].startIndex, to: lines[y].firstRange(of: "Kite")!.lowerBound)
        #expect(frame[x, y].style == Theme.color.match)
        #expect(frame[x + 3, y].style == Theme.color.match)
        #expect(frame[x + 4, y].style != Theme.color.match)
    }

    @Test func searchFindsRowsNeverBuiltWithoutBuildingThem() {
        let document = Harness.bigDocument(items: 100_000)
        let browser = Harness.browser(document, keys: "/item 99999<Enter>")
        #expect(browser.focusedID == "item-99999")
        // The rows in between were searched as data, never resolved.
        #expect(browser.stack.counters.resolvedPeak < 40)
        #expect(browser.stack.counters.measured < 200)
    }

    /// A viewer of 100,000 items, 80x24, searching for `pattern` a step a tick (as on a
    /// terminal), typed as `/`, the pattern and Enter.
    static func searchingInSteps(for pattern: String) -> Viewer {
        var browser = Viewer(document: Harness.bigDocument(items: 100_000), fileName: "big.json",
                              size: TerminalSize(width: 80, height: 24))
        browser.searchesInSteps = true
        browser.handle(.key(.character("/")))
        for character in pattern { browser.handle(.key(.character(character))) }
        browser.handle(.key(.enter))
        return browser
    }

    @Test func anInteractiveSearchRunsInStepsAndEscCancelsIt() {
        var browser = Self.searchingInSteps(for: "no such text")
        #expect(browser.isSearching)
        browser.continueSearch(budget: 30_000)
        #expect(browser.isSearching)
        #expect(Harness.text(of: browser.render()).last?.hasPrefix(" item-0  searching /no such text … 30% (a key stops)  ") == true)
        browser.handle(.key(.escape))
        #expect(!browser.isSearching)
        #expect(Harness.text(of: browser.render()).last?.hasPrefix(" item-0  search cancelled  ") == true)
    }

    /// A tick with a key waiting leaves a search where it was (the key comes first, and stops
    /// it); a tick without moves it on.
    @Test func aSearchStepWaitsForTheKeyThatWillStopIt() {
        var browser = Self.searchingInSteps(for: "no such text")
        let started = Harness.text(of: browser.render()).last
        _ = browser.tick(inputIsWaiting: { true })
        #expect(Harness.text(of: browser.render()).last == started)
        _ = browser.tick(inputIsWaiting: { false })
        let stepped = Harness.text(of: browser.render()).last
        #expect(stepped != started && stepped?.contains("searching /no such text") == true, "\(stepped ?? "")")
    }
}

@Suite struct SearchMatchingTests {
    @Test(arguments: [("Kite Fold", "kite", true), ("kITe", "kite", true), ("ki te", "kite", false),
                      ("日本 Kite", "kite", true), ("", "k", false), ("k", "", true), ("kit", "kite", false)])
    func patternsWithoutUpperCaseMatchInAnyCase(text: String, pattern: String, matches: Bool) throws {
        #expect(try Search(pattern: pattern, forward: true).contains(text) == matches)
    }

    @Test func nonASCIIPatternsFoldCaseToo() throws {
        #expect(try Search(pattern: "émile", forward: true).contains("Chez ÉMILE"))
        #expect(try !Search(pattern: "Émile", forward: true).contains("chez émile"))
    }

    @Test func regularExpressionsFindItemsAndTheirMatchesAreHighlighted() {
        // `\d+` with a counted repeat and a word boundary: step 12's title "12. …" is the first.
        let screen = Harness.screen(keys: #"/\b1\d\. <Enter>"#)
        #expect(screen.last?.hasPrefix(" step-10 ") == true)
        let frame = Harness.frames(keys: #"/\b1\d\. <Enter>"#).last!
        let y = try! #require(Harness.text(of: frame).firstIndex { $0.contains("10. ") })
        let x = try! #require(Harness.text(of: frame)[y].firstIndex(of: "1")).utf16Offset(in: Harness.text(of: frame)[y])
        #expect(frame[x, y].style == Theme.color.match)
        #expect(frame[x + 2, y].style == Theme.color.match)
        #expect(frame[x + 4, y].style != Theme.color.match, "the space after the match is not part of it")
    }

    @Test func aBadPatternSaysWhyAndKeepsTheLastSearch() {
        let screen = Harness.screen(keys: "/crane<Enter>/fold(<Enter>")
        #expect(screen.last?.contains(#"bad pattern "fold(": missing closing parenthesis"#) == true)
        // `n` goes on with the last good search.
        #expect(Harness.browser(keys: "/crane<Enter>/fold(<Enter>n").focusedID == Harness.browser(keys: "/crane<Enter>n").focusedID)
        #expect(Harness.browser(keys: "/crane<Enter>n").focusedID != Harness.browser(keys: "/crane<Enter>").focusedID)
    }

    /// Issue 11: a search that found its match in its last step kept the step before's
    /// "searching … 98%" on the status line until a key was pressed.
    @Test func aMatchFoundInALaterStepLeavesNoProgressBehind() {
        var browser = Viewer(document: Harness.bigDocument(items: 1_000), fileName: "big.json",
                              size: TerminalSize(width: 80, height: 24))
        browser.searchesInSteps = true
        for key in "/Item 900" { browser.handle(InputEvent.key(.character(key))) }
        browser.handle(.key(.enter))
        browser.continueSearch(budget: 500)
        #expect(browser.message?.hasPrefix("searching /Item 900") == true)
        browser.continueSearch(budget: 500)
        #expect(!browser.isSearching)
        #expect(browser.focusedID == "item-900")
        #expect(browser.message == nil)
        #expect(Harness.text(of: browser.render()).last?.hasPrefix(" item-900  big.json") == true)
    }

    /// Issue 22: a search or a filter typed while a big stack document is read looks at the items
    /// read so far, then waits for the rest, saying so — never "no match" for an item not read
    /// yet — and finds it once the scan gets there; a filter's count says "so far".
    @Test func aSearchOrFilterWhileReadWaitsForTheWholeFile() throws {
        // The needle lies past what the scan can reach before the keys are typed, however the
        // threads are scheduled: the scan waits once 65,536 items it found are not taken (a
        // chunk's more at most), and opening takes what was found twice at most (when the first
        // items are there, and once after): about 213,000 items found at most.
        var text = #"{"sections": [{"id": "s", "header": "All", "items": ["#
        text += (0..<260_000).map { #"{"id": "item-\#($0)", "title": "\#($0 == 259_990 ? "needle-near-end" : "hay")"}"# }
            .joined(separator: ",\n") + "]}]}"
        let path = "/tmp/tstack-search-while-read-\(getpid()).json"
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
        defer { unlink(path) }
        let size = TerminalSize(width: 100, height: 12)
        // Only the first items are taken in before the first frame: the rest comes by take-ins.
        var browser = Viewer(loading: try #require(try LazyDocument.open(path: path, minimumSize: 0, firstItems: 50)),
                              fileName: "big.json", size: size)
        browser.searchesInSteps = true
        for key in "/needle-near-end" { browser.handle(InputEvent.key(.character(key))) }
        browser.handle(InputEvent.key(.enter))
        browser.continueSearch(budget: Int.max)
        let waiting = Harness.text(of: browser.render()).last ?? ""
        #expect(browser.isSearching && waiting.contains("searching /needle-near-end … ") && waiting.contains("read (a key stops)"), "\(waiting)")
        while browser.isLoading { browser.absorbLoadedItems() }
        browser.continueSearch(budget: Int.max)
        #expect(browser.focusedID == "item-259990")

        var filtered = Viewer(loading: try #require(try LazyDocument.open(path: path, minimumSize: 0, firstItems: 50)),
                               fileName: "big.json", size: size)
        for key in "&needle" { filtered.handle(InputEvent.key(.character(key))) }
        filtered.handle(InputEvent.key(.enter))
        filtered.finishFilter()
        let partial = Harness.text(of: filtered.render()).last ?? ""
        #expect(partial.contains("filter: needle (0 of ") && partial.contains("so far)") && !partial.contains("no item matches"), "\(partial)")
        while filtered.isLoading { filtered.absorbLoadedItems() }
        let whole = Harness.text(of: filtered.render()).last ?? ""
        #expect(whole.contains("filter: needle (1 of 260,000)"), "\(whole)")
    }
}
