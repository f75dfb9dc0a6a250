import DocumentData
import TerminalUI

// MARK: - `:sort`

extension TreeContent {
    /// `:sort [-]COLUMN`: the table's rows by the column named (as its header row names it; `-`:
    /// largest first), read over the whole array as it is read, a window a tick; `:sort` alone:
    /// the file's order.
    /// - Returns: what to say.
    mutating func sort(by text: String?) -> String? {
        guard var shown = table else { return "sort: a table's rows (T on an array of records shows one)" }
        sorting = nil
        guard let text, !text.isEmpty else {
            guard shown.table.source.order.sorted != nil else { return "sort: the rows are in the file's order" }
            shown.sort(nil, by: nil, descending: false)
            table = shown
            return "sort off: the file's order"
        }
        let descending = text.hasPrefix("-")
        let name = descending ? String(text.dropFirst()) : text
        guard let column = shown.records.column(named: name) else {
            return "sort: no column \(CellText.inert(name)) (the header row names them)"
        }
        sorting = RecordSort(shown.records, by: column, descending: descending)
        continueSort()
        while !runsWorkInSteps, sorting != nil, !isSortWaiting { continueSort() }
        return nil
    }

    /// Whether the sort has read every record read so far and waits for the file (not when an
    /// input that grows paused: it sorts what arrived, saying more may come).
    var isSortWaiting: Bool {
        guard let sorting, let shown = table, let records = shown.recordsNow else { return false }
        return sorting.readCount == records.count && !shown.isWhole && !view.outline.tree.hasReadAllThereIsNow
    }

    /// The sort's next window; once every record of the whole array is read, the order shown.
    mutating func continueSort() {
        // (The column and the direction, not the sort: a copy of it would keep its keys alive.)
        guard let column = sorting?.column, let descending = sorting?.descending, var shown = table,
            let records = shown.recordsNow else {
            sorting = nil
            return
        }
        let name = (descending ? "-" : "") + column.name
        // (Stepped in place: a copy would copy every record's key at each window.)
        let readAll = sorting?.step(records: records) ?? false
        let tree = view.outline.tree
        guard readAll, shown.isWhole || tree.hasReadAllThereIsNow else {
            notice = readAll
                ? "sort by \(name): waiting for the rest of the file, \(tree.readNote) \(JobPolicy.hint(for: .sort))"
                : "sorting by \(name)… \(Int((sorting?.progress ?? 0) * 100))% \(JobPolicy.hint(for: .sort))"
            return
        }
        // The comparison sort, a part a tick: a key never waits for all of it.
        guard let order = sorting?.orderingStep() else {
            notice = "sorting by \(name)… \(Int((sorting?.orderingProgress ?? 0) * 100))% ordered \(JobPolicy.hint(for: .sort))"
            return
        }
        // The keys read go before the rows' order is made.
        sorting = nil
        shown.sort(order, by: column, descending: descending)
        table = shown
        notice = "sorted by \(name): \(StatusLine.grouped(shown.table.source.rowCount)) rows"
            + (shown.isWhole ? "" : " read so far (rows that arrive show after them)")
    }

    /// What the status line says of the order: `sort: -status`.
    var sortNote: String? {
        guard let sorted = table?.table.source.order.sortedBy else { return nil }
        return "sort: " + (sorted.descending ? "-" : "") + sorted.column.name
    }
}

// MARK: - `:where` and `&`: the rows kept

extension TreeContent {
    /// `:where EXPR`: the table's rows whose records match (`RecordQuery`); `:where` alone: every
    /// row again.
    /// - Returns: what to say.
    mutating func applyWhere(_ text: String?) -> String? {
        guard let shown = table else { return applyWhereInTree(text) }
        guard let text, !text.isEmpty else { return clearRowFilter() }
        do {
            return startRowFilter(.query(try RecordQuery(parsing: text, columns: shown.records.columns)))
        } catch {
            return "where: \(error)"
        }
    }

    /// `&PATTERN` in a table: the rows whose records have a match anywhere in their text (as the
    /// tree's `&` keeps a container's children); `&` alone: every row again.
    /// - Returns: what to say.
    mutating func filterRows(_ text: String) -> String? {
        guard table != nil else { return nil }
        guard !text.isEmpty else { return clearRowFilter() }
        do {
            return startRowFilter(.pattern(try RegexPattern(text)))
        } catch {
            return "bad pattern: \(error)"
        }
    }

    /// Starts `filter` on the table's records (a filter applied goes): the rows kept show as they
    /// are found, over the whole array as it is read, a window a tick.
    mutating func startRowFilter(_ kept: ChildFilter) -> String? {
        guard let shown = table else { return nil }
        // One filter: the tree's on these records gives way (`T` gives this one back to it).
        if appliedFilter != nil, appliedContainer == shown.container { clearFilter() }
        tableFilter = kept
        let filter: RecordFilter
        switch kept {
        case .pattern(let pattern): filter = RecordFilter(pattern, in: shown.records.tree)
        case .query(let query): filter = RecordFilter(query, in: shown.records.tree)
        }
        // (The first window's rows replace the rows shown: the selected record stays selected
        // when it is kept.)
        querying = filter
        continueRowFilter()
        while !runsWorkInSteps, querying != nil, !isRowFilterWaiting { continueRowFilter() }
        return nil
    }

