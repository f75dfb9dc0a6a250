@testable import DocumentViewer
import StackEngine
import TerminalUI
import Testing

/// Only rows on or near the screen are ever built, whatever the document's size.
@Suite struct ScaleTests {
    @Test func resolvedRowsStayBoundedOnALargeDocument() {
        let document = Harness.bigDocument(items: 100_000)
        var keys = String(repeating: "<PgDn>", count: 200) + "G" + String(repeating: "<PgUp>", count: 50) + "g"
        keys += String(repeating: "j", count: 100)
        let browser = Harness.browser(document, keys: keys)
        #expect(browser.focusedID == "item-100")
        // 23 lines of viewport, one screen ahead and one behind, rows of at least 3 lines.
        #expect(browser.stack.counters.resolvedPeak < 40)
        #expect(browser.stack.resolvedCount < 40)
    }
}
