@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing

/// Records as a table, snapshot with its styles: the header row in the keys' style, underlined;
/// the labels and the rule dim; values coloured by type as in the tree, numbers at the right;
/// the selected row bold and its cell reversed; document text inert.
@Suite struct TableSnapshotTests {
    static let records = [
        #"{"id": 1, "name": "ada", "ok": true, "tags": ["x", "y"], "ctx": {"user": "root", "pid": 7}}"#,
        #"{"id": 22, "name": "grace \u001b[31mhopper", "ok": null, "tags": [], "ctx": {"user": "gh"}}"#,
        #"{"id": 333, "name": "a name long enough to be cut at the cap of forty columns", "ok": false}"#,
        #"[1, 2]"#,
        #"{"id": 4.5e3, "extra": "only here"}"#,
    ].joined(separator: "\n") + "\n"

    /// A character per style: `K` the header row, `p` dim (labels, the rule, sizes), `s` a
    /// string, `n` a number, `l` a literal, capitals bold (the selected row), `R` reversed (the
    /// selected cell), `.` plain, `=` the status line, `?` anything else.
    static func styleMap(_ buffer: CellBuffer) -> [String] {
        let theme = Theme.color
        let table = RecordTableView.style(theme)
        let legend: [(Style, Character)] = [
            (table.header, "K"), (theme.punctuation, "p"), (theme.string, "s"), (theme.number, "n"),
            (theme.literal, "l"), (.plain, "."), (theme.status, "="), (theme.scrollbarThumb, "#"),
            (theme.scrollbarTrack, "|"),
        ]
        return (0..<buffer.height).map { y in
            String((0..<buffer.width).map { x in
                let style = buffer[x, y].style
                if style.attributes.contains(.reverse), y < buffer.height - 1 { return "R" }
                if let name = legend.first(where: { $0.0 == style })?.1 { return name }
                var plain = style
                plain.attributes.remove(.bold)
                if let name = legend.first(where: { $0.0 == plain })?.1 { return Character(name.uppercased()) }
                return "?"
            })
        }
    }

    static func snapshot(keys: String) throws -> [String] {
        var viewer = Viewer(
            tree: try JSONTree(bytes: Array(records.utf8), name: "log.jsonl", jsonLines: true), fileName: "log.jsonl",
            size: TerminalSize(width: 72, height: 8), theme: .color)
        viewer.showRecordsTable()
        for event in try KeyNotation.parse(keys) { viewer.handle(event) }
        let screen = viewer.render()
        return zip(screen.textLines(), styleMap(screen)).flatMap { ["  " + $0.0, "  " + $0.1] }
    }

    @Test(arguments: [
        ("table-first-screen", ""),
        ("table-scrolled-right", "jjl$"),
        // A frequency table: values as strings, counts, shares and bars as numbers; a summary.
        ("table-frequency", ":freq name<Enter>j"),
        ("table-describe", "I"),
    ])
    func theTableInStyle(name: String, keys: String) throws {
        Harness.assertSnapshot(try Self.snapshot(keys: keys), named: name)
    }
}
