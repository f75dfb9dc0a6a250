import Glibc
@testable import DocumentViewer
@testable import DocumentData
import StackEngine
import TerminalUI
import TestSupport
import Testing

/// A document that grows while it shows (read the lazy way): the rows after every step are the
/// rows of the document built whole, and what was on screen never moves.
@Suite struct GrowingDocumentTests {
    /// A random final document and the snapshots a scan would produce on the way to it: the
    /// last section grows, new sections start (a horizontal one only once whole).
    static func growth(seed: UInt64) -> (steps: [StackDocument], final: StackDocument) {
        var random = SeededGenerator(seed: seed)
        var sections: [StackDocument.Section] = []
        var steps: [StackDocument] = []
        var number = 0
        for s in 0..<Int.random(in: 1...6, using: &random) {
            let horizontal = Int.random(in: 0..<5, using: &random) == 0
            let items = (0..<Int.random(in: 0...12, using: &random)).map { _ -> StackDocument.Item in
                number += 1
                return StackDocument.Item(
                    id: "item-\(number)", title: "Item \(number)", body: String(repeating: "word ", count: number % 30),
                    detail: Int.random(in: 1...3, using: &random))
            }
            let header = Bool.random(using: &random) ? "Section \(s)" : nil
            let footer = Bool.random(using: &random) ? "End of \(s)" : nil
            func section(_ count: Int) -> StackDocument.Section {
                StackDocument.Section(
                    id: "s\(s)", header: header, footer: footer, layout: horizontal ? .horizontal : .vertical,
                    items: Array(items.prefix(count)))
            }
            if !horizontal {
                var count = 0
                while count < items.count {
                    count = min(items.count, count + Int.random(in: 1...4, using: &random))
                    steps.append(StackDocument(sections: sections + [section(count)]))
                }
            }
            sections.append(section(items.count))
            steps.append(StackDocument(sections: sections))
        }
        return (steps, StackDocument(sections: sections))
    }

    static func rowIDs(_ rows: DocumentRows) -> [String] {
        (0..<rows.rowCount).map { "\(rows.rowKind(at: $0)):\(rows.rowID(at: $0))" }
    }

    @Test(arguments: 0..<100 as Range<UInt64>)
    func growingRowsAreTheRowsOfTheWholeDocument(seed: UInt64) {
        let (steps, final) = Self.growth(seed: seed)
        let detail = Int(seed % 3) + 1
        var stack = LazyStack(
            source: DocumentRows(document: StackDocument(sections: []), detailLevel: detail),
            crossExtent: 60, viewportExtent: 10)
        for document in steps {
            let before = Self.rowIDs(stack.source)
            let start = stack.replaceRows(updatingSourceFrom: { $0.update(growingWith: { document }) })
            let after = Self.rowIDs(stack.source)
            #expect(Array(after.prefix(start)) == Array(before.prefix(start)), "seed \(seed)")
            #expect(after == Self.rowIDs(DocumentRows(document: document, detailLevel: detail)), "seed \(seed)")
            _ = stack.layout()
        }
        let whole = DocumentRows(document: final, detailLevel: detail)
        #expect(Self.rowIDs(stack.source) == Self.rowIDs(whole), "seed \(seed)")
        #expect(stack.source.itemCount == whole.itemCount, "seed \(seed)")
        for ordinal in 0..<whole.itemCount {
            #expect(stack.source.item(atOrdinal: ordinal) == whole.item(atOrdinal: ordinal), "seed \(seed)")
        }
    }

