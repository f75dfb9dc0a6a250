import Glibc
@testable import DocumentViewer
@testable import DocumentData
import TerminalUI
import Testing

/// Work over every item of a file read lazily decodes only what it must.
@Suite struct WholeFileWorkTests {
    /// A file of `count` items in sections of 500 (item `n` has detail `n % 3 + 1`), read
    /// lazily to its end, and its store.
    static func lazyDocument(items count: Int) throws -> (LazyDocument, LazyItems, String) {
        var text = #"{"sections": ["#
        for s in 0..<(count / 500) {
            text += (s > 0 ? "," : "") + #"{"id": "s\#(s)", "header": "Section \#(s)", "items": ["#
            text += (0..<500).map { n in
                let number = s * 500 + n
                return #"{"id": "item-\#(number)", "title": "Item \#(number)", "detail": \#(number % 3 + 1)}"#
            }.joined(separator: ",\n") + "]}\n"
        }
        text += "]}"
        let path = "/tmp/tstack-wholefile-\(getpid())-\(count).json"
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
        let lazy = try #require(try LazyDocument.open(path: path, minimumSize: 0))
        lazy.wait { _ in false }
        let store = try #require(lazy.document.itemStore as? LazyItems)
        return (lazy, store, path)
    }

    @Test func aDetailLevelChangeReadsTheScanRecordsNotTheItems() throws {
        let (lazy, store, path) = try Self.lazyDocument(items: 20_000)
        defer { unlink(path) }
        var browser = Viewer(loading: lazy, fileName: "big.json", size: TerminalSize(width: 60, height: 12))
        while browser.isLoading { browser.absorbLoadedItems() }
        browser.scroll(toID: "item-10001")  // detail 3: hidden at 1 and 2
        _ = browser.render()
        let before = store.decodedCount
        browser.perform(.lessDetail)
        _ = browser.render()
        browser.perform(.lessDetail)
        _ = browser.render()
        #expect(browser.detailLevel == 1)
        #expect(browser.focusedID == "item-10002", "the nearest item shown at detail 1 (10,000 and 10,002 are as near: after first)")
        #expect(store.decodedCount - before < 100, "decoded \(store.decodedCount - before) items")
    }
}

/// `&PATTERN`: only the items that match show.
@Suite struct FilterTests {
    /// The ids of the items (and cards) the rows show, in order.
    static func shownIDs(_ browser: Viewer) -> [String] {
        (0..<browser.rows.itemCount).map { browser.rows.item(atOrdinal: $0).id }
    }

    static func matches(_ item: StackDocument.Item, _ pattern: String) -> Bool {
        let regex = try! RegexPattern(pattern)
        return ([item.id, item.title, item.subtitle ?? "", item.body ?? ""] + item.art).contains(where: regex.matches)
    }

    @Test func onlyTheMatchesShowAndAnEmptyFilterShowsAllAgain() {
        let demo = Harness.demo
        let expected = demo.sections.flatMap { Array($0.items) }.filter { Self.matches($0, "crane") }.map(\.id)
        let filtered = Harness.browser(keys: "&crane<Enter>")
        #expect(Self.shownIDs(filtered) == expected)
        #expect(expected.count > 3 && expected.count < 70)
        let screen = Harness.screen(keys: "&crane<Enter>")
        #expect(screen.last?.contains("filter: crane") == true)
        #expect(screen.last?.contains("of \(expected.count)") == true)
        let all = Harness.browser(keys: "&crane<Enter>&<Enter>")
        #expect(all.filter == nil)
        #expect(all.rows.itemCount == Harness.browser().rows.itemCount)
    }

    @Test func sectionsWithNoMatchAreLeftOut() {
        let shown = Harness.browser(keys: "&Kyoto<Enter>")
        #expect(shown.rows.itemCount > 0)
        // Only Showcase cards mention Kyoto: the Steps section and its header are gone.
        #expect(shown.rows.rowIndex(forID: "steps-header") == nil)
        #expect(Self.shownIDs(shown).allSatisfy { $0.hasPrefix("photo-") })
    }

