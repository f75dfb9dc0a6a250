// MARK: - Invariants, checked by the tests after every step (swift-collections' habit)

extension ExtentIndex {
    /// Every broken invariant of the index, described; empty when it is consistent: the
    /// Fenwick sums equal the naive sums, the per-kind counts and means match the rows.
    /// `kind` gives each row's kind as the source says it (the index keeps its own copy).
    /// - Complexity: O(n log n). For tests.
    func invariantViolations(kind: (Int) -> RowKind) -> [String] {
        var problems: [String] = []
        if blockSlots.count != blockCount || blockKinds.count != blockCount
            || detailExtents.count != detailKinds.count || detailGenerations.count != detailKinds.count
            || measuredTree.count != blockCount + 1 || unmeasuredTrees.count != (blockCount + 1) * Self.kindCount {
            return ["storage sizes do not match count \(count)"]
        }
        var sums = Array(repeating: Int64(0), count: Self.kindCount)
        var counts = Array(repeating: Int64(0), count: Self.kindCount)
        var current = 0
        var naive = 0
        for row in 0..<count {
            if offset(of: row) != naive { problems.append("offset(of: \(row)) \(offset(of: row)), rows sum to \(naive)") }
            let k = kind(row)
            if self.kind(of: row) != k { problems.append("row \(row) is kept as kind \(self.kind(of: row)), the source says \(k)") }
            naive += extent(of: row, kind: k)
            if measuredExtent(row) > 0 {
                sums[k.rawValue] += Int64(measuredExtent(row))
                counts[k.rawValue] += 1
            }
            if isMeasured(row) { current += 1 }
            if problems.count > 5 { break }
        }
        let slots = blockSlots.filter { $0 >= 0 }
        if Set(slots).count != slots.count || !Set(slots).isDisjoint(with: freeSlots) {
            problems.append("a detail slot is shared or both used and free")
        }
        if total != naive { problems.append("total \(total), rows sum to \(naive)") }
        if sums != measuredSums || counts != measuredCounts { problems.append("per-kind sums or counts off") }
        if current != measuredCount { problems.append("measuredCount \(measuredCount), rows say \(current)") }
        return problems
    }
}

extension LazyStack {
    /// Every broken invariant of the stack, described; empty when it is consistent: the index
    /// covers the source's rows, the anchor is inside a row, every resolved row exists and its
    /// extent is the one measured, the counters count what is resolved.
    /// - Complexity: O(n log n). For tests.
    func invariantViolations() -> [String] {
        var problems = index.count == source.rowCount
            ? index.invariantViolations(kind: source.rowKind(at:))
            : ["index has \(index.count) rows, the source \(source.rowCount)"]
        if rowCount == 0 {
            if anchor != ScrollAnchor(row: 0, offset: 0) { problems.append("anchor \(anchor) with no rows") }
        } else if anchor.row < 0 || anchor.row >= rowCount || anchor.offset < 0
            || anchor.offset >= index.extent(of: anchor.row, kind: source.rowKind(at: anchor.row)) {
            problems.append("anchor \(anchor) outside its row")
        }
        for (row, resolvedRow) in resolved {
            guard row >= 0, row < rowCount else {
                problems.append("resolved row \(row) does not exist")
                continue
            }
            if index.isMeasured(row), index.extent(of: row, kind: source.rowKind(at: row)) != max(1, resolvedRow.extent) {
                problems.append("row \(row) resolved at \(resolvedRow.extent), indexed otherwise")
            }
        }
        if counters.resolvedNow != resolved.count {
            problems.append("resolvedNow \(counters.resolvedNow), \(resolved.count) resolved")
        }
        return problems
    }
}
