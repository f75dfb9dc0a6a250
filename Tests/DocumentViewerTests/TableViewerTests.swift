@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing
import TestSupport

/// The table in the viewer: `:sort` over the whole file, as it is read, and back to the file's
/// order; what it says when it cannot.
@Suite struct TableViewerTests {
    static let size = TerminalSize(width: 80, height: 8)

    /// JSON Lines of `count` records whose `n` is a permutation of 0..<count (its `k`-th is
    /// `(k * 7) % count` for a count not divisible by 7), and a `name`.
    static func log(_ count: Int) -> [UInt8] {
        Array((0..<count).map { #"{"n": \#(($0 * 7) % count), "name": "r\#($0)"}"# + "\n" }.joined().utf8)
    }

    /// The labels (line numbers) of the rows on screen.
    static func labels(_ viewer: inout Viewer) -> [Int] {
        viewer.render().textLines().dropFirst().dropLast().compactMap { line in
            line.split(separator: "│").first.flatMap { Int($0.filter { $0 != " " }) }
        }
    }

    static func type(_ keys: String, into viewer: inout Viewer) {
        for event in try! KeyNotation.parse(keys) { viewer.handle(event) }
    }

    /// A table of `bytes`' records piped in, its first 20,000 bytes read; work runs a step a tick.
    static func tableWhileRead(_ bytes: [UInt8]) throws -> (PipedTree, Viewer) {
        let input = try PipedTree(first: Array(bytes.prefix(20_000)), jsonLines: true)
        var viewer = Viewer(tree: input.tree, fileName: "log.jsonl", size: size, theme: .monochrome)
        viewer.searchesInSteps = true
        viewer.takeScanned()
        viewer.showRecordsTable()
        return (input, viewer)
    }

    /// A table of `bytes`' records while it is read (``tableWhileRead(_:)``), `keys` typed and ten
    /// ticks run: the input, the viewer and its status line then.
    static func typedWhileRead(_ keys: String, _ bytes: [UInt8]) throws -> (PipedTree, Viewer, String) {
        var (input, viewer) = try tableWhileRead(bytes)
        type(keys, into: &viewer)
        for _ in 0..<10 { _ = viewer.update(InputEvent.tick) }
        return (input, viewer, viewer.render().textLines().last ?? "")
    }

    /// Sends the rest of `bytes` and ends the input, taking it in; runs the work to its end.
    static func finishReading(_ bytes: [UInt8], of input: PipedTree, into viewer: inout Viewer) {
        // (A local the take-in closures can hold.)
        var reading = viewer
        input.feed(Array(bytes.dropFirst(20_000)), takeIn: { reading.takeScanned() })
        input.end(takeIn: { reading.takeScanned() })
        while reading.tickInterval == 0 { _ = reading.update(InputEvent.tick) }
        viewer = reading
    }

    @Test func sortOrdersTheRowsAndSortAloneGivesTheFilesOrderBack() throws {
        let tree = try JSONTree(bytes: Self.log(500), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        Self.type("jjj:sort -n<Enter>", into: &viewer)
        // n = 499 is record 357 (357 * 7 = 2499 = 4 * 500 + 499): line 358; then 498 (record 214).
        #expect(Self.labels(&viewer).prefix(2) == [358, 215], "\(viewer.render().textLines())")
        #expect(viewer.focusedID == ".[357].n")
        var status = viewer.render().textLines().last!
        #expect(status.contains("sort: -n"), "\(status)")
        Self.type(":sort name<Enter>", into: &viewer)
        // By bytes: r0, r1, r10, r100.
        #expect(Self.labels(&viewer).prefix(4) == [1, 2, 11, 101])
        Self.type("j:sort<Enter>", into: &viewer)
        #expect(viewer.focusedID == ".[1].n", "the selected record stays selected")
        #expect(Self.labels(&viewer).contains(2))
        status = viewer.render().textLines().last!
        #expect(!status.contains("sort:"), "\(status)")
    }

    /// `]` and `[` sort by the selected column, largest or smallest first, its header saying
    /// so (`-n`, `+n`); the same key again gives the file's order back.
    @Test func bracketsSortByTheSelectedColumn() throws {
        let tree = try JSONTree(bytes: Self.log(500), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        Self.type("]", into: &viewer)
        #expect(Self.labels(&viewer).prefix(2) == [358, 215], "\(viewer.render().textLines())")
        #expect(viewer.render().textLines()[0].contains("-n"), "\(viewer.render().textLines()[0])")
        Self.type("[", into: &viewer)
        #expect(Self.labels(&viewer).prefix(2) == [1, 144], "n = 0 is record 0, n = 1 record 143 (1,001 = 2 × 500 + 1)")
        #expect(viewer.render().textLines()[0].contains("+n"))
        Self.type("[", into: &viewer)
        #expect(Self.labels(&viewer).prefix(3) == [1, 2, 3], "the file's order again")
        #expect(viewer.message == "sort off: the file's order")
        Self.type("l]", into: &viewer)
        #expect(viewer.render().textLines().last!.contains("sort: -name"))
    }

    /// A tab, a line break or another control character in a string cell shows as the tree
    /// writes it (`\t`), never as a blank.
    @Test func controlCharactersInACellAreSeen() throws {
        let text = #"{"a": "x\ty\nz\u0007!"}"# + "\n" + #"{"a": "plain"}"# + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "t.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "t.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        let lines = viewer.render().textLines()
        #expect(lines[1].hasPrefix(#"   1│x\ty\nz\u0007!"#), "\(lines)")
        #expect(lines[2].hasPrefix("   2│plain"), "\(lines)")
    }

    @Test func sortSaysWhatItCannotDo() throws {
        let tree = try JSONTree(bytes: Self.log(20), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        Self.type(":sort n<Enter>", into: &viewer)
        #expect(viewer.message?.hasPrefix("sort: a table's rows") == true, "\(viewer.message ?? "")")
        viewer.showRecordsTable()
        Self.type(":sort nope<Enter>", into: &viewer)
        #expect(viewer.message == "sort: no column nope (the header row names them)")
        Self.type(":sort<Enter>", into: &viewer)
        #expect(viewer.message == "sort: the rows are in the file's order")
    }

    /// While the file is read the sort reads what came, then waits for the rest, saying so —
    /// the rows are never ordered by part of the file — and orders them once all is read.
    @Test func aSortWhileTheFileIsReadWaitsForTheRest() throws {
        let bytes = Self.log(3_000)
        var (input, viewer, waiting) = try Self.typedWhileRead(":sort -n<Enter>", bytes)
        #expect(waiting.contains("sort by -n: waiting for the rest of the file"), "\(waiting)")
        #expect(Self.labels(&viewer).first == 1, "still the file's order")
        Self.finishReading(bytes, of: input, into: &viewer)
        // The record whose n is 2,999 comes first.
        let top = (0..<3_000).first { ($0 * 7) % 3_000 == 2_999 }!
        #expect(Self.labels(&viewer).first == top + 1, "\(viewer.render().textLines())")
    }

    /// A search and a `:goto` start from the selected cell and select the cell they land on —
    /// also when that is where the tree's focus was before the table moved.
    @Test func searchAndGotoSelectTheCellTheyReach() throws {
        let tree = try JSONTree(bytes: Self.log(500), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        Self.type("/r5\"<Enter>", into: &viewer)
        #expect(viewer.focusedID == ".[5].name")
        Self.type("g:goto .[5].name<Enter>", into: &viewer)
        #expect(viewer.focusedID == ".[5].name")
        Self.type(":goto .[400]<Enter>", into: &viewer)
        #expect(viewer.focusedID == ".[400].name", "a record's row, the column kept")
        Self.type(":goto .[9999]<Enter>", into: &viewer)
        #expect(viewer.message == "goto: no node at .[9999]", "\(viewer.message ?? "")")
    }

    /// `:where` keeps the rows whose records match, with the sort or without; a search passes
    /// over the rows it leaves out; `:where` alone shows every row again.
    @Test func whereKeepsTheMatchingRows() throws {
        let tree = try JSONTree(bytes: Self.log(500), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        Self.type(":where n >= 495 or name = r3<Enter>", into: &viewer)
        // n = 497, 498, 495, 499, 496 are records 71, 214, 285, 357, 428 (7k mod 500); r3 is record 3.
        #expect(Self.labels(&viewer) == [4, 72, 215, 286, 358, 429], "\(viewer.render().textLines())")
        var status = viewer.render().textLines().last!
        #expect(status.contains("where: n >= 495 or name = r3 (6 of 500)"), "\(status)")
        Self.type(":sort -n<Enter>", into: &viewer)
        #expect(Self.labels(&viewer) == [358, 215, 72, 429, 286, 4])
        Self.type("jk", into: &viewer)
        status = viewer.render().textLines().last!
        #expect(status.contains("where: n >= 495 or name = r3 (6 of 500)  sort: -n"), "\(status)")
        // From record 357 on, r10 … r70 (records 10 … 70) are left out: the search goes on to the
        // first match shown, r71.
        Self.type("g/\"r(1|2)?[0-9]{2}\"<Enter>", into: &viewer)
        #expect(viewer.focusedID == ".[71].name", "\(viewer.message ?? "")")
        Self.type(":goto .[1]<Enter>", into: &viewer)
        #expect(viewer.message == ".[1] is in a row the filter leaves out", "\(viewer.message ?? "")")
        Self.type(":where<Enter>", into: &viewer)
        #expect(viewer.message == "filter off: every row shows")
        #expect(Self.labels(&viewer).first == 358, "sorted still: \(Self.labels(&viewer))")
        Self.type(":where nope = 1<Enter>", into: &viewer)
        #expect(viewer.message == "where: no column nope (the header row names them)")
    }

    /// `&` in a table keeps the rows whose records have a match anywhere in their text, as the
    /// tree's `&` keeps a container's children; `&` alone shows them all again.
    @Test func ampersandKeepsTheRowsWithAMatch() throws {
        let tree = try JSONTree(bytes: Self.log(500), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        Self.type("&\"r4[0-9]9\"<Enter>", into: &viewer)
        #expect(Self.labels(&viewer) == (0..<6).map { 410 + 10 * $0 }, "\(viewer.render().textLines())")
        let status = viewer.render().textLines().last!
        #expect(status.contains(#"filter: "r4[0-9]9" (10 of 500)"#), "\(status)")
        Self.type("&<Enter>", into: &viewer)
        #expect(viewer.message == "filter off: every row shows")
        // The selected record (the first kept) stays selected, on screen, among every row.
        #expect(viewer.focusedID == ".[409].n")
        let labels = Self.labels(&viewer)
        #expect(labels.contains(410) && zip(labels, labels.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(labels)")
    }

    /// While the file is read, `:where` shows the rows kept so far and says so, and looks at the
    /// rest as it arrives.
    @Test func aWhereWhileTheFileIsReadKeepsGoing() throws {
        let bytes = Self.log(3_000)
        var (input, viewer, soFar) = try Self.typedWhileRead(":where n >= 2990<Enter>", bytes)
        #expect(soFar.contains("so far)"), "\(soFar)")
        Self.finishReading(bytes, of: input, into: &viewer)
        let done = viewer.render().textLines().last!
        #expect(done.contains("where: n >= 2990 (10 of 3,000)"), "\(done)")
    }

    /// `--view table` on a root object takes its first array of records, even after a member of
    /// the same key that is no array.
    @Test func theRecordsOfARootObjectShowWhateverItsKeys() throws {
        let tree = try JSONTree(bytes: Array(#"{"data": 1, "data": [{"a": 1}, {"a": 2}]}"#.utf8), name: "d.json")
        var viewer = Viewer(tree: tree, fileName: "d.json", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        #expect(viewer.focusedID == ".data[0].a", "\(viewer.render().textLines())")
    }

    /// A member first met past the records sampled gets its column at the end when its record
    /// comes on screen.
    @Test func aKeyMetLateGetsItsColumnWhenItsRecordShows() throws {
        let lines = (0..<2_000).map { #"{"n": \#($0)"# + ($0 == 1_500 ? #", "late": "here""# : "") + "}\n" }
        let tree = try JSONTree(bytes: Array(lines.joined().utf8), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        #expect(viewer.render().textLines().first?.contains("late") == false)
        Self.type(":goto .[1500]<Enter>", into: &viewer)
        let screen = viewer.render().textLines()
        #expect(screen.first?.hasPrefix("line│n    late ") == true, "\(screen)")
        #expect(screen.contains { $0.contains("1500 here") }, "\(screen)")
    }

    /// `:where` in a tree keeps the focused array's records that match, as `&` keeps a
    /// container's children: the tree's one filter, which `&` and `:where` alone replace.
    @Test func whereInATreeKeepsTheFocusedArraysRecords() throws {
        let tree = try JSONTree(bytes: Self.log(500), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: TerminalSize(width: 100, height: 8), theme: .monochrome)
        Self.type("zM:where n >= 497<Enter>", into: &viewer)
        var screen = viewer.render().textLines()
        #expect(screen.last?.contains("filter: where n >= 497 (3 of 500)") == true, "\(screen)")
        #expect(screen.filter { $0.contains("{n: 49") }.count == 3, "\(screen)")
        Self.type(":where<Enter>", into: &viewer)
        #expect(viewer.message == "filter off")
        let geo = #"{"type": "x", "features": [{"id": 1, "p": {"v": 5}}, {"id": 2, "p": {"v": 50}}, {"id": 3}]}"#
        viewer = Viewer(tree: try JSONTree(bytes: Array(geo.utf8), name: "g.json"), fileName: "g.json", size: TerminalSize(width: 100, height: 8), theme: .monochrome)
        Self.type("jj:where p.v > 10<Enter>", into: &viewer)
        screen = viewer.render().textLines()
        #expect(screen.filter { $0.contains("{id: ") }.count == 1 && screen.contains { $0.contains("{id: 2") }, "\(screen)")
        Self.type(":where nope = 1<Enter>", into: &viewer)
        #expect(viewer.message == "where: no column nope (the header row names them)")
        let scalars = Viewer(tree: try JSONTree(bytes: Array("[1, 2]".utf8), name: "s.json"), fileName: "s.json", size: Self.size, theme: .monochrome)
        var numbers = scalars
        Self.type(":where a = 1<Enter>", into: &numbers)
        #expect(numbers.message?.hasPrefix("where: no array of records here") == true)
    }

    /// The tree's filter of an array's records is the table's when `T` shows them, and the
    /// table's goes back to the tree with `T`: one filter, so a search agrees with the rows shown.
    @Test func oneFilterBetweenTheTreeAndTheTable() throws {
        let tree = try JSONTree(bytes: Self.log(100), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: TerminalSize(width: 100, height: 8), theme: .monochrome)
        Self.type(":where n > 97<Enter>T", into: &viewer)
        #expect(Self.labels(&viewer) == [15, 58], "n = 98, 99: \(viewer.render().textLines())")
        Self.type("/\"n\": 5,<Enter>", into: &viewer)
        #expect(viewer.message?.hasPrefix("no match for /") == true, "\(viewer.message ?? "")")
        Self.type("&\"r1\"<Enter>T", into: &viewer)
        let screen = viewer.render().textLines()
        #expect(screen.last?.contains("filter: \"r1\" (1 of 100)") == true, "\(screen)")
        #expect(viewer.table == nil)
    }

    /// A filter keeps the selected record selected when it keeps it; the status line counts the
    /// rows shown.
    @Test func aFilterKeepsTheSelectedRecordAndCountsItsRows() throws {
        let tree = try JSONTree(bytes: Self.log(100), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: TerminalSize(width: 100, height: 8), theme: .monochrome)
        viewer.showRecordsTable()
        Self.type("jjjjjjjjj:where name ~ ^r.$<Enter>", into: &viewer)
        #expect(viewer.focusedID == ".[9].n", "\(viewer.render().textLines())")
        Self.type("G", into: &viewer)
        #expect(viewer.render().textLines().last?.contains("item 10 of 10") == true)
    }

    /// `m` marks the selected row's record (`*` by its label, a mark of the tree's too), `'`
    /// goes to the next marked row in the file's order, wrapping.
    @Test func marksInATableAreTheRecordsMarks() throws {
        let tree = try JSONTree(bytes: Self.log(50), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.showRecordsTable()
        Self.type("jjm", into: &viewer)
        #expect(viewer.message == "marked .[2] (1 marked)")
        Self.type(":goto .[40]<Enter>m", into: &viewer)
        let screen = viewer.render().textLines()
        #expect(screen.contains { $0.hasPrefix(" *41│") }, "\(screen)")
        Self.type("'", into: &viewer)
        #expect(viewer.focusedID == ".[2].n", "wrapped to the first mark")
        Self.type("'", into: &viewer)
        #expect(viewer.focusedID == ".[40].n")
        Self.type("T", into: &viewer)
        #expect(viewer.render().textLines().contains { $0.hasPrefix(" *  {") }, "the tree shows the record's mark")
    }

    /// Esc stops a sort in steps; the rows keep their order.
    @Test func escStopsASort() throws {
        let tree = try JSONTree(bytes: Self.log(200_000), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.searchesInSteps = true
        viewer.showRecordsTable()
        Self.type(":sort -n<Enter>", into: &viewer)
        #expect(viewer.render().textLines().last?.contains("sorting by -n…") == true)
        Self.type("<Esc>", into: &viewer)
        #expect(viewer.message == "sort cancelled: the rows keep their order")
        while viewer.tickInterval == 0 { _ = viewer.update(InputEvent.tick) }
        #expect(Self.labels(&viewer).first == 1)
    }

    /// A node outside the table's records — a `--scroll-to` target, a `:goto` — hands over to
    /// the tree, focused there and saying so; the rows' `:where` goes back to the tree with it.
    @Test func aNodeOutsideTheRecordsHandsOverToTheTree() throws {
        let bytes = Array(#"{"meta": {"n": 2}, "data": [{"a": 1}, {"a": 2}, {"a": 3}]}"#.utf8)
        let document = OpenedDocument.tree(try JSONTree(bytes: bytes, name: "d.json"))
        var viewer = try Viewer(opening: document, fileName: "d.json", size: Self.size, theme: .monochrome, layout: .table, scrolledTo: ".meta")
        #expect(viewer.table == nil && viewer.focusedID == ".meta", "\(viewer.render().textLines())")
        #expect(viewer.message == ".meta is outside the table: the tree shows it", "\(viewer.message ?? "")")
        viewer.showRecordsTable()
        Self.type(":where a > 1<Enter>", into: &viewer)
        #expect(viewer.table?.rowFilter != nil)
        Self.type(":goto .meta.n<Enter>", into: &viewer)
        #expect(viewer.table == nil && viewer.focusedID == ".meta.n")
        let tree = viewer.render().textLines()
        #expect(tree.contains { $0.contains("{a: 3}") } && !tree.contains { $0.contains("{a: 1}") }, "\(tree)")
    }

    /// `T` on records a `&` is still looking through carries the filter on to the table's rows;
    /// `T` back gives it to the tree.
    @Test func tCarriesAFilterStillLookingToTheTable() throws {
        let tree = try JSONTree(bytes: Self.log(300), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        viewer.searchesInSteps = true
        Self.type(#"j&"r1\d"<Enter>"#, into: &viewer)
        #expect(viewer.tree?.jobs.contains(.filter) == true, "the filter waits for its first tick")
        Self.type("T", into: &viewer)
        while viewer.tickInterval == 0 { _ = viewer.update(.tick) }
        #expect(viewer.table?.rowFilter != nil)
        #expect(Self.labels(&viewer).first == 11, "\(viewer.render().textLines())")
        Self.type("T", into: &viewer)
        while viewer.tickInterval == 0 { _ = viewer.update(.tick) }
        #expect(viewer.render().textLines().last?.contains("(10 of 300)") == true, "\(viewer.render().textLines())")
    }

    /// `F` in a table of a growing input selects the last row at once.
    @Test func followInATableSelectsTheLastRow() throws {
        let (input, viewer) = try Self.tableWhileRead(Self.log(3_000))
        var shown = viewer
        #expect(shown.follow() == nil)
        #expect(shown.focusedID == ".[\(input.tree.root!.count - 1)].n", "\(shown.focusedID ?? "")")
    }

    /// `G` in a table while the file is read selects the last row read, and the last row as
    /// more is read, as in the tree (the jump waiting for the scan, which a key stops).
    @Test func gInATableWhileTheFileIsReadGoesOnToTheLastRow() throws {
        let bytes = Self.log(3_000)
        var (input, viewer) = try Self.tableWhileRead(bytes)
        Self.type("G", into: &viewer)
        #expect(viewer.focusedID == ".[\(input.tree.root!.count - 1)].n", "\(viewer.focusedID ?? "")")
        let note = viewer.table?.readingNote ?? ""
        #expect(note.hasPrefix("G: on to the last node as it is read"), "\(note)")
        Self.finishReading(bytes, of: input, into: &viewer)
        #expect(viewer.focusedID == ".[2999].n", "\(viewer.focusedID ?? "")")
        // A key stops it: read on, the selection stays.
        let (again, other) = try Self.tableWhileRead(bytes)
        var stopped = other
        Self.type("Gk", into: &stopped)
        let kept = stopped.focusedID
        Self.finishReading(bytes, of: again, into: &stopped)
        #expect(stopped.focusedID == kept)
    }
}

