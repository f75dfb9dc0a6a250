@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing
import TestSupport

/// Frequency tables (`v`, `:freq`) and column summaries (`I`, `:describe`) in the viewer: over
/// the whole file, "so far" until it is read, Enter to a row's records and q back, Esc, `:w`.
@Suite struct SummaryViewerTests {
    static let size = TerminalSize(width: 100, height: 10)

    /// JSON Lines of `count` records: `level` info, warn, error in 6:3:1, `n` their index.
    static func log(_ count: Int) -> [UInt8] {
        let levels = ["info", "info", "warn", "info", "error", "info", "warn", "info", "info", "warn"]
        return Array((0..<count).map { #"{"level": "\#(levels[$0 % 10])", "n": \#($0)}"# + "\n" }.joined().utf8)
    }

    static func type(_ keys: String, into viewer: inout Viewer) {
        for event in try! KeyNotation.parse(keys) { viewer.handle(event) }
    }

    static func table(_ count: Int, inSteps: Bool = false) throws -> Viewer {
        let tree = try JSONTree(bytes: Self.log(count), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: size, theme: .monochrome)
        viewer.searchesInSteps = inSteps
        viewer.showRecordsTable()
        return viewer
    }

    static func screen(_ viewer: inout Viewer) -> [String] { viewer.render().textLines() }

    /// `:freq level` counts every record's level, most first with its share; Enter on a row
    /// shows the records holding it (its `:where`); q comes back to the table, q again to every
    /// record, and q once more quits.
    @Test func aFrequencyTableCountsAndEnterShowsARowsRecords() throws {
        var viewer = try Self.table(1_000)
        Self.type(":freq level<Enter>", into: &viewer)
        let shown = Self.screen(&viewer)
        #expect(shown[1].hasPrefix("1│info ") && shown[1].contains("600") && shown[1].contains("60.0%"), "\(shown)")
        #expect(shown[2].hasPrefix("2│warn ") && shown[2].contains("300") && shown[2].contains("30.0%"))
        #expect(shown[3].hasPrefix("3│error") && shown[3].contains("100") && shown[3].contains("10.0%"))
        #expect(shown.last?.contains("3 distinct values in 1,000 records") == true)
        #expect(viewer.message == "counted 1,000 records")
        Self.type("jj<Enter>", into: &viewer)
        #expect(viewer.message?.hasPrefix(#":where level = "error""#) == true, "\(viewer.message ?? "")")
        Self.type("j", into: &viewer)
        let errors = Self.screen(&viewer)
        #expect(errors.last?.contains("where: level = \"error\" (100 of 1,000)") == true, "\(errors)")
        #expect(errors[1].contains("error") && !errors.dropLast().contains { $0.contains("info") })
        Self.type("q", into: &viewer)
        #expect(Self.screen(&viewer).last?.contains("frequency of level") == true, "q: back to the table")
        Self.type("q", into: &viewer)
        let records = Self.screen(&viewer)
        #expect(records[0].hasPrefix("line│level"), "q again: the records, every one: \(records)")
        #expect(!viewer.isFinished)
        Self.type("q", into: &viewer)
        #expect(viewer.isFinished)
    }

    /// Under a `:where`, the counts are of the records it keeps (the rows shown), and say so;
    /// Enter on a row shows its records within the `:where`, and q gives the `:where` back. A
    /// `&` filter's rows are not what a count reads: refused, with the way out.
    @Test func countsFollowTheWhereApplied() throws {
        var viewer = try Self.table(1_000)
        Self.type(":where n >= 500<Enter>", into: &viewer)
        Self.type(":freq level<Enter>", into: &viewer)
        let shown = Self.screen(&viewer)
        #expect(shown[1].hasPrefix("1│info ") && shown[1].contains("300") && shown[1].contains("60.0%"), "\(shown)")
        #expect(shown[3].hasPrefix("3│error") && shown[3].contains("50"))
        #expect(viewer.message == "counted 500 records where n >= 500, of 1,000")
        Self.type("k", into: &viewer)
        #expect(Self.screen(&viewer).last?.contains("in 500 records where n >= 500") == true, "the note, once the message went")
        Self.type("jj<Enter>j", into: &viewer)
        let errors = Self.screen(&viewer)
        #expect(errors.last?.contains(#"where: (n >= 500) and (level = "error") (50 of 1,000)"#) == true, "\(errors)")
        Self.type("qq", into: &viewer)
        #expect(Self.screen(&viewer).last?.contains("where: n >= 500 (500 of 1,000)") == true, "q, q: the :where again")
        Self.type(":where<Enter>&info<Enter>:freq level<Enter>", into: &viewer)
        #expect(viewer.message?.hasPrefix("freq: a & filter shows") == true, "\(viewer.message ?? "")")
    }

    /// `v` opens the selected column's table — in a tree, the focused member's, over the
    /// records of its array.
    @Test func vOpensTheSelectedColumnsTableAndInATreeTheFocusedMembers() throws {
        var table = try Self.table(100)
        Self.type("v", into: &table)
        #expect(Self.screen(&table).last?.contains("frequency of level") == true)
        let tree = try JSONTree(bytes: Self.log(100), name: "log.jsonl", jsonLines: true)
        var viewer = Viewer(tree: tree, fileName: "log.jsonl", size: Self.size, theme: .monochrome)
        Self.type("jljv", into: &viewer)
        let shown = Self.screen(&viewer)
        #expect(shown.last?.contains("frequency of n") == true, "\(shown)")
        #expect(shown[0].contains("n (bins)"), "a hundred numbers in bins: \(shown)")
    }

    /// While the file is read the table shows the counts so far, said to be so, and never says
    /// it counted them all; once read it says the whole.
    @Test func whileTheFileIsReadTheCountsAreSoFar() throws {
        let bytes = Self.log(3_000)
        var (input, viewer, waiting) = try TableViewerTests.typedWhileRead(":freq level<Enter>", bytes)
        #expect(waiting.contains("so far") || waiting.contains("waiting for the rest"), "\(waiting)")
        #expect(viewer.message != "counted 3,000 records")
        TableViewerTests.finishReading(bytes, of: input, into: &viewer)
        let done = Self.screen(&viewer)
        #expect(done.last?.contains("3 distinct values in 3,000 records") == true, "\(done)")
        #expect(!done.last!.contains("so far"))
        #expect(done[1].contains("1,800"))
    }

    /// Esc stops a count: the table stays, of the records read, said to be stopped; Esc again
    /// (nothing to stop) closes it.
    @Test func escStopsACountAndEscAgainCloses() throws {
        var viewer = try Self.table(200_000, inSteps: true)
        Self.type(":freq n<Enter>", into: &viewer)
        _ = viewer.update(InputEvent.tick)
        #expect(Self.screen(&viewer).last?.contains("counting…") == true)
        Self.type("<Esc>", into: &viewer)
        #expect(viewer.message?.hasPrefix("count stopped") == true, "\(viewer.message ?? "")")
        Self.type("j", into: &viewer)
        let stopped = Self.screen(&viewer).last!
        #expect(stopped.contains("so far (stopped"), "\(stopped)")
        Self.type("<Esc>", into: &viewer)
        #expect(Self.screen(&viewer)[0].contains("line│level"))
    }

    /// Esc while Enter's `:where` still looks goes back to the frequency table, and the filter
    /// before it comes back with q.
    @Test func escFromARowsRecordsGivesTheFilterBeforeBack() throws {
        var viewer = try Self.table(200_000, inSteps: true)
        Self.type(":where n < 1000<Enter>", into: &viewer)
        while viewer.tickInterval == 0 { _ = viewer.update(InputEvent.tick) }
        Self.type(":freq level<Enter>", into: &viewer)
        while viewer.tickInterval == 0 { _ = viewer.update(InputEvent.tick) }
        Self.type("<Enter>", into: &viewer)
        #expect(viewer.tickInterval == 0, "the row's :where still looks when Esc comes")
        Self.type("<Esc>", into: &viewer)
        #expect(viewer.message == "stopped: back to the frequency of level", "\(viewer.message ?? "")")
        #expect(Self.screen(&viewer).last?.contains("frequency of level") == true)
        Self.type("q", into: &viewer)
        while viewer.tickInterval == 0 { _ = viewer.update(InputEvent.tick) }
        Self.type("j", into: &viewer)
        let records = Self.screen(&viewer)
        #expect(records.last?.contains("where: n < 1000 (1,000 of 200,000)") == true, "\(records)")
    }

    /// `I` summarises every column; Enter on a column's row opens its frequency table, and q
    /// comes back to the summary.
    @Test func describeSummarisesAndEnterOpensAColumnsTable() throws {
        var viewer = try Self.table(1_000)
        Self.type("I", into: &viewer)
        let shown = Self.screen(&viewer)
        #expect(shown[0].hasPrefix("#│column") && shown[0].contains("distinct") && shown[0].contains("p99"))
        let level = try #require(shown.first { $0.hasPrefix("1│level") })
        #expect(level.contains("string") && level.contains("info 600 · warn 300 · error 100"), "\(level)")
        let n = try #require(shown.first { $0.hasPrefix("2│n") })
        #expect(n.contains("1,000") && n.contains("499.5") && n.contains("989"), "distinct, mean and p99: \(n)")
        Self.type("j<Enter>", into: &viewer)
        #expect(Self.screen(&viewer).last?.contains("frequency of n") == true)
        Self.type("q", into: &viewer)
        #expect(Self.screen(&viewer).last?.contains("summary of the columns") == true)
    }

    /// `:w` in a frequency table writes the table — its values, counts and shares, no bars.
    @Test func writeWritesTheTable() throws {
        let directory = WriteCommandTests.directory()
        var viewer = try Self.table(1_000)
        Self.type(":freq level<Enter>:w \(directory)/levels.csv<Enter>", into: &viewer)
        #expect(WriteCommandTests.read(directory + "/levels.csv") == "level,count,share\r\ninfo,600,0.6\r\nwarn,300,0.3\r\nerror,100,0.1\r\n")
        Self.type(":w \(directory)/levels.jsonl<Enter>", into: &viewer)
        #expect(WriteCommandTests.read(directory + "/levels.jsonl")?.hasPrefix(#"{"level": "info", "count": 600, "share": 0.6}"#) == true)
    }

    /// The commands parse: columns joined by commas, `describe` alone.
    @Test func theCommandsParse() {
        #expect(ViewerCommand.parse("freq level") == .success(.frequency(["level"])))
        #expect(ViewerCommand.parse("freq level,  ctx.user ") == .success(.frequency(["level", "ctx.user"])))
        #expect(ViewerCommand.parse("freq") == .success(.frequency(nil)))
        #expect(ViewerCommand.parse("freq a,,b") == .failure(.usage("freq COLUMN [, COLUMN…]")))
        #expect(ViewerCommand.parse("describe") == .success(.describe))
    }
}
