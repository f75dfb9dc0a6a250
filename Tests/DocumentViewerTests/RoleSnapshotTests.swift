import Widgets
@testable import DocumentViewer
import DocumentData
import StackEngine
import TerminalUI
import Testing

/// Snapshots whose cells carry semantic roles: drawn with a theme that gives every role a style of
/// its own, each cell maps back to the one role it was drawn as — a subtitle and a footer, which
/// share a look in the colour theme, are told apart. One for each content of the viewer (a stack
/// document, a JSON tree, JSON Lines) and one for the list widget alone.
@Suite struct RoleSnapshotTests {
    /// The roles, a character each, in the order their unique styles are made.
    static let roles: [(name: String, letter: Character)] = [
        ("title", "t"), ("subtitle", "s"), ("art", "a"), ("body", "b"), ("header", "h"), ("footer", "f"),
        ("focus", "F"), ("cardBorder", "c"), ("status", "="), ("mark", "M"), ("match", "H"),
        ("scrollbarTrack", "|"), ("scrollbarThumb", "#"), ("overlay", "o"), ("key", "k"), ("string", "S"),
        ("number", "n"), ("literal", "l"), ("punctuation", "p"), ("levelError", "E"), ("levelWarn", "W"),
        ("levelQuiet", "q"),
    ]

    /// A style no other role has: role `index`'s foreground and background from the eight colours.
    static func uniqueStyle(_ index: Int) -> Style {
        Style(foreground: Color(rawValue: index % 8), background: Color(rawValue: index / 8 + 1))
    }

    /// The theme that tells every role apart.
    static let theme: Theme = {
        let style = { (name: String) in uniqueStyle(roles.firstIndex { $0.name == name }!) }
        return Theme(
            title: style("title"), subtitle: style("subtitle"), art: style("art"), body: style("body"),
            header: style("header"), footer: style("footer"), focus: style("focus"), cardBorder: style("cardBorder"),
            status: style("status"), mark: style("mark"), match: style("match"),
            scrollbarTrack: style("scrollbarTrack"), scrollbarThumb: style("scrollbarThumb"),
            overlay: style("overlay"), key: style("key"), string: style("string"), number: style("number"),
            literal: style("literal"), punctuation: style("punctuation"), levelError: style("levelError"),
            levelWarn: style("levelWarn"), levelQuiet: style("levelQuiet"))
    }()

    /// Each role's style named by its letter, and `:` for the scrollbar's thumb while the height
    /// is estimated (the thumb dimmed).
    static let roleStyles: [Style: Character] = {
        var names = Dictionary(uniqueKeysWithValues: roles.indices.map { (uniqueStyle($0), roles[$0].letter) })
        var dimThumb = uniqueStyle(roles.firstIndex { $0.name == "scrollbarThumb" }!)
        dimThumb.attributes = .dim
        names[dimThumb] = ":"
        return names
    }()

