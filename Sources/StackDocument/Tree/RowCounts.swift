/// The rows of each child of an open container, summed in a Fenwick tree: which child a row
/// falls in, and where a child's rows start, in O(log n); a child folded or unfolded changes
/// one entry in O(log n).
struct RowCounts {
    /// 1-based Fenwick sums.
    private var sums: [Int]
    /// The number of children.
    private(set) var count: Int

    /// The counts `rows(i)` of children `0..<count`.
    /// - Complexity: O(count).
    init(count: Int, rows: (Int) -> Int) {
        self.count = count
        sums = [Int](repeating: 0, count: count + 1)
        for index in 0..<count { sums[index + 1] = rows(index) }
        for index in 1...max(1, count) where index <= count {
            let parent = index + (index & -index)
            if parent <= count { sums[parent] += sums[index] }
        }
    }

    /// Adds a child of `rows` rows after the last.
    /// - Complexity: O(log n).
    mutating func append(_ rows: Int) {
        let node = count + 1
        // A Fenwick node sums the children from just after its parent's range to itself.
        let low = node - (node & -node)
        sums.append(rows + prefix(count) - prefix(low))
        count += 1
    }

    /// Adds `delta` to child `index`'s rows.
    mutating func add(_ delta: Int, at index: Int) {
        var node = index + 1
        while node <= count {
            sums[node] += delta
            node += node & -node
        }
    }

    /// The rows of the first `children` children: where child `children` starts.
    func prefix(_ children: Int) -> Int {
        var node = min(children, count)
        var total = 0
        while node > 0 {
            total += sums[node]
            node -= node & -node
        }
        return total
    }

    /// The rows of all children.
    var total: Int { prefix(count) }

    /// The child holding row `row` (counted from the first child's first row) and the row's
    /// offset in it. `row` must be less than ``total``.
    func locate(_ row: Int) -> (index: Int, offset: Int) {
        var node = 0
        var remaining = row
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = node + step
            if next <= count, sums[next] <= remaining {
                node = next
                remaining -= sums[next]
            }
            step /= 2
        }
        return (node, remaining)
    }
}
