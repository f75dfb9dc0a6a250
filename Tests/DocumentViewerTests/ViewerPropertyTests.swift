import Widgets
@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing
import TestSupport

/// Random keys from the one key table, on each of the viewer's three contents — a stack
/// document, a JSON file, a JSON Lines file: nothing crashes, the focus is always on screen,
/// the rows built stay bounded by the screen, and a tree's rows are the naive flattening of its
/// value through the folds.
@Suite struct ViewerPropertyTests {
    enum Kind: CaseIterable {
        case stack, json, jsonLines
    }

    static let json = #"""
        {"name": "tstack", "tags": ["a", "b", "c"], "ctx": {"os": "linux", "deps": {"x": 1, "y": [1, 2, {"z": null}]}},
         "empty": {}, "list": [], "long": "\#(String(repeating: "word ", count: 200))", "n": 12.5, "ok": true,
         "rows": [{"id": 1, "v": "alpha"}, {"id": 2, "v": "beta"}, {"id": 3, "v": "gamma"}, {"id": 4, "v": [4, 5]}]}
        """#

    static let jsonLines = (0..<40).map { index in
        #"{"seq": \#(index), "level": "\#(index % 3 == 0 ? "error" : "info")", "ctx": {"a": [\#(index), 2]}, "m": "line \#(index)"}"#
    }.joined(separator: "\n") + "\n"

    /// The JSON value a tree shows: the document, or the array of its lines.
    static func value(of kind: Kind) throws -> JSONValue {
        switch kind {
        case .json: return try JSONParser.parse(Array(json.utf8))
        case .jsonLines:
            return .array(try jsonLines.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) })
        case .stack: return .null
        }
    }

    static func viewer(_ kind: Kind, size: TerminalSize) throws -> Viewer {
        switch kind {
        case .stack: return Viewer(document: Harness.demo, fileName: "origami.json", size: size, theme: .monochrome)
        case .json:
            return Viewer(
                tree: try JSONTree(bytes: Array(json.utf8), name: "p.json"), fileName: "p.json", size: size,
                theme: .monochrome)
        case .jsonLines:
            return Viewer(
                tree: try JSONTree(bytes: Array(jsonLines.utf8), name: "p.jsonl", jsonLines: true), fileName: "p.jsonl",
                size: size, theme: .monochrome)
        }
    }

    /// Every chord the content's context and a box bind (but quitting), typed, and lines for the
    /// prompt, the mouse and resizes.
    static func keys(for context: ViewerKeyContext) -> [String] {
        var pool: [String] = []
        for entry in ViewerKeys.table.entries(in: context) + ViewerKeys.table.entries(in: .box) {
            for binding in entry.bindings where binding.action != .quit && binding.action != .closeBox {
                for chord in binding.chords { pool.append(chord.keys.map(KeyNotation.notation).joined()) }
            }
        }
        return pool + [
            "/a<Enter>", "?e<Enter>", "/zzz<Enter>", "&a<Enter>", "&error<Enter>", "&<Enter>", ":goto .ctx.deps<Enter>",
            ":goto step-3<Enter>", ":.[7].ctx<Enter>", ":marks<Enter>", ":go<Tab><Tab><Esc>", ":.c<Tab><Enter>", "<Esc>",
            "<F1>", "<Resize 50x10>", "<Resize 80x20>", "<ScrollDown>", "<ScrollUp>", "<Click 5,3>", "x",
        ]
    }

    @Test(arguments: 0..<60)
    func randomKeysKeepTheViewerSound(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let kind = Kind.allCases[seed % Kind.allCases.count]
        var viewer = try Self.viewer(kind, size: TerminalSize(width: 60, height: 14))
        // (A tree's keys and, after `T`, a table's.)
        let pool = kind == .stack ? Self.keys(for: .stack) : Self.keys(for: .tree) + Self.keys(for: .table)
        let value = try Self.value(of: kind)
        var typed: [String] = []
        for _ in 0..<60 {
            let keys = pool.randomElement(using: &generator)!
            typed.append(keys)
            for event in try KeyNotation.parse(keys) { viewer.handle(event) }
            let frame = viewer.render()
            let trail = typed.joined()
            if viewer.table != nil {
                if viewer.overlay == nil {
                    let order = viewer.table?.view.grid.source.order
                    Self.expectSoundTable(
                        frame, filtered: order?.filter != nil, sorted: order?.sorted != nil, after: "\(kind) after \(trail)")
                }
            } else if viewer.focusedID != nil, viewer.prompt.current?.hint == nil {
                // The focus is on screen: its mark in the gutter (a box never covers column 0).
                #expect((0..<(frame.height - 1)).contains { frame[0, $0].character == "▌" }, "\(kind) after \(trail)")
            }
            // Only rows near the screen are built.
            #expect(viewer.statistics.counters.resolvedNow <= 6 * frame.height, "\(kind) after \(trail)")
            if let tree = viewer.tree ?? viewer.table?.tree { Self.expectNaiveRows(tree, of: value, after: trail) }
        }
    }

    /// A table's screen: the header row at the top, the labels at the left in a column with
    /// the rule after it, rows below in the file's order (consecutive but for a filter's; each
    /// once, in any order, when sorted), and the selected cell reversed among them.
    static func expectSoundTable(_ frame: CellBuffer, filtered: Bool, sorted: Bool = false, after trail: String) {
        let lines = frame.textLines()
        guard let rule = lines[0].firstIndex(of: "│") else {
            Issue.record("no header row: \(trail)")
            return
        }
        let width = lines[0].distance(from: lines[0].startIndex, to: rule)
        #expect(["#", "line"].contains(lines[0].prefix(width).filter { $0 != " " }), "\(trail)")
        let labels = lines[1..<(frame.height - 1)].compactMap { line -> Int? in
            guard line.count > width, line[line.index(line.startIndex, offsetBy: width)] == "│" else { return nil }
            // (A marked row's label has a `*` before its number.)
            return Int(line.prefix(width).filter { $0 != " " && $0 != "*" })
        }
        #expect(!labels.isEmpty || filtered, "\(trail)")
        if sorted {
            #expect(Set(labels).count == labels.count, "a row twice: \(trail)")
        } else {
            #expect(zip(labels, labels.dropFirst()).allSatisfy { filtered ? $1 > $0 : $1 == $0 + 1 }, "rows out of order: \(trail)")
        }
        guard !labels.isEmpty else { return }
        let reversed = (1..<(frame.height - 1)).contains { y in (0..<frame.width).contains { frame[$0, y].style.attributes.contains(.reverse) } }
        #expect(reversed, "no selected cell: \(trail)")
    }

    /// The tree's rows are the value's nodes in document order, an open container between its
    /// opening and closing rows, a closed or empty one and a scalar one row — through the folds
    /// and the filter the outline says.
    static func expectNaiveRows(_ content: TreeContent, of value: JSONValue, after trail: String) {
        let outline = content.view.outline
        var expected: [[Int]] = []
        func walk(_ value: JSONValue, _ path: [Int]) {
            guard let row = outline.row(ofChildIndexes: path) else { return }
            let children: [JSONValue]
            switch value {
            case .array(let elements): children = elements
            case .object(let members): children = members.map(\.value)
            default: children = []
            }
            guard outline.isOpen(row), !children.isEmpty else { return expected.append(path) }
            expected.append(path)
            for (index, child) in children.enumerated() { walk(child, path + [index]) }
            expected.append(path + [-1])
        }
        walk(value, [])
        let actual = (0..<outline.rowCount).map { row in
            outline.childIndexes(of: row) + (outline.row(row).role == .closing ? [-1] : [])
        }
        #expect(actual == expected, "after \(trail)")
    }
}
