import DocumentData
import StackEngine
import TerminalUI
import Widgets

// MARK: - `T`: an array's records as a table, in the tree's content

extension TreeContent {
    /// `T` in the tree: the records of the focused array — or of the nearest array holding the
    /// focus whose first elements include an object (JSON Lines: its lines) — as a table, the
    /// focused node's cell selected.
    /// - Returns: what to say.
    mutating func showTable() -> String? {
        guard let records = recordsAtFocus else { return "T: \(Self.noRecordsHere)" }
        guard !records.columns.isEmpty else { return "T: the records of \(records.path) have no members" }
        return showTable(of: records)
    }

    /// What `T` and `:where` say where there is no array of records.
    static let noRecordsHere = "no array of records here (focus an array of objects; a JSON Lines file's lines are one)"

    /// The records `T` and `:where` work on: the focused array's — or the nearest array holding
    /// the focus whose first elements include an object (JSON Lines: its lines).
    var recordsAtFocus: RecordTable? {
        let tree = view.outline.tree
        let focus = view.focusedIndexes ?? []
        for length in stride(from: focus.count, through: 0, by: -1) {
            let container = Array(focus.prefix(length))
            guard let records = RecordTableView.children(at: container, in: tree), RecordTable.holdsRecords(records, in: tree)
            else { continue }
            let path = view.outline.path(ofChildIndexes: container) ?? JSONPath(components: [])
            return RecordTable(tree: tree, records: records, path: path, container: container)
        }
        return nil
    }

    /// `--view table`: the records the CSV export writes — the root's children when it is an
    /// array (JSON Lines: its lines), else those of its first member that is an array of
    /// objects. While the file is read and none is found yet, tried again at each take-in.
    public mutating func showRecordsTable() {
        let tree = view.outline.tree
        guard let records = RecordTable(recordsOf: tree), !records.columns.isEmpty else {
            // (None yet, or records with no member yet: tried again as the file is read.)
            waitsForTable = tree.isScanning
            if !tree.isScanning {
                notice = "--view table: no records in \(fileName) (an array of objects, or a root with one): the tree shows it"
            }
            return
        }
        waitsForTable = false
        _ = showTable(of: records)
    }

    /// Shows `records` as a table, the focused node's cell selected.
    /// - Returns: what to say.
    private mutating func showTable(of records: RecordTable) -> String? {
        let path = records.path
        var shown = RecordTableView(records: records, width: size.width, height: Self.height(for: size), theme: theme)
        if let focus = view.focusedIndexes { shown.select(nodeAt: focus) }
        shown.showMarks(of: marks)
        closeTable()
        table = shown
        // The tree's filter of these records filters the rows (one filter, the same answers).
        if let kept = appliedFilter, appliedContainer == records.container { _ = startRowFilter(kept) }
        tableFocusSeen = view.focusedIndexes
        return "\(path): a table of \(shown.records.columns.count) columns (T: the tree again)"
    }

    /// `T` or Enter in the table: back to the tree, the selected cell's node focused.
    mutating func leaveTable() {
        let container = table?.container
        let kept = tableFilter
        focusTreeOnCell()
        closeTable()
        // The rows' filter is the tree's again, on the same records.
        if let container, let kept { filterChildren(of: container, by: kept) }
    }

    /// Starts the tree's filter of the children of the node at `container` by `kept` (a filter
    /// the table had).
    private mutating func filterChildren(of container: [Int], by kept: ChildFilter) {
        let tree = view.outline.tree
        guard let records = RecordTableView.children(at: container, in: tree) else { return }
        stop([.filter])
        filteringContainer = container
        switch kept {
        case .pattern(let pattern):
            filtering = TreeFilter(tree: tree, pattern: pattern, container: container.isEmpty ? nil : records)
            while !runsWorkInSteps, filtering != nil { continueFilter() }
        case .query(let query):
            treeQuerying = RecordFilter(query, in: tree)
            while !runsWorkInSteps, treeQuerying != nil { continueTreeWhere() }
        }
    }

    /// Forgets the table and what works on it (a sort, a `:where`).
    mutating func closeTable() {
        table = nil
        tableFilter = nil
        tableFocusSeen = nil
        sorting = nil
        querying = nil
        followsTableEnd = false
    }

    /// Focuses the tree on the node of the selected cell (what a search starts from, where `T`
    /// goes back to) — unless the focus is inside that node already (a match deep in a cell's
    /// array): `n` then goes on from the match, not from the cell's start again.
    mutating func focusTreeOnCell() {
        guard let steps = table?.selectedSteps else { return }
        let cell = steps.map(\.index)
        if let focus = view.focusedIndexes, focus.count > cell.count, focus.starts(with: cell) { return }
        view.reveal(childIndexes: cell)
        tableFocusSeen = view.focusedIndexes
    }

    /// After the tree's focus moved under the table (a search's match, a `:goto`): the table
    /// selects its cell, or — when it is outside the records — gives way to the tree. Called
    /// where the focus may have moved (a search's and a lookup's steps) and before a frame.
    mutating func followTreeFocus() {
        guard var shown = table, let focus = view.focusedIndexes, focus != tableFocusSeen else { return }
        tableFocusSeen = focus
        switch shown.select(nodeAt: focus) {
        case .selected:
            table = shown
        case .hidden:
            notice = "\(view.focusedPath?.description ?? ".") is in a row the filter leaves out"
        case .outside:
            table = nil
            tableFocusSeen = nil
            notice = "\(view.focusedPath?.description ?? ".") is outside the table: the tree shows it"
        }
    }

