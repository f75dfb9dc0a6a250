import Glibc
import StackBrowser
@testable import StackDocument
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
        var browser = Browser(loading: lazy, fileName: "big.json", size: TerminalSize(width: 60, height: 12))
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