    /// A reader can also take a last section back or rename it: one whose `layout` (after its
    /// items) says it is a strip is left out until it closes, and one whose `id` comes after its
    /// items is named by its path until then. The rows follow, named as a whole document's.
    @Test func aLastSectionTakenBackOrRenamedIsReplacedWhole() {
        let items = (0..<3).map { StackDocument.Item(id: "i\($0)", title: "Item \($0)", body: "b", detail: 1) }
        let steps = [
            StackDocument(sections: [.init(id: "sections[0]", header: "H", items: Array(items.prefix(2)))]),
            StackDocument(sections: [.init(id: "main", header: "H", items: Array(items.prefix(3)))]),
            StackDocument(sections: []),
            StackDocument(sections: [
                .init(id: "main", header: "H", layout: .horizontal, items: items),
                .init(id: "next", header: "N", items: [.init(id: "j0", title: "J", body: "b", detail: 1)]),
            ]),
        ]
        var stack = LazyStack(
            source: DocumentRows(document: StackDocument(sections: []), detailLevel: 3), crossExtent: 60, viewportExtent: 10)
        for document in steps {
            stack.replaceRows(updatingSourceFrom: { $0.update(growingWith: { document }) })
            let whole = DocumentRows(document: document, detailLevel: 3)
            #expect(Self.rowIDs(stack.source) == Self.rowIDs(whole))
            // Every id names its row, and ids of rows gone name none.
            for row in 0..<whole.rowCount { #expect(stack.source.rowIndex(forID: whole.rowID(at: row)) == row) }
            for gone in ["sections[0]-header", "sections[0]"] where !Self.rowIDs(whole).contains(where: { $0.hasSuffix(":" + gone) }) {
                #expect(stack.source.rowIndex(forID: gone) == nil, "\(gone)")
            }
            _ = stack.layout()
        }
    }

    /// Writes a stack document of `sections` sections (`s0`, headed `Section 0`, …) of `items`
    /// items each, item `n` of the file written by `item(n)`, to a file in `/tmp`.
    /// - Returns: its path (the caller removes it).
    static func writeDocument(named name: String, sections: Int, items: Int, item: (Int) -> String) -> String {
        var text = #"{"sections": ["#
        for s in 0..<sections {
            text += (s > 0 ? "," : "") + #"{"id": "s\#(s)", "header": "Section \#(s)", "items": ["#
            text += (0..<items).map { item(s * items + $0) }.joined(separator: ",\n") + "]}\n"
        }
        text += "]}"
        let path = "/tmp/tstack-\(name)-\(getpid()).json"
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
        return path
    }

    /// A big file read the lazy way: the first screen shows at once, the view stays put while
    /// the rest comes in, then End reaches the last item and `:goto` finds any id. 260,000 items:
    /// more than opening can take in, so rows certainly arrive after the first frame.
    @Test func aBrowserTakesInTheRestWithoutMovingTheScreen() throws {
        let path = Self.writeDocument(named: "growing", sections: 100, items: 2_600) {
            #"{"id": "item-\#($0)", "title": "Item \#($0)"}"#
        }
        defer { unlink(path) }
        let lazy = try #require(try LazyDocument.open(path: path, minimumSize: 0, firstItems: 50))
        let size = TerminalSize(width: 60, height: 12)
        var browser = Viewer(loading: lazy, fileName: "growing.json", size: size)
        let first = Harness.text(of: browser.render())
        #expect(first[0].hasPrefix("  Section 0"))
        browser.perform(.nextItem)
        let moved = Harness.text(of: browser.render())
        let rowsBefore = browser.rows.rowCount
        // Not read yet, however the threads are scheduled (the scan waits once 65,536 items it
        // found are not taken, and opening takes twice at most: about 213,000 found at most);
        // looked up again once it is, the search goes on from where it stopped.
        #expect(browser.rows.rowIndex(forID: "item-255000") == nil)
        while browser.isLoading { browser.absorbLoadedItems() }
        #expect(browser.rows.rowCount > rowsBefore, "rows arrived after the first frame")
        #expect(browser.rows.rowIndex(forID: "item-255000").map { browser.rows.rowID(at: $0) } == "item-255000")
        let loaded = Harness.text(of: browser.render())
        #expect(Array(loaded.dropLast()) == Array(moved.dropLast()), "taking in rows never moves the screen")
        #expect(loaded.last?.contains("item 2 of 260,000") == true, "\(loaded.last ?? "")")
        browser.perform(.bottom)
        #expect(browser.focusedID == "item-259999")
        let found = browser.scroll(toID: "item-12345")
        #expect(found)
        // Asked again (as a shortcut's target is, every frame): remembered, the same row.
        #expect(browser.rows.rowIndex(forID: "item-12345") == browser.focus)
        #expect(browser.rows.rowIndex(forID: "item-260000") == nil)
        #expect(browser.focusedID == "item-12345")
    }

    /// A key that comes while scanned items are taken in waits for one batch, not for the
    /// take-in's slice: with thousands of items found and waiting, a tick that hears a key is
    /// waiting takes in one batch (``LazyDocument/itemsPerUpdate``) and their rows; the next
    /// ticks take the rest, and every row arrives.
    @Test func aTakeInStopsAfterABatchWhenAKeyIsWaiting() throws {
        // 5 MB: opening takes in at most what the reader read ahead of the first screen (a small
        // chunk and four of 512 KiB), so more than a batch is left, however threads are scheduled.
        let body = String(repeating: "fold ", count: 40)
        let path = Self.writeDocument(named: "interrupted", sections: 20, items: 1_000) {
            #"{"id": "item-\#($0)", "title": "Item", "body": "\#(body)"}"#
        }
        defer { unlink(path) }
        let lazy = try #require(try LazyDocument.open(path: path, minimumSize: 0, firstItems: 50))
        var browser = Viewer(loading: lazy, fileName: "interrupted.json", size: TerminalSize(width: 60, height: 12))
        // Everything the scan finds is fetched from it, none taken in (and the reader's hold for
        // the first screen ends): the scan runs to the end of the file.
        while true {
            let generation = lazy.channel.changes.generation
            lazy.update(limit: 0)
            if lazy.fractionScanned == 1 || lazy.scanEnded { break }
            lazy.channel.changes.wait(after: generation)
        }
        #expect(lazy.fractionScanned == 1 && lazy.failure == nil)
        let before = lazy.itemCount
        #expect(20_000 - before > 2 * LazyDocument.itemsPerUpdate, "items left to take in")
        _ = browser.tick(inputIsWaiting: { true })
        #expect(lazy.itemCount - before == LazyDocument.itemsPerUpdate)
        #expect(browser.rows.itemCount == lazy.itemCount, "the batch's rows are in")
        // However long the slice (a tick's is short enough that a slow build ends it after a
        // batch anyway).
        browser.absorbLoadedItems(until: .now + .seconds(60), stoppingWhen: { true })
        #expect(lazy.itemCount - before == 2 * LazyDocument.itemsPerUpdate)
        while browser.isLoading { _ = browser.tick(inputIsWaiting: { false }) }
        #expect(browser.rows.itemCount == 20_000)
    }
}
