import StackEngine

// MARK: - Nodes by byte offset (what a search over the file's bytes finds)

extension TreeOutline where Model == JSONTree {
    /// The child indexes from the root of the deepest node whose text holds byte `offset`: a key
    /// or a scalar holding it, or the container whose brackets or blanks do.
    /// - Complexity: O(depth × log n), plus a scan of each container on the way not cached.
    public func childIndexes(containing offset: Int) -> [Int] {
        guard var table = tree.root else { return [] }
        var indexes: [Int] = []
        while table.count > 0, offset > table.start, offset < table.end {
            let index = table.index(ofChildContaining: offset)
            guard index >= 0 else { break }
            indexes.append(index)
            let value = tree.valueRange(ofChild: index, in: table)
            guard table.childCount(of: index) != nil, value.contains(offset) else { break }
            table = tree.children(ofChild: index, in: table)
        }
        return indexes
    }

    /// Where the text of the node at the end of `indexes` starts: its key, or its value.
    public func startOffset(ofChildIndexes indexes: [Int]) -> Int {
        guard var table = tree.root else { return 0 }
        var start = table.start
        for (level, index) in indexes.enumerated() {
            guard index < table.count else { break }
            start = table.isObject ? table.regionStart(of: index) : tree.valueRange(ofChild: index, in: table).lowerBound
            if level < indexes.count - 1 { table = tree.children(ofChild: index, in: table) }
        }
        return start
    }
}