    /// `:where` or `&` alone: every row again.
    private mutating func clearRowFilter() -> String? {
        querying = nil
        tableFilter = nil
        guard var shown = table, shown.table.source.order.filter != nil else { return "every row shows" }
        shown.filter(nil, kept: [], read: 0)
        table = shown
        return "filter off: every row shows"
    }

    /// Whether the row filter looked at every record read so far and waits for more.
    var isRowFilterWaiting: Bool {
        guard let querying, let records = table?.recordsNow else { return false }
        return querying.readCount == records.count
    }

    /// The row filter's next window, the rows it kept shown; it ends once the whole array was
    /// looked at (an input that grows is looked at as it arrives).
    mutating func continueRowFilter() {
        guard querying != nil, var shown = table, let records = shown.recordsNow else {
            querying = nil
            return
        }
        // (Stepped in place: a copy would copy the records kept at each window.)
        _ = querying?.step(records: records)
        guard let running = querying else { return }
        guard !running.isTooComplex else {
            stopRowFilter()
            notice = "\(running.name): \(RegexPattern.tooComplexMessage)"
            return
        }
        shown.filter(running.name, kept: running.kept, read: running.readCount)
        table = shown
        if running.readCount == records.count && shown.isWhole { querying = nil }
    }

    /// Esc while a row filter looks: every row shows again.
    mutating func stopRowFilter() {
        querying = nil
        tableFilter = nil
        table?.filter(nil, kept: [], read: 0)
    }

    /// Whether the node at `indexes` is in a record the table's filter leaves out (a search
    /// goes on past it).
    func tableHides(_ indexes: [Int]) -> Bool {
        guard let shown = table, indexes.count > shown.container.count, indexes.starts(with: shown.container) else { return false }
        return shown.table.source.order.row(ofRecord: indexes[shown.container.count]) == nil
    }

    /// What the status line says of the row filter: `where: status >= 400 (12 of 40,000 so far)`.
    var rowFilterNote: String? {
        guard let filter = table?.table.source.order.filter else { return nil }
        return StatusLine.filterNote(
            named: CellText.inert(filter.name), shown: filter.kept.count, of: filter.read, soFar: querying != nil)
    }
}

// MARK: - `:where` in a tree

extension TreeContent {
    /// `:where EXPR` in a tree: keeps the records of the focused array (as `T` finds it) that
    /// match, as `&` keeps a container's children — the tree's one filter; `:where` alone shows
    /// every child again.
    /// - Returns: what to say.
    mutating func applyWhereInTree(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return startFilter("") }
        guard let records = recordsAtFocus else { return "where: \(Self.noRecordsHere)" }
        let tree = view.outline.tree
        if !records.container.isEmpty, !records.records.isComplete {
            // (Its children are not all known: a filter of those read would say less than it is.)
            let state = tree.isScanning ? "is still being read (\(tree.readNote)): filter it once it is read" : "was not read to its end: the input stopped inside it"
            return "where: \(records.path) \(state)"
        }
        let query: RecordQuery
        do {
            query = try RecordQuery(parsing: text, columns: records.columns)
        } catch {
            return "where: \(error)"
        }
        stop([.filter])
        filterNotice = nil
        filteringContainer = records.container
        treeQuerying = RecordFilter(query, in: tree)
        continueTreeWhere()
        while !runsWorkInSteps, treeQuerying != nil { continueTreeWhere() }
        return nil
    }

    /// The tree's `:where` next window; once every record found so far was looked at, those kept
    /// show (the root's records the scan finds later show when they match).
    mutating func continueTreeWhere() {
        guard treeQuerying != nil, let records = RecordTableView.children(at: filteringContainer, in: view.outline.tree)
        else {
            treeQuerying = nil
            return
        }
        let readAll = treeQuerying?.step(records: records) ?? true
        guard let running = treeQuerying else { return }
        guard !running.isTooComplex else {
            treeQuerying = nil
            filterNotice = "\(running.name): \(RegexPattern.tooComplexMessage)"
            return
        }
        guard readAll else {
            filterNotice = "filtering \(running.name)… \(running.readCount * 100 / max(1, records.count))% \(JobPolicy.hint(for: .filter))"
            return
        }
        treeQuerying = nil
        guard let query = running.query else { return }
        apply(.query(query), keeping: running.kept.map(Int.init))
        filterNotice = running.kept.isEmpty ? "no record matches \(running.name)" : nil
    }
}