    /// Each cell's role: its letter, `.` for a cell drawn plain, `?` for a style no role has.
    static func roleMap(_ buffer: CellBuffer) -> [String] {
        snapshot(buffer).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element.dropFirst(2)) }
    }

    /// The screen's text and role map interleaved line by line (the library's `ScreenSnapshot`).
    static func snapshot(_ screen: CellBuffer) -> [String] {
        ScreenSnapshot(screen, styles: roleStyles).lines
    }

    static func screen(_ viewer: Viewer, keys: String) throws -> CellBuffer {
        var viewer = viewer
        let terminal = MemoryTerminal(size: viewer.size, input: try KeyNotation.parse(keys))
        _ = viewer.run(screen: terminal, input: terminal)
        return terminal.screen!
    }

    static let size = TerminalSize(width: 60, height: 12)

    @Test func aStackDocumentInRoles() throws {
        let json = #"""
            {"pinned": ["headers", "footers"], "sections": [
              {"id": "s", "header": "Section", "footer": "the end of it",
               "items": [{"id": "a", "title": "First", "subtitle": "a subtitle", "body": "Body text.",
                          "art": ["+--+", "|  |"]},
                         {"id": "b", "title": "Second", "body": "more"}]},
              {"id": "cards", "header": "Cards", "layout": "horizontal",
               "items": [{"id": "c1", "title": "Card one"}, {"id": "c2", "title": "Card two"}]}]}
            """#
        let viewer = Viewer(document: Harness.document(json), fileName: "r.json", size: Self.size, theme: Self.theme)
        let screen = try Self.screen(viewer, keys: "jm/Body<Enter>")
        let map = Self.roleMap(screen)
        #expect(map.joined().contains("s") && map.joined().contains("f"), "the subtitle and the footer are told apart")
        #expect(!map.joined().contains("?"), "every cell is drawn as a role")
        Harness.assertSnapshot(Self.snapshot(screen), named: "roles-stack")
    }

    @Test func aJSONTreeInRoles() throws {
        let json = #"{"name": "tstack", "n": 12.5, "ok": true, "none": null, "tags": ["a", "b"], "ctx": {"os": "linux"}}"#
        let tree = try JSONTree(bytes: Array(json.utf8), name: "r.json")
        let viewer = Viewer(tree: tree, fileName: "r.json", size: Self.size, theme: Self.theme)
        let screen = try Self.screen(viewer, keys: "jm/linux<Enter>")
        let map = Self.roleMap(screen).joined()
        for role in ["k", "S", "n", "l", "p", "F", "M", "H", "="] {
            #expect(map.contains(role), "role \(role) shows")
        }
        Harness.assertSnapshot(Self.snapshot(screen), named: "roles-tree")
    }

    @Test func jsonLinesInRoles() throws {
        let text = (0..<12).map { #"{"seq": \#($0), "level": "info", "ok": \#($0 % 2 == 0)}"# }.joined(separator: "\n") + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let viewer = Viewer(tree: tree, fileName: "r.jsonl", size: Self.size, theme: Self.theme)
        Harness.assertSnapshot(Self.snapshot(try Self.screen(viewer, keys: "zMjj")), named: "roles-jsonl")
    }

    /// Issue 46: a log's levels in their colours, in the tree and the table — names in any
    /// case, pino's numbers — and a level's word elsewhere (a message) in its type's.
    @Test func aLogsLevelsInRoles() throws {
        let text = """
            {"level": "ERROR", "msg": "error"}
            {"level": "warning", "msg": "warn"}
            {"severity": "debug", "msg": "debug"}
            {"level": "info", "msg": "info"}
            {"level": 60, "msg": "fatal"}
            {"lvl": "trace", "msg": "trace"}

            """
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let viewer = Viewer(tree: tree, fileName: "r.jsonl", size: TerminalSize(width: 60, height: 30), theme: Self.theme)
        let screen = try Self.screen(viewer, keys: "zR")
        let map = Self.roleMap(screen)
        let shown = Self.snapshot(screen).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        for (line, roles) in zip(shown, map) {
            if line.contains("\"ERROR\"") || line.contains(": 60") { #expect(roles.contains("E"), "\(line)") }
            if line.contains("\"warning\"") { #expect(roles.contains("W"), "\(line)") }
            if line.contains("\"debug\"") && line.contains("severity") || line.contains("\"trace\"") && line.contains("lvl") {
                #expect(roles.contains("q"), "\(line)")
            }
            if line.contains("msg") { #expect(!roles.contains("E") && !roles.contains("W") && !roles.contains("q"), "\(line)") }
        }
        Harness.assertSnapshot(Self.snapshot(screen), named: "roles-log-levels-tree")
        let table = try Viewer(
            opening: .tree(try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)), fileName: "r.jsonl",
            size: Self.size, theme: Self.theme, layout: .table)
        let tableMap = Self.roleMap(try Self.screen(table, keys: "")).joined()
        for role in ["E", "W", "q"] { #expect(tableMap.contains(role), "role \(role) shows in the table") }
        Harness.assertSnapshot(Self.snapshot(try Self.screen(table, keys: "")), named: "roles-log-levels-table")
    }

    /// The list widget alone: the selection's gutter, a header's bar, the scrollbar.
    @Test func theListWidgetInRoles() {
        struct Rows: StackDataSource {
            struct Row: ListRow {
                var lines: [[Cell]]
                var gutterStyle: Style
            }
            var rowCount: Int { 40 }
            func rowKind(at index: Int) -> RowKind { index % 10 == 0 ? .header : .item }
            func rowID(at index: Int) -> String { "r\(index)" }
            func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()) }
            func sectionRange(containing index: Int) -> Range<Int> { (index / 10 * 10)..<(index / 10 * 10 + 10) }
            func resolveRow(at index: Int, crossExtent: Int) -> Row {
                let header = rowKind(at: index) == .header
                let style = header ? RoleSnapshotTests.theme.header : RoleSnapshotTests.theme.body
                return Row(lines: [CellText.cells(header ? "Group \(index / 10)" : "row \(index)", style: style)],
                           gutterStyle: header ? style : .plain)
            }
        }
        let theme = Self.theme
        var list = LazyList(
            source: Rows(), width: 30, height: 8,
            style: ListStyle(selection: theme.focus, scrollbarTrack: theme.scrollbarTrack, scrollbarThumb: theme.scrollbarThumb))
        list.selectNext()
        list.selectNext()
        var buffer = CellBuffer(width: 30, height: 8)
        _ = list.draw(into: &buffer, area: Rect(x: 0, y: 0, width: 30, height: 8))
        #expect(!Self.roleMap(buffer).joined().contains("?"))
        Harness.assertSnapshot(Self.snapshot(buffer), named: "roles-list")
    }
}
