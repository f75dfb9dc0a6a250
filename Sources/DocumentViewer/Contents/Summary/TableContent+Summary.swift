import DocumentData
import TerminalUI
import Widgets

// MARK: - A frequency table or a column summary over a table's records

extension TableContent {
    /// The summary on top, when it is what shows (not the records Enter opened from it).
    var summaryShown: SummaryView? { showsRecordsOfSummary ? nil : summaries.last }

    /// The summary shown's table, which `:write` writes.
    var summaryShownTable: SummaryTable? { summaryShown?.grid.source.table }

    /// What a search, `:goto`, `:sort`, `:where` or `y` says while a summary shows.
    var nodesHiddenNote: String? {
        summaryShown.map { "\($0.title) shows: q returns to the records (Enter: the records of a row)" }
    }

    /// `:freq`, `:describe`.
    /// - Returns: what to say.
    mutating func summarize(_ summary: SummaryRequest) -> String? {
        switch summary {
        case .frequency(let names): showFrequency(of: names)
        case .describe: describeColumns()
        }
    }

    /// `v` / `:freq COLUMN [, COLUMN…]`: the frequency table of the columns named (nil: the
    /// selected one), counted over every record (every one a `:where` keeps) as the file is read.
    /// - Returns: what to say.
    mutating func showFrequency(of names: [String]?) -> String? {
        let records = view.records
        var columns: [RecordColumn] = []
        if let names {
            for name in names {
                guard let column = records.column(named: name) else {
                    return "freq: no column \(CellText.inert(name)) (the header row names them)"
                }
                columns.append(column)
            }
        } else {
            guard let selected = view.grid.selectedColumn, selected < records.columns.count else { return "freq: no column selected" }
            columns = [records.columns[selected]]
        }
        guard !columns.isEmpty else { return "usage: :freq COLUMN [, COLUMN…]" }
        return startSummary(.frequency(columns), counts: .frequency(FrequencyTable(columns: columns)))
    }

    /// `I` / `:describe`: every column's summary, counted over every record (every one a
    /// `:where` keeps) as the file is read.
    mutating func describeColumns() -> String? {
        let columns = view.records.columns
        guard !columns.isEmpty else { return "describe: the records have no members" }
        return startSummary(.describe, counts: .columns(ColumnSummaries(columns: columns)))
    }

    /// Shows an empty summary of `subject` at once and starts counting `counts`: of the records
    /// the `:where` applied keeps, when one is (the rows shown are what is counted).
    /// - Returns: what to say.
    private mutating func startSummary(_ subject: SummaryView.Subject, counts: SummaryPass.Counts) -> String? {
        if showsRecordsOfSummary {
            // (A summary asked for over the records Enter opened: of the records shown before
            // them, as any summary, and the one they came from gives way.)
            leaveSummaryRecords()
            summaries = []
        }
        switch rowFilter {
        case .pattern?: return "\(Self.command(of: subject)): a & filter shows — counts follow :where (& alone shows every row)"
        case .query(let kept)?: return startSummary(subject, counts: counts, keptBy: kept)
        case nil: return startSummary(subject, counts: counts, keptBy: nil)
        }
    }

    /// Shows an empty summary of `subject` at once and starts counting `counts` of the records
    /// `query` keeps (every one: nil).
    /// - Returns: what to say.
    private mutating func startSummary(
        _ subject: SummaryView.Subject, counts: SummaryPass.Counts, keptBy query: RecordQuery?
    ) -> String? {
        guard let pass = SummaryPass(view.records, into: counts, where: query) else {
            return "\(Self.command(of: subject)): the where's pattern could not be compiled again"
        }
        let empty = SummaryTable(counts, isWhole: false, keptBy: query)
        summaries.append(SummaryView(
            subject, table: empty, keptBy: query, width: json.size.width, height: json.height, theme: json.theme))
        start(SummaryJob(pass, for: subject))
        return nil
    }

    /// The command that asks for `subject`, as messages name it.
    static func command(of subject: SummaryView.Subject) -> String {
        subject == .describe ? "describe" : "freq"
    }

    /// The summary job's counts so far (`isWhole`: every record read), shown on top.
    mutating func showSummary(_ table: SummaryTable, isWhole: Bool) {
        guard var top = summaries.popLast() else { return }
        top.show(table)
        top.isWhole = isWhole
        summaries.append(top)
    }

