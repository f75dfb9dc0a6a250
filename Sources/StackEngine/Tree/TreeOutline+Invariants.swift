// MARK: - Invariants, checked after every change in debug builds (swift-collections' habit)

extension TreeOutline {
    /// Every broken invariant of the fold state, described; empty when it is consistent: each
    /// open node's row counts sum to its children's rows counted one by one (a child with a node
    /// its node's rows, else its default), the children a filter keeps are in order and exist,
    /// a node is one level below its parent, every table is consistent.
    /// - Complexity: O(nodes open × their children). For checks and tests.
    public func invariantViolations() -> [String] {
        guard let root else { return [] }
        var problems: [String] = []
        func check(_ node: OpenNode, path: String) {
            problems += node.table.invariantViolations().map { "\(path): \($0)" }
            let count = node.kept?.count ?? node.table.count
            if let kept = node.kept {
                if zip(kept, kept.dropFirst()).contains(where: { $0 >= $1 }) { problems.append("\(path): kept children out of order") }
                if let last = kept.last, last >= node.table.count { problems.append("\(path): keeps child \(last) of \(node.table.count)") }
            }
            let counted = (0..<count).reduce(0) { $0 + node.rows(at: $1) }
            // (A container malformed inside has no right count: its rows show what is wrong.)
            if node.rowsOfChild.total != counted, !model.countsMayDisagree {
                problems.append("\(path): row counts sum to \(node.rowsOfChild.total), its children have \(counted) rows")
            }
            for (index, child) in node.nodes {
                if index >= node.table.count { problems.append("\(path): a node for child \(index) of \(node.table.count)") }
                if child.depth != node.depth + 1 { problems.append("\(path)/\(index): at depth \(child.depth) under \(node.depth)") }
                check(child, path: "\(path)/\(index)")
            }
        }
        check(root, path: ".")
        return problems
    }

    /// Stops the program on a broken invariant, in builds with `TSTACK_INTERNAL_CHECKS` (debug
    /// builds: every test), for outlines small enough to check after every change.
    @inline(__always)
    func checkInvariants() {
        #if TSTACK_INTERNAL_CHECKS
        // (A filter can show few rows of a table of millions: the table's size counts too.)
        guard rowCount <= Self.checkedRows, (root?.table.count ?? 0) <= Self.checkedRows else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "TreeOutline: \(problems.prefix(3))")
        #endif
    }

    /// Outlines of more rows than this are not checked after every change (a check is O(n)).
    static var checkedRows: Int { 5_000 }
}
