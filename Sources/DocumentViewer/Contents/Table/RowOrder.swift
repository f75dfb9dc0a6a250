import DocumentData

/// Which records a table's rows show, in which order: every record in the file's order, or the
/// order of a `:sort` (the records' indexes), or the records a filter (`:where`, `&`) kept, or
/// both — kept as the records' indexes a row and, once sorted, each record's row (4 bytes each
/// a row; a filter's rows are in the file's order, so a record's row is found by a binary
/// search, and a filter that looks further appends to its rows without copying a table of
/// every record). A record that came after a sort was made is shown after the sorted ones, in
/// the file's order.
struct RowOrder {
    /// The order of a `:sort`: every record read when it was made, by index.
    private(set) var sorted: [UInt32]?
    /// The column sorted by, and whether largest first.
    private(set) var sortedBy: (column: RecordColumn, descending: Bool)?
    /// The filter applied (`:where`, `&`): its name (`where: status >= 400`), the records kept
    /// so far in the file's order, and how many records it looked at.
    private(set) var filter: (name: String, kept: [UInt32], read: Int)?
    /// The record a row shows (nil: every record, row `k` record `k`); and, when sorted, the
    /// row of each record (`UInt32.max`: not shown).
    private(set) var shown: [UInt32]?
    private(set) var rows: [UInt32]?

    /// Sorts the rows by `column` in `order` (the records' indexes); nil: the file's order.
    mutating func sort(_ order: [UInt32]?, by column: RecordColumn?, descending: Bool, recordCount: Int) {
        defer { checkInvariants() }
        sorted = order
        sortedBy = order == nil ? nil : column.map { ($0, descending) }
        compose(recordCount: recordCount)
    }

    /// Shows the records the filter `name` kept of the first `read` (nil: every record).
    /// - Returns: the first row that changed: past the rows there were when only rows were
    ///   added at the end (the same filter, looked further, no sort).
    mutating func filter(_ name: String?, kept: [UInt32], read: Int, recordCount: Int) -> Int {
        defer { checkInvariants() }
        guard let name else {
            filter = nil
            compose(recordCount: recordCount)
            return 0
        }
        if sorted == nil, let old = filter, old.name == name, kept.count >= old.kept.count, kept.starts(with: old.kept) {
            // Rows added at the end: the rows are the records kept.
            filter = (name, kept, read)
            shown = kept
            return old.kept.count
        }
        filter = (name, kept, read)
        compose(recordCount: recordCount)
        return 0
    }

    /// The rows from the sort and the filter.
    private mutating func compose(recordCount: Int) {
        guard let filter else {
            shown = sorted
            rows = sorted.map { Self.rows(of: $0, recordCount: $0.count) }
            return
        }
        guard let sorted else {
            shown = filter.kept
            rows = nil
            return
        }
        var isKept = [Bool](repeating: false, count: max(recordCount, filter.read))
        for record in filter.kept { isKept[Int(record)] = true }
        let shown = sorted.filter { isKept[Int($0)] } + filter.kept.drop { Int($0) < sorted.count }
        self.shown = shown
        rows = Self.rows(of: shown, recordCount: recordCount)
    }

    /// Each record's row in `shown`, `UInt32.max` for those not shown.
    private static func rows(of shown: [UInt32], recordCount: Int) -> [UInt32] {
        var rows = [UInt32](repeating: .max, count: max(recordCount, Int(shown.max() ?? 0) + 1))
        for (row, record) in shown.enumerated() { rows[Int(record)] = UInt32(row) }
        return rows
    }

    /// The number of rows, of `recordCount` records read.
    func rowCount(recordCount: Int) -> Int {
        filter == nil ? recordCount : shown?.count ?? 0
    }

    /// The record row `row` shows.
    func record(ofRow row: Int) -> Int {
        guard let shown, row < shown.count else { return row }
        return Int(shown[row])
    }

    /// The row that shows record `record`; nil when the filter leaves it out (or has not looked
    /// at it yet).
    func row(ofRecord record: Int) -> Int? {
        guard let rows else {
            // Unsorted: every record on its own row, or a filter's in the file's order.
            guard let shown else { return record }
            let row = shown.partitioningIndex { Int($0) >= record }
            return row < shown.count && Int(shown[row]) == record ? row : nil
        }
        guard record < rows.count else { return filter == nil ? record : nil }
        return rows[record] == .max ? nil : Int(rows[record])
    }
}

// MARK: - Invariants, checked after every change in debug builds

extension RowOrder {
    /// Every broken invariant of the order, described; empty when it is consistent: each row's
    /// record has that row, each record given a row is shown on it, no record shows twice, a
    /// filter's records kept are in the file's order and among those it read.
    /// - Complexity: O(records). For checks and tests.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        if let filter {
            if zip(filter.kept, filter.kept.dropFirst()).contains(where: { $0 >= $1 }) {
                problems.append("the records kept are not in the file's order")
            }
            if let last = filter.kept.last, Int(last) >= filter.read {
                problems.append("a record kept (\(last)) past those read (\(filter.read))")
            }
        }
        guard let shown else {
            if rows != nil { problems.append("each record's row is kept without the rows' records") }
            return problems
        }
        guard let rows else {
            if sorted != nil { problems.append("sorted rows are kept without each record's row") }
            if zip(shown, shown.dropFirst()).contains(where: { $0 >= $1 }) {
                problems.append("unsorted rows are not in the file's order")
            }
            return problems
        }
        for (row, record) in shown.enumerated() where Int(record) >= rows.count || rows[Int(record)] != UInt32(row) {
            problems.append("row \(row) shows record \(record), whose row is not \(row)")
            break
        }
        let given = rows.lazy.filter { $0 != .max }.count
        if given != shown.count { problems.append("\(given) records have a row, \(shown.count) rows show one") }
        return problems
    }

    /// Stops the program on a broken invariant, in builds with `TSTACK_INTERNAL_CHECKS` (debug
    /// builds: every test), for orders of up to 100,000 records.
    @inline(__always)
    func checkInvariants() {
        #if TSTACK_INTERNAL_CHECKS
        guard (rows?.count ?? 0) <= 100_000, (shown?.count ?? 0) <= 100_000 else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "RowOrder: \(problems.prefix(3))")
        #endif
    }
}
