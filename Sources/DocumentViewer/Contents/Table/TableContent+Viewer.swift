import DocumentData
import StackEngine
import TerminalUI

// MARK: - A table as one of the viewer's contents

extension TableContent: ViewerContent {
    var keyContext: ViewerKeyContext { .table }
    var helpTitle: String { "Table keys and commands" }
    var extraHelpLines: [String] { [] }
    /// The selected cell's path (its record's when it has no member in the column).
    var focusedID: String? { view.selectedPathReadAgain?.description }
    /// A table jumps.
    var animatesJumps: Bool {
        get { false }
        set {}
    }
    var runsWorkInSteps: Bool {
        get { jobs.runsInSteps }
        set {
            jobs.runsInSteps = newValue
            // (The tree behind runs its jobs as the table does once it is shown again.)
            tree.jobs.runsInSteps = newValue
        }
    }
    var workNotice: String? { jobs.said ?? jobs.progress(in: self) }
    var standingNote: String? { json.problem }
    var hidesMessages: Bool { false }
    var rowCount: Int { view.records.rowCount }
    var counters: StackCounters { view.grid.counters }

    func handleUnbound(_ key: Key) -> Bool { false }

    /// q, or Esc with nothing to stop: closes a summary, or the records Enter opened from it.
    mutating func closeView() -> Bool { closeSummary() }

    /// A node outside the records hands over to the tree, focused there.
    mutating func reveal(_ target: String, alignment: ScrollAlignment) -> Bool {
        guard let path = try? JSONPath(parsing: target), let indexes = outline.childIndexes(of: path) else { return false }
        if case .focused(let said) = focus(nodeAt: indexes, opensString: false) {
            jobs.say(said)
            return true
        }
        return false
    }

    mutating func prefetch() { view.grid.prefetch() }

    mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { false }
    var hasRowsToMeasure: Bool { false }

    mutating func setLayoutLog(_ log: ((String) -> Void)?) { tree.setLayoutLog(log) }

    func completions(of prefix: String, limit: Int) -> [String] { tree.completions(of: prefix, limit: limit) }

    /// The records as CSV, every column (``TableExport``).
    mutating func export(to sink: ExportSink) {
        start(ExportJob(TableExport(view.records), to: sink))
    }

    /// The content handed over to, with what the last job said (a match outside the table).
    mutating func takeHandover() -> (any ViewerContent)? {
        defer { handover = nil }
        guard var tree = handover as? TreeContent, let said = jobs.said else { return handover }
        tree.jobs.say(said)
        return tree
    }

    // MARK: - Work on ticks

    @discardableResult
    mutating func stop(_ stopped: Set<ViewerJob>) -> String? {
        // (A count stopped leaves its table of the records read, said to be partial.)
        if stopped.contains(.summary), jobs.contains(.summary), let top = summaries.indices.last {
            summaries[top].isStopped = !summaries[top].isWhole
        }
        var stopping = stopped
        var said: String?
        if stopped.contains(.query), jobs.contains(.query) {
            stopping.remove(.query)
            jobs.stop([.query])
            // (The `:where` of a summary's row stopped: back to the summary, the filter before
            // it given back — a job of its own, not stopped with it; any other row filter
            // stopped shows every row again.)
            if showsRecordsOfSummary {
                leaveSummaryRecords()
                said = "stopped: back to the \(summaries.last?.title ?? "summary")"
            } else {
                clearRowFilter()
            }
        }
        jobs.stop(stopping)
        if stopped.contains(.follow) { json.follows = false }
        return said
    }

    // MARK: - Frames

    /// Draws the table into `area`.
    /// - Returns: the status line of the frame, its message left to the viewer.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, promptIsOpen: Bool) -> StatusLine {
        if summaryShown != nil { return drawSummary(into: &buffer, area: area) }
        // Measured, then drawn once: a record on screen with a member first met past the sample
        // gets its column (at the end), and cells on screen wider than the sample's widen their
        // columns (to the cap).
        var measured = view.grid.measure(area: area)
        if view.addColumns(ofRows: measured.rows) { measured = view.grid.measure(area: area) }
        let wider = measured.cutColumns.filter { view.grid.source.width(ofColumn: $0.key) < RecordRows.maximumWidth }
        if !wider.isEmpty { view.grid.update { $0.widen(wider) } }
        let frame = view.grid.draw(into: &buffer, area: area)
        json.noteMalformed()
        let path = view.selectedPath()
        let records = view.records
        // The column, and the line of a JSON Lines file's record: as important as the row.
        let line = records.tree.isJSONLines && view.container.isEmpty
            ? view.grid.selectedRow.map { "line \(StatusLine.grouped(records.records.lineNumber(of: view.grid.source.record(ofRow: $0))))" } : nil
        let column = view.grid.selectedColumn.map { "column \($0 + 1)/\(records.columns.count)" }
        // (The rows shown: a filter's kept.)
        let rows = view.grid.source.rowCount
        let place = [column, line].compactMap { $0 }.joined(separator: "  ")
        let notes = [rowFilterNote, sortNote].compactMap { $0 }.joined(separator: "  ")
        // (Merged files: the file of the selected record.)
        let file = view.container.isEmpty
            ? view.grid.selectedRow.flatMap { records.tree.mergedFile(ofRecord: view.grid.source.record(ofRow: $0)) } : nil
        return StatusLine(
            focusedID: path?.description, fileName: file ?? "", section: nil,
            position: view.grid.selectedRow.map { StatusLine.Position(item: $0 + 1, count: rows) },
            progress: StatusLine.progress(
                shown: max(1, frame.rows.upperBound), of: rows, atTop: frame.isAtTop, atBottom: frame.isAtBottom),
            // (A row is a line: the table's height is exact, the header row's line included.)
            contentSize: .exact(rows + 1), detailLevel: nil, markCount: json.marks.count, loadingNote: readingNote,
            place: place.isEmpty ? nil : place, filterNote: notes.isEmpty ? nil : notes)
    }
}

extension TableContent {
    /// The rows as shown: kept by `&` or `:where`, in `:sort`'s order.
    var recordsShown: (RecordTable, [Int]?)? {
        let records = view.records
        let order = view.grid.source.order
        guard order.sorted != nil || order.filter != nil else { return (records, nil) }
        return (records, (0..<order.rowCount(recordCount: records.rowCount)).map(order.record(ofRow:)))
    }
}
