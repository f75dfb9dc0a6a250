// MARK: - Invariants, checked after every change in debug builds (swift-collections' habit)

extension LazyTable {
    /// Every broken invariant of the table, described (its two lists' own included); empty when
    /// it is consistent: a line a row and the header row's, a column a source's column and the
    /// label column, both lists over the same source's counts, the selection on a row and on a
    /// column (the header row and the label column are never selected).
    /// - Complexity: O(n log n) in the rows and columns. For checks and tests.
    public func invariantViolations() -> [String] {
        var problems = lines.invariantViolations().map { "lines: " + $0 } + columns.invariantViolations().map { "columns: " + $0 }
        if lines.stack.rowCount != source.rowCount + 1 {
            problems.append("\(lines.stack.rowCount) lines for \(source.rowCount) rows and the header row")
        }
        if columns.stack.rowCount != source.columnCount + 1 {
            problems.append("\(columns.stack.rowCount) columns for the source's \(source.columnCount) and the labels")
        }
        if columns.source.source.columnCount != source.columnCount {
            problems.append("the columns know \(columns.source.source.columnCount) of the lines' \(source.columnCount)")
        }
        if lines.selection == 0 { problems.append("the header row is selected") }
        if columns.selection == 0, source.columnCount > 0 { problems.append("the label column is selected") }
        return problems
    }

    /// Stops the program on a broken invariant, in builds with `TSTACK_INTERNAL_CHECKS` (debug
    /// builds: every test), for tables of up to 5,000 rows.
    @inline(__always)
    func checkInvariants() {
        #if TSTACK_INTERNAL_CHECKS
        guard source.rowCount <= 5_000 else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "LazyTable: \(problems.prefix(3))")
        #endif
    }
}
