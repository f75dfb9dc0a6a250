import StackEngine

/// A JSON document is a tree model: its containers' children are found by a scan of their bytes
/// as they open, and a big container's children are summed a block at a time.
extension JSONTree: TreeModel {
    /// A big container's block: its children are summed a block at a time.
    public var groupSize: Int { blockSize }

    /// Whether a container malformed inside was met (its count and its children differ).
    public var countsMayDisagree: Bool { countsDisagree }
}

extension ChildTable: TreeChildren {
    /// An empty array's table.
    public init() {
        self.init(isObject: false, start: 0)
    }

    /// The children kept in blocks: summed without reading them.
    public var summedGroups: (groupSize: Int, count: Int)? {
        blocks.map { ($0.size, $0.childCount) }
    }

    /// Closed, the block's children; open, the rows the scan counted when it made the block
    /// (nil when it found the blocks without counting).
    public func rows(ofGroup group: Int, childrenOpen: Bool) -> Int? {
        guard let blocks else { return nil }
        return childrenOpen ? blocks.openRows?[group] : blocks.count(ofBlock: group)
    }
}
