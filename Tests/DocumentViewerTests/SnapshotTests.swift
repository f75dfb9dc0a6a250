@testable import DocumentViewer
import TerminalUI
import Testing

/// Whole screens of the demo, as text, against recorded snapshots in `Snapshots/`.
@Suite struct SnapshotTests {
    @Test func demoFirstScreenAt80x24() {
        Harness.assertSnapshot(Harness.fullScreen(), named: "demo-80x24")
    }

    @Test func demoFirstScreenAt40x12() {
        Harness.assertSnapshot(Harness.fullScreen(size: TerminalSize(width: 40, height: 12)), named: "demo-40x12")
    }

    @Test func demoAfterPagingDownAt80x24() {
        Harness.assertSnapshot(Harness.fullScreen(keys: "<PgDn><PgDn>"), named: "demo-80x24-two-pages")
    }

    @Test func showcaseCardsScrolledSideways() {
        Harness.assertSnapshot(Harness.fullScreen(keys: "<End>lllll"), named: "demo-80x24-showcase")
    }

    @Test(arguments: [
        ("help", "<F1>"), ("marks", "jjm<End>lm:marks<Enter>"), ("search", "/kite<Enter>n"),
        ("detail-1", "jjjjjjjj:detail 1<Enter>"), ("completion", ":goto step-4<Tab>"),
        ("narrow-status", "<Resize 30x10>jjm"),
    ])
    func overlaysAndCommands(name: String, keys: String) {
        Harness.assertSnapshot(Harness.fullScreen(keys: keys), named: "demo-\(name)")
    }

    @Test func everyScreenHasExactlyTheTerminalsLineCount() {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 12)] {
            for frame in Harness.frames(size: size, keys: "jjj<PgDn><End>") {
                #expect(frame.textLines().count == size.height)
            }
        }
    }
}
