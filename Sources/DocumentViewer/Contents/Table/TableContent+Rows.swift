import DocumentData
import TerminalUI

// MARK: - `:sort`, `:where` and `&`: which rows show, in which order

extension TableContent {
    /// `:sort [-]COLUMN`: the rows by the column named (as its header row names it; `-`: largest
    /// first), read over the whole array as it is read; `:sort` alone: the file's order.
    /// - Returns: what to say.
    mutating func sort(by text: String?) -> String? {
        jobs.stop([.sort])
        guard let text, !text.isEmpty else {
            guard view.grid.source.order.sorted != nil else { return "sort: the rows are in the file's order" }
            view.sort(nil, by: nil, descending: false)
            return "sort off: the file's order"
        }
        let descending = text.hasPrefix("-")
        let name = descending ? String(text.dropFirst()) : text
        guard let column = view.records.column(named: name) else {
            return "sort: no column \(CellText.inert(name)) (the header row names them)"
        }
        start(RecordSortJob(view.records, by: column, descending: descending))
        return nil
    }

    /// `[` (`]`): the rows by the selected column, smallest (largest) first; the same order
    /// again: the file's order.
    /// - Returns: what to say.
    mutating func sortBySelectedColumn(descending: Bool) -> String? {
        guard let selected = view.grid.selectedColumn, selected < view.records.columns.count else {
            return "\(descending ? "]" : "["): select a column to sort by (h, l)"
        }
        let column = view.records.columns[selected]
        if let sorted = view.grid.source.order.sortedBy, sorted.column.keys == column.keys, sorted.descending == descending {
            return sort(by: nil)
        }
        return sort(by: (descending ? "-" : "") + column.name)
    }

    /// What the status line says of the order: `sort: -status`.
    var sortNote: String? {
        guard let sorted = view.grid.source.order.sortedBy else { return nil }
        return "sort: " + (sorted.descending ? "-" : "") + sorted.column.name
    }

    /// `:where EXPR`: the rows whose records match (`RecordQuery`); `:where` alone: every row
    /// again.
    /// - Returns: what to say.
    mutating func applyWhere(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return clearRowFilter() }
        do {
            let query = try RecordQuery(parsing: text, columns: view.records.columns)
            if let mismatch = query.typeMismatch(in: view.records.sampledRecordBytes) { return "where: \(mismatch)" }
            startRowFilter(.query(query))
            return nil
        } catch {
            return "where: \(error)"
        }
    }

    /// `&PATTERN`: the rows whose records have a row that matches (as the tree's `&`
    /// keeps a container's children); `&` alone: every row again.
    /// - Returns: what to say.
    mutating func startFilter(_ text: String) -> String? {
        if let note = nodesHiddenNote { return note }
        guard !text.isEmpty else { return clearRowFilter() }
        do {
            startRowFilter(.pattern(try RegexPattern(text)))
            return nil
        } catch {
            return "bad pattern: \(error)"
        }
    }

    /// Starts filtering the rows by `kept` (a filter applied goes): the rows kept show as they
    /// are found, over the whole array as it is read.
    mutating func startRowFilter(_ kept: ChildFilter) {
        rowFilter = kept
        let tree = json.tree
        switch kept {
        case .pattern(let pattern): start(RowFilterJob(RecordFilter(pattern, in: tree, ofChildrenAt: view.container)))
        case .query(let query): start(RowFilterJob(RecordFilter(query, in: tree)))
        }
    }

    /// `:where` or `&` alone, Esc while it looks, a pattern too complex: every row again.
    /// - Returns: what to say.
    @discardableResult
    mutating func clearRowFilter() -> String? {
        jobs.stop([.query])
        rowFilter = nil
        guard view.grid.source.order.filter != nil else { return "every row shows" }
        view.filter(nil, kept: [], read: 0)
        return "filter off: every row shows"
    }

    /// What the status line says of the row filter: `where: status >= 400 (12 of 40,000 so far)`.
    var rowFilterNote: String? {
        guard let filter = view.grid.source.order.filter else { return nil }
        return StatusLine.filterNote(
            named: CellText.inert(filter.name), shown: filter.kept.count, of: filter.read, soFar: jobs.contains(.query))
    }
}
