import DocumentData
import StackEngine
import TerminalUI
import Testing
@testable import DocumentViewer

/// On a terminal, the rows nobody has looked at are measured while no key comes: the content's
/// height in the status line becomes exact, and nothing on screen moves for it.
@Suite struct IdleMeasuringTests {
    static func run(script: [MemoryTerminal.Step], inSteps: Bool) -> MemoryTerminal {
        let size = TerminalSize(width: 80, height: 24)
        let terminal = MemoryTerminal(size: size, script: script)
        var viewer = Viewer(document: Harness.demo, fileName: "origami.json", size: size)
        viewer.searchesInSteps = inSteps
        _ = viewer.run(screen: terminal, input: terminal)
        return terminal
    }

    @Test func theHeightBecomesExactWhileIdleAndTheViewStays() {
        let terminal = Self.run(script: [.event(.key(.character("j"))), .wait(.milliseconds(300))], inSteps: true)
        // The first frame, before any idle time: the height is estimated.
        let first = Harness.text(of: terminal.frames[0])
        let keyFrame = Harness.text(of: terminal.frames[1])
        let last = Harness.text(of: terminal.frames.last!)
        #expect(first.last?.contains("~") == true, "\(first.last ?? "")")
        #expect(last.last?.contains("~") == false, "\(last.last ?? "")")
        #expect(Array(last.dropLast()) == Array(keyFrame.dropLast()), "the rows on screen do not move")
        // The exact height is the sum of every row built at the list's width.
        let rows = DocumentRows(document: Harness.demo)
        // (The list's width less its gutter and its scrollbar.)
        let width = 80 - 2 - 1
        let total = (0..<rows.rowCount).reduce(0) { $0 + rows.resolveRow(at: $1, crossExtent: width).extent }
        let grouped = total >= 1_000 ? "\(total / 1_000),\(String(total % 1_000 + 1_000).dropFirst())" : "\(total)"
        #expect(last.last?.contains(" \(grouped) lines ") == true, "\(last.last ?? "") for \(total)")
    }

    /// Without work in steps (`render`), only the rows a frame needs are measured: the frames do
    /// not depend on the machine's speed.
    @Test func renderMeasuresOnlyWhatItShows() {
        let terminal = Self.run(script: [.event(.key(.character("j"))), .wait(.milliseconds(300))], inSteps: false)
        #expect(terminal.frames.count == 2)
        #expect(Harness.text(of: terminal.frames.last!).last?.contains("~") == true)
    }

    /// Idle slices come many a frame; the rows ahead are built once after each frame, not once
    /// a slice (the prefetch's walk is logged each time it runs).
    @Test func theRowsAheadAreBuiltOnceAFrame() {
        let size = TerminalSize(width: 80, height: 24)
        let terminal = MemoryTerminal(size: size, script: [.event(.key(.character("j"))), .wait(.milliseconds(300))])
        // Items enough for many slices of 4 ms.
        let items = (0..<20_000).map { StackDocument.Item(id: "i\($0)", title: "item \($0)", body: String(repeating: "word ", count: 40)) }
        let document = StackDocument(sections: [.init(id: "s", header: "S", items: items)])
        var viewer = Viewer(document: document, fileName: "many.json", size: size)
        viewer.searchesInSteps = true
        final class Lines: @unchecked Sendable { var prefetches = 0 }
        let lines = Lines()
        viewer.setLayoutLog { if $0.hasPrefix("prefetch") { lines.prefetches += 1 } }
        _ = viewer.run(screen: terminal, input: terminal)
        let last = Harness.text(of: terminal.frames.last!).last ?? ""
        #expect(!last.contains("~"), "measured whole: \(last)")
        #expect(lines.prefetches > 0 && lines.prefetches <= terminal.frames.count, "\(lines.prefetches) for \(terminal.frames.count) frames")
    }
}