    @Test func theFilterAndTheDetailLevelCombineAndKeysMoveWithinWhatShows() {
        let browser = Harness.browser(keys: "&fold<Enter>-")
        let ids = Self.shownIDs(browser)
        let demo = Harness.demo
        let items = Dictionary(uniqueKeysWithValues: demo.sections.flatMap { Array($0.items) }.map { ($0.id, $0) })
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { Self.matches(items[$0]!, "fold") && items[$0]!.detail <= 2 })
        #expect(browser.filter?.pattern == "fold", "a detail change keeps the filter")
        let bottom = Harness.browser(keys: "&fold<Enter>-G")
        #expect(bottom.focusedID.map(ids.contains) == true)
        var stack = bottom.stack
        #expect(stack.layout().isAtBottom)
        let searched = Harness.browser(keys: "&fold<Enter>/crane<Enter>")
        let foldIDs = Self.shownIDs(Harness.browser(keys: "&fold<Enter>"))
        #expect(searched.focusedID.map(foldIDs.contains) == true, "a search finds only what shows")
        #expect(searched.focusedID != Harness.browser(keys: "&fold<Enter>").focusedID, "and it found one")
    }

    @Test func theFocusStaysOnItsItemOrTheNearestShown() {
        #expect(Harness.browser(keys: ":goto step-12<Enter>&step<Enter>").focusedID == "step-12")
        let moved = Harness.browser(keys: ":goto step-12<Enter>&Kyoto<Enter>").focusedID
        #expect(moved?.hasPrefix("photo-") == true)
    }

    @Test func aFilterThatMatchesNothingChangesNothingAndSaysSo() {
        let browser = Harness.browser(keys: "jj&no such thing<Enter>")
        #expect(browser.filter == nil)
        #expect(browser.focusedID == Harness.browser(keys: "jj").focusedID)
        #expect(browser.message?.contains(#"no item matches "no such thing""#) == true)
        #expect(Harness.browser(keys: "&fold(<Enter>").message?.hasPrefix(#"bad pattern "fold(""#) == true)
    }

    @Test func aLongFilterRunsInStepsAndEscCancelsIt() {
        var browser = Viewer(document: Harness.bigDocument(items: 100_000), fileName: "big.json",
                              size: TerminalSize(width: 80, height: 24))
        browser.searchesInSteps = true
        for key in "&Item 99" { _ = browser.update(.key(.character(key))) }
        _ = browser.update(.key(.enter))
        #expect(browser.isFiltering)
        #expect(browser.tickInterval == 0)
        _ = browser.update(.tick)
        #expect(browser.message?.hasPrefix("filtering &Item 99 … 20% (Esc stops)") == true)
        _ = browser.update(.key(.character("j")))
        #expect(browser.isFiltering, "other keys let it go on")
        _ = browser.update(.key(.escape))
        #expect(!browser.isFiltering)
        #expect(browser.filter == nil)
        #expect(browser.message == "filter cancelled")
        for key in "&Item 99" { _ = browser.update(.key(.character(key))) }
        _ = browser.update(.key(.enter))
        while browser.isFiltering { _ = browser.update(.tick) }
        #expect(browser.rows.itemCount == 1 + 10 + 100 + 1_000, "Item 99, 990–999, 9900–9999, 99000–99999")
    }

    @Test func aFilterThroughAFileReadLazilyDecodesOnlyWhatMayMatch() throws {
        let (lazy, store, path) = try WholeFileWorkTests.lazyDocument(items: 20_000)
        defer { unlink(path) }
        var browser = Viewer(loading: lazy, fileName: "big.json", size: TerminalSize(width: 60, height: 12))
        while browser.isLoading { browser.absorbLoadedItems() }
        let before = store.decodedCount
        for key in #"&Item 1234\d"# { browser.handle(.key(.character(key))) }
        browser.handle(.key(.enter))
        browser.finishFilter()
        _ = browser.render()
        #expect(browser.rows.itemCount == 10)
        #expect(browser.focusedID == "item-12340")
        #expect(store.decodedCount - before < 60, "decoded \(store.decodedCount - before) items")
    }
}

/// A stack document a test appends items to while a browser follows it (its closing brackets
/// never written: the document goes on).
struct FollowedLog {
    let path: String

