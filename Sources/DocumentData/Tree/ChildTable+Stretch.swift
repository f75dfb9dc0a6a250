// MARK: - Runs of an array's children whose bytes are known without reading them

extension ChildTable {
    /// A run of whole children of an array from child `first`, and the bytes from the first's
    /// region to the last's end (the comma after it left out), known without scanning a block
    /// again: whole blocks from a block's first child, or children kept whole — about
    /// `maximumBytes` of them, one block or child at least. What ``RecordWalk`` reads at once.
    /// Nil for an object's children, and for a child inside a block (not its first) or the
    /// last one of a table still read whose end is not known yet.
    func stretch(from first: Int, maximumBytes: Int) -> (count: Int, bytes: Range<Int>)? {
        guard !isObject, first < wholeChildCount else { return nil }
        let keptFirst = blocks?.childCount ?? 0
        if let blocks, first < keptFirst {
            guard first % blocks.size == 0 else { return nil }
            let lower = blocks.starts[first / blocks.size]
            // Where the block after `block` starts: the next block's, the first child kept's.
            func start(after block: Int) -> Int? {
                if block + 1 < blocks.starts.count { return blocks.starts[block + 1] }
                return valueStarts.first
            }
            var block = first / blocks.size
            guard var next = start(after: block) else { return nil }
            while block + 1 < blocks.starts.count, let further = start(after: block + 1), further - lower <= maximumBytes {
                block += 1
                next = further
            }
            return ((block + 1) * blocks.size - first, lower..<(next - 1))
        }
        var last = first
        let lower = valueStarts[first - keptFirst]
        while last + 1 < wholeChildCount, valueStarts[last + 1 - keptFirst] - lower <= maximumBytes { last += 1 }
        let upper = last + 1 < count ? valueStarts[last + 1 - keptFirst] - 1 : (lastChildIsGrowing ? -1 : end)
        guard upper >= lower else { return nil }
        return (last + 1 - first, lower..<upper)
    }

    /// The children from `first` to the end of the block holding it, when it is inside one (not
    /// its first child): what is read the slow way to reach the next block's start, where
    /// stretches begin again (a table read further made its last children a block).
    func childrenToBlockEnd(from first: Int) -> Int? {
        guard let blocks, first < blocks.childCount, first % blocks.size != 0 else { return nil }
        return min(blocks.size - first % blocks.size, wholeChildCount - first)
    }
}
