import Foundation
import Testing
@testable import DocumentData
@testable import DocumentViewer
import TerminalUI

/// Issue 45: `:write FILE` writes what the view shows — the records kept by `&` or `:where`, in
/// `:sort`'s order — as CSV, JSON or JSON Lines by the extension; never over a file unless `:w!`;
/// nothing half-written when Esc stops it.
@Suite struct WriteCommandTests {
    static let size = TerminalSize(width: 100, height: 10)

    static func type(_ keys: String, into viewer: inout Viewer) {
        for event in try! KeyNotation.parse(keys) { viewer.handle(event) }
    }

    /// A fresh directory, removed by the caller.
    static func directory() -> String {
        var template = Array("/tmp/tstack-write-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template))
    }

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    static func log(_ count: Int) -> [UInt8] {
        Array((0..<count).map { #"{"n": \#(($0 * 7) % count), "name": "r\#($0)", "s": "caf\u00e9\u202e"}"# + "\n" }.joined().utf8)
    }

    @Test func theRowsAsShownInTheirOrderByExtension() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tree = try JSONTree(bytes: Self.log(20), name: "log.jsonl", jsonLines: true)
        var viewer = try Viewer(opening: .tree(tree), fileName: "log.jsonl", size: Self.size, theme: .monochrome, layout: .table)
        Self.type(":where n < 5<Enter>:sort -n<Enter>", into: &viewer)
        Self.type(":w \(directory)/out.jsonl<Enter>", into: &viewer)
        #expect(viewer.message == "wrote 5 records to \(directory)/out.jsonl", "\(viewer.message ?? "")")
        let lines = try #require(Self.read(directory + "/out.jsonl")).split(separator: "\n")
        #expect(lines.map { $0.contains(#""n": 4,"#) ? 4 : $0.contains(#""n": 0,"#) ? 0 : -1 }.first == 4, "sorted: \(lines)")
        #expect(lines.count == 5 && lines.allSatisfy { $0.contains(#""s": "café\u202e""#) }, "inert, one line each: \(lines)")
        // The same as CSV and as a JSON array.
        Self.type(":w \(directory)/out.csv<Enter>:w \(directory)/out.json<Enter>", into: &viewer)
        let csv = try #require(Self.read(directory + "/out.csv")).split(separator: "\r\n")
        #expect(csv.first == "n,name,s" && csv.count == 6 && csv[1].hasPrefix("4,"), "\(csv)")
        let array = try JSONParser.parse(Array(try #require(Self.read(directory + "/out.json")).utf8))
        guard case .array(let records) = array else { Issue.record("not an array"); return }
        #expect(records.count == 5)
        // Never over a file unless asked.
        Self.type(":w \(directory)/out.jsonl<Enter>", into: &viewer)
        #expect(viewer.message == ":write: \(directory)/out.jsonl exists (:w! \(directory)/out.jsonl replaces it)")
        Self.type(":where<Enter>:w! \(directory)/out.jsonl<Enter>", into: &viewer)
        #expect(viewer.message == "wrote 20 records to \(directory)/out.jsonl", "\(viewer.message ?? "")")
        Self.type(":w \(directory)/out.txt<Enter>", into: &viewer)
        #expect(viewer.message?.contains("the file's extension says how") == true)
        Self.type(":w \(directory)/none/out.csv<Enter>", into: &viewer)
        #expect(viewer.message?.contains("No such file or directory") == true, "\(viewer.message ?? "")")
        // A new file's mode is what the umask gives, not the temporary file's 0600.
        let mask = umask(0)
        umask(mask)
        var status = stat()
        #expect(stat(directory + "/out.csv", &status) == 0 && status.st_mode & 0o777 == 0o666 & ~mask)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == ["out.csv", "out.json", "out.jsonl"], "no temporary file left: \(left)")
    }

    /// In a tree, the focused array's records the filter keeps.
    @Test func aTreeWritesTheRecordsItsFilterKeeps() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let json = #"{"meta": 1, "features": [{"name": "a"}, {"name": "bee"}, {"name": "cee"}]}"#
        let tree = try JSONTree(bytes: Array(json.utf8), name: "g.json")
        var viewer = Viewer(tree: tree, fileName: "g.json", size: Self.size, theme: .monochrome)
        Self.type(":goto .features[0].name<Enter>&ee<Enter>:w \(directory)/kept.jsonl<Enter>", into: &viewer)
        #expect(viewer.message == "wrote 2 records to \(directory)/kept.jsonl", "\(viewer.message ?? "")")
        #expect(Self.read(directory + "/kept.jsonl") == "{\"name\": \"bee\"}\n{\"name\": \"cee\"}\n")
        Self.type(":goto .meta<Enter>:w \(directory)/meta.json<Enter>", into: &viewer)
        #expect(viewer.message?.hasPrefix(":write: no records here") == true, "\(viewer.message ?? "")")
    }

    /// Esc stops a write in steps: no file, no temporary file.
    @Test func escStopsAWriteAndLeavesNothing() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tree = try JSONTree(bytes: Self.log(20_000), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.searchesInSteps = true
        Self.type(":w \(directory)/all.jsonl<Enter>", into: &viewer)
        _ = viewer.update(.tick)
        #expect(viewer.tree?.jobs.contains(.export) == true, "still writing")
        Self.type("<Esc>", into: &viewer)
        #expect(viewer.tree?.jobs.contains(.export) == false)
        for _ in 0..<20 where viewer.tickInterval != nil { _ = viewer.update(.tick) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
