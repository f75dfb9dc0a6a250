import DocumentData
@testable import DocumentViewer
import Foundation
import Glibc
import TerminalUI
import TestSupport
import Testing

/// A file changed under the viewer between random keys — appended to, truncated, rewritten in
/// place, replaced, removed — shown as a tree, a table or a stack document: after every key and
/// every change the viewer answers (each call returns, and its work settles within a bounded
/// number of ticks: no loop spins), and a screen never shows two versions of the file without
/// the status line saying the file changed.
///
/// Each version writes its records with its own mark (`"v": 3`, a title `v3`), the same length in
/// bytes for every version, so an in-place rewrite changes bytes under rows already read.
@Suite(.serialized) struct ChangingFilePropertyTests {
    enum Shape: CaseIterable { case jsonLines, table, stackDocument }

    /// Version `version`'s text of `count` records in `shape` (every version the same length).
    static func text(_ shape: Shape, count: Int, version: Int) -> String {
        switch shape {
        case .jsonLines:
            return (0..<count).map { #"{"i": \#(1_000 + $0), "s": "v\#(version) record \#(1_000 + $0)"}"# + "\n" }.joined()
        case .table:
            let records = (0..<count).map { #"{"i": \#(1_000 + $0), "s": "v\#(version) record \#(1_000 + $0)"}"# }
            return "[\n" + records.joined(separator: ",\n") + "\n]\n"
        case .stackDocument:
            let items = (0..<count).map { #"{"id": "item-\#(1_000 + $0)", "title": "v\#(version) item \#(1_000 + $0)"}"# }
            return #"{"title": "Doc", "sections": [{"id": "s", "header": "Items", "items": ["#
                + items.joined(separator: ",\n") + "]}]}\n"
        }
    }

    static func write(_ text: String, to path: String) {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// The versions whose mark shows on `lines`.
    static func versions(on lines: [String]) -> Set<Int> {
        let regex = try! NSRegularExpression(pattern: #"\bv([0-9]) (record|item)"#)
        var found = Set<Int>()
        for line in lines {
            for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                if let group = Range(match.range(at: 1), in: line), let version = Int(line[group]) { found.insert(version) }
            }
        }
        return found
    }

    /// Ticks as a terminal's loop would until the viewer's work settles — no tick due, its wake
    /// descriptor (a scan's, the file's watch) quiet — waiting at most 20 ms a time on that
    /// descriptor while a tick is due later; false when it still wanted a tick after `limit`.
    static func settle(_ viewer: inout Viewer, limit: Int = 5_000) -> Bool {
        for _ in 0..<limit {
            var watched = pollfd(fd: viewer.wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
            switch viewer.tickInterval {
            case nil: if poll(&watched, 1, 0) <= 0 { return true }
            case let interval? where interval > 0: _ = poll(&watched, 1, Int32(min(interval, 20)))
            default: break
            }
            _ = viewer.update(.tick)
        }
        return false
    }

    @Test(arguments: Shape.allCases, 1...10)
    func theViewerAnswersAndNeverMixesVersionsUnsaid(shape: Shape, seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var template = Array("/tmp/tstack-changing-XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + (shape == .jsonLines ? "/log.jsonl" : "/data.json")
        var count = 3_000
        var version = 1
        Self.write(Self.text(shape, count: count, version: version), to: path)
        let open = { try OpenedDocument.open(path: path, lazyThreshold: 0) }
        var viewer = try Viewer(
            opening: try open(), fileName: "data", size: TerminalSize(width: 100, height: 12), theme: .monochrome,
            layout: shape == .table ? .table : .tree, reopening: DocumentReopening(path: path, open: open))
        viewer.searchesInSteps = true
        let keys = ["j", "k", "G", "gg", "<PageDown>", "<PageUp>", "/record 1<Enter>", "n", "&record 2<Enter>", "&<Enter>", "<Esc>", "R", "zM", "l", "h"]
        var history: [String] = []
        for step in 0..<60 {
            let context = "\(shape), seed \(seed), step \(step) after \(history)"
            if Int.random(in: 0..<3, using: &generator) == 0 {
                // A change on disk.
                let change = Int.random(in: 0..<5, using: &generator)
                history.append(["append/truncate", "truncate", "rewrite", "replace", "remove"][change])
                switch change {
                case 0 where shape == .jsonLines:
                    // Appended: records of the same version.
                    let more = Self.text(shape, count: count + 50, version: version).utf8
                        .dropFirst(Self.text(shape, count: count, version: version).utf8.count)
                    let file = fopen(path, "a")
                    fputs(String(decoding: more, as: UTF8.self), file)
                    fclose(file)
                    count += 50
                case 0, 1:
                    truncate(path, off_t(Int.random(in: 0...Self.text(shape, count: count, version: version).utf8.count, using: &generator)))
                case 2:
                    // Rewritten in place: the same length, another version's bytes.
                    version = version % 9 + 1
                    let file = fopen(path, "r+")
                    fputs(Self.text(shape, count: count, version: version), file)
                    fclose(file)
                case 3:
                    // Replaced: another version's file renamed over the path.
                    version = version % 9 + 1
                    Self.write(Self.text(shape, count: count, version: version), to: path + ".new")
                    rename(path + ".new", path)
                default:
                    unlink(path)
                }
            } else {
                let key = keys[Int.random(in: 0..<keys.count, using: &generator)]
                history.append(key)
                for event in try KeyNotation.parse(key) { _ = viewer.update(event) }
            }
            #expect(Self.settle(&viewer), "\(context): its work never settled")
            let lines = viewer.render().textLines()
            let shown = Self.versions(on: Array(lines.dropLast()))
            if shown.count > 1 {
                #expect(lines.last!.contains("on disk"), "\(context): versions \(shown) shown unsaid: \(lines)")
            }
            // (Removed: R cannot open it; it is written again for the next steps.)
            if access(path, F_OK) != 0 { Self.write(Self.text(shape, count: count, version: version), to: path) }
        }
        _ = viewer.update(.key(.character("q")))
        #expect(viewer.isFinished)
    }
}