    /// Carries out `action` in the table.
    /// - Returns: what to say.
    mutating func performInTable(_ action: ViewerAction) -> String? {
        guard var shown = table else { return nil }
        let page = max(1, Self.height(for: size) - 2)
        let half = max(1, (Self.height(for: size) - 1) / 2)
        switch action {
        case .nextItem: shown.table.selectNextRow()
        case .previousItem: shown.table.selectPreviousRow()
        case .scrollLines(let lines): shown.table.scroll(by: lines)
        case .pageDown: shown.table.page(by: page)
        case .pageUp: shown.table.page(by: -page)
        case .halfPageDown: shown.table.page(by: half)
        case .halfPageUp: shown.table.page(by: -half)
        case .top: shown.table.selectFirstRow()
        case .bottom:
            shown.table.selectLastRow()
            // (Rows read after it keep it at the end, as `G` in the tree.)
            if view.outline.tree.isScanning { followsTableEnd = true }
        case .previousColumn: shown.table.selectPreviousColumn()
        case .nextColumn: shown.table.selectNextColumn()
        case .firstColumn: shown.table.selectFirstColumn()
        case .lastColumn: shown.table.selectLastColumn()
        case .toggleTable:
            leaveTable()
            return nil
        case .nextMatch, .previousMatch:
            table = shown
            focusTreeOnCell()
            return repeatSearch(reversed: action == .previousMatch)
        case .follow:
            table = shown
            return follow()
        case .toggleMark:
            table = shown
            return toggleRowMark()
        case .nextMark:
            table = shown
            return nextRowMark()
        default:
            break
        }
        table = shown
        return nil
    }

    /// Draws the table into `area`.
    /// - Returns: the status line of the frame, its message left to the viewer.
    mutating func drawTable(into buffer: inout CellBuffer, area: Rect) -> StatusLine? {
        guard var shown = table else { return nil }
        var frame = shown.table.draw(into: &buffer, area: area)
        // A record on screen with a member first met past the sample: its column, at the end.
        if shown.addColumns(ofRows: frame.rows) { frame = shown.table.draw(into: &buffer, area: area) }
        // Cells on screen wider than the sample's: their columns widen (to the cap), once.
        let wider = frame.cutColumns.filter { shown.table.source.width(ofColumn: $0.key) < RecordRows.maximumWidth }
        if !wider.isEmpty {
            shown.table.update { $0.widen(wider) }
            frame = shown.table.draw(into: &buffer, area: area)
        }
        table = shown
        let path = shown.selectedPath()
        table = shown
        let records = shown.records
        // The column, and the line of a JSON Lines file's record: as important as the row.
        let line = records.tree.isJSONLines && shown.container.isEmpty
            ? shown.table.selectedRow.map { "line \(StatusLine.grouped(records.records.lineNumber(of: shown.table.source.record(ofRow: $0))))" } : nil
        let column = shown.table.selectedColumn.map { "column \($0 + 1)/\(records.columns.count)" }
        // (The rows shown: a filter's kept.)
        let rows = shown.table.source.rowCount
        let place = [column, line].compactMap { $0 }.joined(separator: "  ")
        return StatusLine(
            focusedID: path?.description, fileName: "", section: nil,
            position: shown.table.selectedRow.map { StatusLine.Position(item: $0 + 1, count: rows) },
            progress: StatusLine.progress(
                lastVisibleRow: max(0, frame.rows.upperBound - 1), rowCount: rows, atTop: frame.isAtTop,
                atBottom: frame.isAtBottom),
            // (A row is a line: the table's height is exact, the header row's line included.)
            contentSize: .exact(rows + 1), detailLevel: nil, markCount: marks.count, loadingNote: readingNote,
            place: place.isEmpty ? nil : place, filterNote: [rowFilterNote, sortNote].compactMap { $0 }.joined(separator: "  ").nilIfEmpty)
    }
}

// MARK: - Marks in a table: a row (its record) marked

extension TreeContent {
    /// `m` in a table: marks the selected row's record, or unmarks it (a mark of the tree's: `T`
    /// shows it on the record's node).
    mutating func toggleRowMark() -> String? {
        guard var shown = table, let row = shown.table.selectedRow else { return nil }
        let indexes = shown.container + [shown.table.source.record(ofRow: row)]
        let path = view.outline.path(ofChildIndexes: indexes)?.description ?? ""
        let said = marks.toggle(indexes) ? "marked \(path) (\(marks.count) marked)" : "unmarked \(path)"
        shown.showMarks(of: marks)
        table = shown
        return said
    }

    /// `'` in a table: the next marked record's row after the selected one (in the file's
    /// order), wrapping; marks elsewhere in the tree are passed over.
    mutating func nextRowMark() -> String? {
        guard var shown = table else { return nil }
        let here = shown.container + [shown.table.selectedRow.map(shown.table.source.record(ofRow:)) ?? -1]
        let rows = marks.following(here).filter { $0.count == shown.container.count + 1 && $0.starts(with: shown.container) && $0 != here }
        for indexes in rows where shown.select(nodeAt: indexes) == .selected {
            table = shown
            return nil
        }
        return marks.contains(here) ? "the only marked row is here" : "no marked rows: m marks the selected row"
    }
}

fileprivate extension String {
    /// Nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
