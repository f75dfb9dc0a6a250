import Algorithms

/// The rows a stack has built, by index, with their indexes kept in order: the window slides a
/// row at a time, and evicting what fell out of it finds those rows at the ends of the order
/// instead of testing every row built.
struct ResolvedRows<Row: StackRow> {
    private var rows: [Int: Row] = [:]
    /// Each row's extent, apart: asking it costs a lookup of two integers, not a copy of a row.
    private var extents: [Int: Int] = [:]
    /// The indexes of `rows`, ascending.
    private var order: [Int] = []

    /// The number of rows built.
    var count: Int { rows.count }

    /// The row built for `index`; setting nil forgets it.
    subscript(index: Int) -> Row? {
        get { rows[index] }
        set {
            let position = insertionPoint(of: index)
            let present = position < order.count && order[position] == index
            switch (newValue, present) {
            case (nil, true): order.remove(at: position)
            case (.some, false): order.insert(index, at: position)
            default: break
            }
            rows[index] = newValue
            extents[index] = newValue?.extent
        }
    }

    /// The extent of the row built for `index`, if it is built.
    func extent(of index: Int) -> Int? { extents[index] }

    /// Forgets every row outside `kept` except those in `exceptions`.
    /// - Returns: the indexes forgotten, ascending.
    /// - Complexity: O(log n + rows forgotten + exceptions outside `kept`), plus the cost of
    ///   moving the order down when rows go from its front.
    mutating func removeAll(outside kept: Range<Int>, except exceptions: Set<Int>) -> [Int] {
        let low = insertionPoint(of: kept.lowerBound)
        let high = insertionPoint(of: kept.upperBound)
        var doomed: [Int] = []
        for index in order[..<low] where !exceptions.contains(index) { doomed.append(index) }
        for index in order[high...] where !exceptions.contains(index) { doomed.append(index) }
        guard !doomed.isEmpty else { return [] }
        for index in doomed {
            rows[index] = nil
            extents[index] = nil
        }
        // Only the two ends go: the order inside `kept` is untouched.
        let keptAfter = order[high...].filter { exceptions.contains($0) }
        order.replaceSubrange(high..., with: keptAfter)
        let keptBefore = order[..<low].filter { exceptions.contains($0) }
        order.replaceSubrange(..<low, with: keptBefore)
        return doomed
    }

    /// Every row built, by ascending index.
    var all: [(index: Int, row: Row)] { order.compactMap { index in rows[index].map { (index, $0) } } }

    /// Whether the order holds exactly the rows' indexes, ascending (checked with the stack's
    /// other invariants).
    var isConsistent: Bool {
        order.count == rows.count && extents.count == rows.count && zip(order, order.dropFirst()).allSatisfy { $0 < $1 }
            && order.allSatisfy { rows[$0].map { $0.extent } == extents[$0] }
    }

    /// Renumbers the rows: `moved` gives each index's new one, or nil for a row that went.
    /// The new indexes must keep the old order.
    mutating func renumber(_ moved: (Int) -> Int?) {
        var renumbered: [Int: Row] = [:]
        var newExtents: [Int: Int] = [:]
        var newOrder: [Int] = []
        for index in order {
            guard let row = rows[index], let new = moved(index) else { continue }
            renumbered[new] = row
            newExtents[new] = extents[index]
            newOrder.append(new)
        }
        rows = renumbered
        extents = newExtents
        order = newOrder
    }

    /// The position of the first index not below `index`.
    private func insertionPoint(of index: Int) -> Int {
        order.partitioningIndex { $0 >= index }
    }
}
