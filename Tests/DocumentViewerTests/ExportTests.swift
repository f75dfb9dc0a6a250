@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing

/// An export is a whole-file job like any other: written at once when jobs do not run in steps
/// (`browse FILE | …`), or a window a tick with its progress on the status line — the same lines
/// either way.
@Suite struct ExportTests {
    static let size = TerminalSize(width: 60, height: 12)

    /// The lines `viewer` exports at once, and in steps (with what the status line said between).
    static func exported(_ make: () -> Viewer) -> (atOnce: [String], inSteps: [String], progress: [String]) {
        var atOnce: [String] = []
        var whole = make()
        whole.export(to: ExportSink { atOnce.append($0) })
        var inSteps: [String] = []
        var progress: [String] = []
        var stepped = make()
        stepped.searchesInSteps = true
        stepped.export(to: ExportSink { inSteps.append($0) })
        while stepped.tickInterval == 0 {
            progress.append(stepped.render().textLines().last!)
            _ = stepped.update(InputEvent.tick)
        }
        return (atOnce, inSteps, progress)
    }

    @Test func aTreeOfJSONLinesIsWrittenInStepsAsAtOnce() throws {
        let text = (0..<10_000).map { #"{"n": \#($0)}"# }.joined(separator: "\n") + "\n"
        let export = Self.exported {
            Viewer(tree: try! JSONTree(bytes: Array(text.utf8), name: "log.jsonl", jsonLines: true), fileName: "log.jsonl", size: Self.size)
        }
        #expect(export.atOnce.count == 2 + 3 * 10_000 && export.atOnce.first == "[" && export.atOnce.last == "]")
        #expect(Array(export.atOnce[1...3]) == ["  {", "    \"n\": 0", "  },"])
        #expect(export.inSteps == export.atOnce)
        // (A check, then three batches of lines: progress between each.)
        #expect(export.progress.count == 4, "\(export.progress)")
        #expect(export.progress.contains { $0.contains("writing … 40% (Esc stops)") }, "\(export.progress)")
    }

    @Test func aTableIsWrittenInStepsAsAtOnce() throws {
        let text = (0..<9_000).map { #"{"n": \#($0), "v": "a,b"}"# }.joined(separator: "\n") + "\n"
        let export = Self.exported {
            var viewer = Viewer(
                tree: try! JSONTree(bytes: Array(text.utf8), name: "log.jsonl", jsonLines: true), fileName: "log.jsonl", size: Self.size)
            _ = viewer.showRecordsTable()
            return viewer
        }
        #expect(export.atOnce.prefix(2) == ["n,v\r", "0,\"a,b\"\r"])
        #expect(export.atOnce.count == 9_001)
        #expect(export.inSteps == export.atOnce)
        // (A check, the columns of every record — a window of the file a step: here one —, then
        // the rows of JSON Lines, whose lines may not be JSON: each read whole, three batches.)
        #expect(export.progress.count == 5, "\(export.progress)")
    }

    @Test func aStackDocumentIsWrittenInStepsAsAtOnce() throws {
        let export = Self.exported { Viewer(document: Harness.bigDocument(items: 3_000), fileName: "big.json", size: Self.size) }
        #expect(export.atOnce.contains("  Item 2999"), "\(export.atOnce.suffix(5))")
        #expect(export.inSteps == export.atOnce)
        #expect(export.progress.count > 1)
    }

    /// Esc stops an export in steps, saying what was written is not the whole document.
    @Test func escStopsAnExport() throws {
        let text = (0..<10_000).map { #"{"n": \#($0)}"# }.joined(separator: "\n") + "\n"
        var lines: [String] = []
        var viewer = Viewer(tree: try JSONTree(bytes: Array(text.utf8), name: "log.jsonl", jsonLines: true), fileName: "log.jsonl", size: Self.size)
        viewer.searchesInSteps = true
        viewer.export(to: ExportSink { lines.append($0) })
        _ = viewer.update(InputEvent.tick)
        _ = viewer.update(InputEvent.tick)
        viewer.handle(.key(.escape))
        #expect(viewer.tickInterval == nil)
        #expect(viewer.render().textLines().last!.contains("export cancelled: what was written is not"))
        #expect(lines.count > 1 && lines.last != "]")
    }

    /// Records asked of a tree that has none: nothing is written, and the sink says why.
    @Test func recordsAskedOfATreeWithNoneFail() throws {
        var lines: [String] = []
        var viewer = Viewer(tree: try JSONTree(bytes: Array("[1, 2]".utf8), name: "n.json"), fileName: "n.json", size: Self.size)
        let sink = ExportSink(wantsRecords: true) { lines.append($0) }
        viewer.export(to: sink)
        #expect(lines.isEmpty)
        #expect(sink.failure == .noRecords("n.json"))
    }
}