    /// Carries out `action` in the summary shown.
    /// - Returns: what to say.
    mutating func performInSummary(_ action: ViewerAction) -> String? {
        guard let top = summaries.indices.last else { return nil }
        if let move = ViewerKeys.tableMove(for: action) {
            summaries[top].grid.perform(move)
            return nil
        }
        switch action {
        case .scrollLines(let lines): summaries[top].grid.scroll(by: lines)
        case .placeFocus(let alignment): summaries[top].grid.scrollSelection(to: alignment)
        case .toggleTable, .frequencyOfColumn:
            switch summaries[top].selectedTarget {
            case .records(let clause)?: return showRecords(where: clause)
            case .frequency(let column)?: return showFrequency(of: [column.name])
            case nil:
                if summaries[top].grid.selectedRow == nil { return nil }
                return "no :where keeps these records (an array or an object, values of another kind)"
            }
        case .describeColumns:
            return summaries[top].subject == .describe ? nil : describeColumns()
        default:
            return "\(summaries[top].title): q returns to the records (Enter: the records of a row)"
        }
        return nil
    }

    /// Enter on a frequency table's row: the records it counts, as `:where CLAUSE` keeps them
    /// within the `:where` the summary counted by (`SummaryView.keptBy`, the two joined by
    /// `RecordQuery.and`; not checked against the first records' kinds: the row says the value
    /// is there); q (or Esc) comes back to the table, the filter before it given back.
    private mutating func showRecords(where clause: String) -> String? {
        var query: RecordQuery
        do {
            query = try RecordQuery(parsing: clause, columns: view.records.columns)
        } catch {
            return "where: \(error)"
        }
        // (Within the `:where` the summary counted by, as it was read.)
        if let kept = summaries.last?.keptBy { query = kept.and(query) }
        filterBeforeSummaryRecords = rowFilter
        startRowFilter(.query(query))
        showsRecordsOfSummary = true
        // (`:where` has no "missing": a missing member equals null.)
        let missing = summaries.last?.selectedRowIsMissing == true ? " (nulls too: :where counts a missing member as null)" : ""
        return ":where \(clause)\(missing) · q: back to the \(summaries.last?.title ?? "summary")"
    }

    /// From the records Enter opened back to the summary: the filter they had before again.
    mutating func leaveSummaryRecords() {
        showsRecordsOfSummary = false
        if let previous = filterBeforeSummaryRecords {
            startRowFilter(previous)
        } else {
            clearRowFilter()
        }
        filterBeforeSummaryRecords = nil
    }

    /// q, or Esc with nothing to stop: from records Enter opened, back to the summary (the
    /// filter before them again); from a summary, back to what was under it — a summary whose
    /// count was cut short by the one above counted again.
    /// - Returns: whether there was something to close.
    mutating func closeSummary() -> Bool {
        if showsRecordsOfSummary {
            leaveSummaryRecords()
            return true
        }
        guard summaries.popLast() != nil else { return false }
        jobs.stop([.summary])
        if let below = summaries.last, !below.isWhole {
            switch below.subject {
            case .frequency(let columns):
                summaries.removeLast()
                let counts = SummaryPass.Counts.frequency(FrequencyTable(columns: columns))
                if let refused = startSummary(below.subject, counts: counts, keptBy: below.keptBy) { jobs.say(refused) }
            case .describe:
                summaries.removeLast()
                let counts = SummaryPass.Counts.columns(ColumnSummaries(columns: view.records.columns))
                if let refused = startSummary(below.subject, counts: counts, keptBy: below.keptBy) { jobs.say(refused) }
            }
        }
        return true
    }

    /// Draws the summary shown into `area`.
    /// - Returns: the status line of the frame.
    mutating func drawSummary(into buffer: inout CellBuffer, area: Rect) -> StatusLine {
        let top = summaries.count - 1
        let frame = summaries[top].grid.draw(into: &buffer, area: area)
        let grid = summaries[top].grid
        let rows = grid.source.rowCount
        let column = grid.selectedColumn.map { "column \($0 + 1)/\(grid.source.columnCount)" }
        return StatusLine(
            focusedID: summaries[top].title, fileName: json.fileName, section: nil,
            position: grid.selectedRow.map { StatusLine.Position(item: $0 + 1, count: rows) },
            progress: StatusLine.progress(
                shown: max(1, frame.rows.upperBound), of: rows, atTop: frame.isAtTop, atBottom: frame.isAtBottom),
            contentSize: .exact(rows + 1), detailLevel: nil, markCount: 0, loadingNote: readingNote, place: column,
            filterNote: summaries[top].note)
    }
}