    init(name: String) { path = "/tmp/tstack-\(name)-\(getpid()).json" }

    /// Appends `items` (JSON objects, each followed by a comma); `truncating` starts the file
    /// again with the document's head.
    func write(_ items: String, truncating: Bool = false) {
        let file = fopen(path, truncating ? "w" : "a")
        if truncating { fputs(#"{"sections": [{"id": "log", "items": ["# + "\n", file) }
        fputs(items, file)
        fclose(file)
    }

    /// Item `n`: id `n-N`, title `event N`, its level in the body.
    static func item(_ n: Int, level: String = "info") -> String {
        #"{"id": "n-\#(n)", "title": "event \#(n)", "body": "level \#(level)"},"# + "\n"
    }

    func remove() { unlink(path) }

    /// Takes in what `browser`'s scan finds until `condition` holds, for at most two seconds.
    static func takeIn(_ browser: inout Viewer, until condition: (Viewer) -> Bool) {
        let deadline = ContinuousClock.now + .seconds(2)
        while !condition(browser), ContinuousClock.now < deadline {
            browser.absorbLoadedItems()
            usleep(5_000)
        }
    }

    /// A browser of the log, following it from the start.
    func browser() throws -> (Viewer, GrowingFile) {
        let file = try GrowingFile(path: path)
        let lazy = try #require(try LazyDocument.open(following: file))
        return (Viewer(loading: lazy, fileName: "log.json", size: TerminalSize(width: 60, height: 12)), file)
    }
}

/// `F`: the view keeps to the end of an input that grows.
@Suite(.serialized) struct FollowModeTests {
    @Test func theViewKeepsToTheEndAsItemsArriveUntilAKey() throws {
        let log = FollowedLog(name: "follow-mode")
        defer { log.remove() }
        let lines = { (range: ClosedRange<Int>) in range.map { FollowedLog.item($0) }.joined() }
        log.write(lines(1...50), truncating: true)
        var (browser, file) = try log.browser()
        defer { file.stop() }
        FollowedLog.takeIn(&browser) { $0.rows.itemCount == 50 }
        browser.perform(.follow)
        #expect(browser.focusedID == "n-50")
        log.write(lines(51...500))
        FollowedLog.takeIn(&browser) { $0.focusedID == "n-500" }
        #expect(browser.focusedID == "n-500")
        let status = Harness.text(of: browser.render()).last ?? ""
        #expect(status.contains("following"), "\(status)")
        browser.handle(.key(.character("k")))
        #expect(Harness.text(of: browser.render()).last?.contains("following") == false)
        log.write(lines(501...510))
        FollowedLog.takeIn(&browser) { $0.rows.itemCount == 510 }
        #expect(browser.focusedID == "n-499", "no longer following: the focus stays")
    }

    @Test func aFinishedInputHasNothingToFollow() {
        let browser = Harness.browser(keys: "F")
        #expect(browser.message?.hasPrefix("nothing to follow") == true)
    }
}

/// A filter on an input that goes on growing matches what arrives after it.
@Suite(.serialized) struct FilterWhileGrowingTests {
    @Test func itemsArrivingAfterTheFilterAreMatchedAsTheyCome() throws {
        let log = FollowedLog(name: "filter-growing")
        defer { log.remove() }
        let line = { (n: Int) in FollowedLog.item(n, level: n % 10 == 0 ? "error" : "info") }
        log.write((1...100).map(line).joined(), truncating: true)
        var (browser, file) = try log.browser()
        defer { file.stop() }
        FollowedLog.takeIn(&browser) { $0.rows.itemCount == 100 }
        for key in "&error" { browser.handle(.key(.character(key))) }
        browser.handle(.key(.enter))
        browser.finishFilter()
        #expect(browser.rows.itemCount == 10)
        log.write((101...300).map(line).joined())
        FollowedLog.takeIn(&browser) { $0.rows.itemCount == 30 }
        #expect(browser.rows.itemCount == 30, "the errors among the new lines show, the rest does not")
        #expect((0..<browser.rows.itemCount).allSatisfy { browser.rows.item(atOrdinal: $0).body?.contains("error") == true })
    }
}
