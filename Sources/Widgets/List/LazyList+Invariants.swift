import StackEngine

// MARK: - Invariants, checked after every change in debug builds (swift-collections' habit)

extension LazyList {
    /// Every broken invariant of the list, described; empty when it is consistent: the
    /// selection is a selectable row, and the stack's own invariants hold.
    /// - Complexity: O(n log n). For checks and tests.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if let selection, !isSelectable(selection) {
            problems.append("the selection \(selection) is not a selectable row of \(stack.rowCount)")
        }
        if selectionMode != .multiple, !selectedIDs.isEmpty { problems.append("a set of selected ids in a list of \(selectionMode) selection") }
        return problems + stack.invariantViolations()
    }

    /// Stops the program on a broken invariant, in builds with `TSTACK_INTERNAL_CHECKS` (debug
    /// builds: every test), for lists small enough to check after every change.
    @inline(__always)
    func checkInvariants() {
        #if TSTACK_INTERNAL_CHECKS
        guard stack.rowCount <= Self.checkedRows else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "LazyList: \(problems.prefix(3))")
        #endif
    }

    /// Lists of more rows than this are not checked after every change (a check is O(n log n)).
    static var checkedRows: Int { 5_000 }
}
