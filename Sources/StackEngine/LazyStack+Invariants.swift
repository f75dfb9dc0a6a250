// MARK: - Invariants, checked by the tests after every step (swift-collections' habit)

extension ExtentTree {
    /// Every broken invariant of the tree, described; empty when it is consistent: each node's
    /// sums are its children's plus its own, its own sums are its rows', priorities are
    /// heap-ordered, every node is reached once.
    /// - Complexity: O(n). For tests.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen = Set<Int32>()
        func check(_ t: Int32) -> Sums {
            guard t >= 0 else { return Sums() }
            guard seen.insert(t).inserted else {
                problems.append("node \(t) reached twice")
                return Sums()
            }
            let node = nodes[Int(t)]
            for child in [node.left, node.right] where child >= 0 && nodes[Int(child)].priority > node.priority {
                problems.append("node \(t) has a child of higher priority")
            }
            if node.slot >= 0, node.rows > Self.detailRows { problems.append("detail node \(t) holds \(node.rows) rows") }
            let own = ownSums(of: node)
            if own.rows != node.rows { problems.append("node \(t)'s own sums count \(own.rows) of its \(node.rows) rows") }
            if node.slot >= 0 {
                let rowSums = summedDetail(slot: node.slot, rows: node.rows)
                if own.measured != rowSums.measured || own.unmeasured != rowSums.unmeasured
                    || own.kindExtents != rowSums.kindExtents || own.kindCounts != rowSums.kindCounts
                    || effectiveCurrent(own) != rowSums.current || effectiveSampledCounts(own) != rowSums.sampledCounts
                    || effectiveSampledExtents(own) != rowSums.sampledExtents {
                    problems.append("detail node \(t)'s own sums are not its rows'")
                }
            }
            let left = check(node.left)
            let right = check(node.right)
            let rows = left.rows + own.rows + right.rows
            let measured = left.measured + own.measured + right.measured
            let unmeasured = left.unmeasured &+ own.unmeasured &+ right.unmeasured
            let sampledCounts = effectiveSampledCounts(left) &+ effectiveSampledCounts(own) &+ effectiveSampledCounts(right)
            let sampledExtents = effectiveSampledExtents(left) &+ effectiveSampledExtents(own) &+ effectiveSampledExtents(right)
            if node.subtree.rows != rows || node.subtree.measured != measured || node.subtree.unmeasured != unmeasured
                || effectiveSampledCounts(node.subtree) != sampledCounts || effectiveSampledExtents(node.subtree) != sampledExtents {
                problems.append("node \(t)'s sums are not its children's and its own")
            }
            if node.rows <= 0 { problems.append("node \(t) holds no rows") }
            return node.subtree
        }
        _ = check(root)
        return problems
    }

    /// The broken invariants of `invariantViolations()`, and rows whose kind differs from
    /// what `kind` (the source) says or whose offset is not the sum of the rows before it.
    /// - Complexity: O(n log n). For tests.
    func invariantViolations(kind: (Int) -> RowKind) -> [String] {
        var problems = invariantViolations()
        var naive = 0
        for row in 0..<count {
            if offset(of: row) != naive { problems.append("offset(of: \(row)) \(offset(of: row)), rows sum to \(naive)") }
            let k = kind(row)
            if self.kind(of: row) != k { problems.append("row \(row) is kept as kind \(self.kind(of: row)), the source says \(k)") }
            naive += extent(of: row, kind: k)
            if problems.count > 5 { break }
        }
        if total != naive { problems.append("total \(total), rows sum to \(naive)") }
        return problems
    }
}

extension LazyStack {
    /// Every broken invariant of the stack, described; empty when it is consistent: the index
    /// covers the source's rows, the anchor is inside a row, every resolved row exists and its
    /// extent is the one measured, the counters count what is resolved.
    /// - Complexity: O(n log n). For checks (a list checks its stack after every change in
    /// debug builds) and tests.
    public func invariantViolations() -> [String] {
        var problems = index.count == source.rowCount
            ? index.invariantViolations(kind: source.rowKind(at:))
            : ["index has \(index.count) rows, the source \(source.rowCount)"]
        if rowCount == 0 {
            if anchor != ScrollAnchor(row: 0, offset: 0) { problems.append("anchor \(anchor) with no rows") }
        } else if anchor.row < 0 || anchor.row >= rowCount || anchor.offset < 0
            || anchor.offset >= index.extent(of: anchor.row, kind: source.rowKind(at: anchor.row)) {
            problems.append("anchor \(anchor) outside its row")
        }
        if !resolved.isConsistent { problems.append("the resolved rows' order is not their indexes, ascending") }
        for (row, resolvedRow) in resolved.all {
            guard row >= 0, row < rowCount else {
                problems.append("resolved row \(row) does not exist")
                continue
            }
            if index.isMeasured(row),
                index.extent(of: row, kind: source.rowKind(at: row)) != max(1, resolvedRow.extent) + spacing(before: row) {
                problems.append("row \(row) resolved at \(resolvedRow.extent), indexed otherwise")
            }
        }
        if counters.resolvedNow != resolved.count {
            problems.append("resolvedNow \(counters.resolvedNow), \(resolved.count) resolved")
        }
        return problems
    }
}
