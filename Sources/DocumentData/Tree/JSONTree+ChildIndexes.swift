// MARK: - Nodes by their child indexes from the root

extension JSONTree {
    /// The steps from the root to the node at child indexes `indexes` (each container's
    /// children and the child's index there; empty for the root), or nil when an index is out of
    /// range or a step goes through a scalar.
    /// - Complexity: O(depth) children tables, each read once and kept (`children(ofChild:in:)`).
    public func steps(toChildIndexes indexes: [Int]) -> [(table: ChildTable, index: Int)]? {
        guard var table = root else { return indexes.isEmpty ? [] : nil }
        var steps: [(table: ChildTable, index: Int)] = []
        steps.reserveCapacity(indexes.count)
        for index in indexes {
            if let last = steps.last {
                guard last.table.childCount(of: last.index) != nil else { return nil }
                table = children(ofChild: last.index, in: last.table)
            }
            guard index >= 0, index < table.count else { return nil }
            steps.append((table, index))
        }
        return steps
    }

    /// The children of the container at child indexes `indexes` (empty: the root's), or nil
    /// when there is no container there.
    public func children(atChildIndexes indexes: [Int]) -> ChildTable? {
        guard let last = steps(toChildIndexes: indexes)?.last else { return indexes.isEmpty ? root : nil }
        guard last.table.childCount(of: last.index) != nil else { return nil }
        return children(ofChild: last.index, in: last.table)
    }
}
