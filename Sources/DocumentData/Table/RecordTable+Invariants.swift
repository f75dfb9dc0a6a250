// MARK: - Invariants, checked after every change in debug builds (swift-collections' habit)

extension RecordTable {
    /// Every broken invariant of the records, described; empty when they are consistent: each
    /// column one or two keys, no two columns alike (by keys or by name), the columns known the
    /// same as the columns listed.
    /// - Complexity: O(columns). For checks and tests.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if let bad = columns.first(where: { !(1...2).contains($0.keys.count) }) {
            problems.append("column \(bad.name) has \(bad.keys.count) keys")
        }
        if Set(columns).count != columns.count { problems.append("a column is listed twice") }
        if Set(columns.map(\.name)).count != columns.count { problems.append("two columns share a name") }
        if Set(columns.map(\.keys)) != known { problems.append("\(known.count) columns known, \(columns.count) listed") }
        return problems
    }

    /// Stops the program on a broken invariant, in builds with `TSTACK_INTERNAL_CHECKS` (debug
    /// builds: every test), for tables of up to 5,000 columns.
    @inline(__always)
    func checkInvariants() {
        #if TSTACK_INTERNAL_CHECKS
        guard columns.count <= 5_000 else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "RecordTable: \(problems.prefix(3))")
        #endif
    }
}
