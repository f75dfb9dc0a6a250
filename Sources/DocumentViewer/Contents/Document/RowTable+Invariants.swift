// MARK: - Invariants, checked after every change in debug builds (swift-collections' habit)

extension RowTable {
    /// Every broken invariant of the table, described; empty when it is consistent: the runs
    /// follow one another row after row and count every row, a listing run's items are in the
    /// list, in order, the items shown are counted in order.
    /// - Complexity: O(runs + listed items). For checks and tests.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var row = 0
        var listed = 0
        var ordinal: Int32 = 0
        for (index, run) in runs.enumerated() {
            if run.firstRow != row { problems.append("run \(index) starts at \(run.firstRow), not \(row)") }
            if run.rowCount <= 0 { problems.append("run \(index) has \(run.rowCount) rows") }
            if run.ordinal < ordinal { problems.append("run \(index) counts \(run.ordinal) items before it, fewer than \(ordinal)") }
            if run.role == .item {
                if run.firstItem < 0 {
                    if Int(run.listStart) != listed { problems.append("run \(index) lists from \(run.listStart), not \(listed)") }
                    let items = listedItems[min(listedItems.count, listed)..<min(listedItems.count, listed + Int(run.rowCount))]
                    if items.count != Int(run.rowCount) { problems.append("run \(index) lists fewer items than rows") }
                    if zip(items, items.dropFirst()).contains(where: { $0 >= $1 }) { problems.append("run \(index) lists items out of order") }
                    listed += Int(run.rowCount)
                }
                ordinal = run.ordinal + run.rowCount
            } else {
                ordinal = run.ordinal
            }
            row += Int(run.rowCount)
        }
        if row != count { problems.append("the runs hold \(row) rows, the table says \(count)") }
        if listed != listedItems.count { problems.append("\(listedItems.count) items listed, the runs list \(listed)") }
        return problems
    }

    /// Stops the program on a broken invariant, in builds with `TSTACK_INTERNAL_CHECKS` (debug
    /// builds: every test), for tables of up to 5,000 runs.
    @inline(__always)
    func checkInvariants() {
        #if TSTACK_INTERNAL_CHECKS
        guard runs.count <= 5_000 else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "RowTable: \(problems.prefix(3))")
        #endif
    }
}
