import Algorithms

/// The rows of each child of an open container, summed a group of children at a time in a
/// Fenwick tree: which child a row falls in, and where a child's rows start, in O(log n) and a
/// walk of one group (whose sums are kept for the last few groups walked); a child folded or
/// unfolded changes one group in O(log n).
///
/// Groups are the size of a big container's blocks (`ChildBlocks`), so a container whose
/// children are kept a block at a time is summed from its blocks without reading them, and the
/// sums cost 8 bytes a group, not a child. What a child's rows are is the caller's to say
/// (`rows`), consistent with the changes it reports.
struct RowCounts {
    /// Children a group.
    let groupSize: Int
    /// 1-based Fenwick sums over the groups.
    private var sums: [Int]
    /// The number of children.
    private(set) var count: Int
    /// The rows before each child of the last groups walked (and after the last): by group.
    private var walks: [Int: [Int]] = [:]
    /// Groups whose walks are kept.
    private static let keptWalks = 8

    /// The counts of `count` children in groups of `groupSize`, group `g` having `groupRows(g)`.
    /// - Complexity: O(groups) and what `groupRows` costs.
    init(count: Int, groupSize: Int, groupRows: (Int) -> Int) {
        self.count = count
        self.groupSize = groupSize
        let groups = (count + groupSize - 1) / groupSize
        sums = [Int](repeating: 0, count: groups + 1)
        for group in 0..<groups { sums[group + 1] = groupRows(group) }
        for index in 1...max(1, groups) where index <= groups {
            let parent = index + (index & -index)
            if parent <= groups { sums[parent] += sums[index] }
        }
    }

    private var groups: Int { sums.count - 1 }

    /// Adds a child of `rows` rows after the last.
    /// - Complexity: O(log n).
    mutating func append(_ rows: Int) {
        append(contentsOf: CollectionOfOne(rows))
    }

    /// Adds a whole group of children after the last, of `rows` rows together (the count is a
    /// multiple of the group size).
    /// - Complexity: O(log n).
    mutating func append(groupOf rows: Int) {
        precondition(count % groupSize == 0, "a group starts at a group's first child")
        appendGroup(rows)
        count += groupSize
    }

    /// Adds children of `rows` rows each after the last (a scan's batch).
    /// - Complexity: O(children + groups touched × log n).
    mutating func append(contentsOf rows: some Collection<Int>) {
        var next = rows.startIndex
        while next < rows.endIndex {
            let inGroup = count % groupSize
            let end = rows.index(next, offsetBy: groupSize - inGroup, limitedBy: rows.endIndex) ?? rows.endIndex
            let sum = rows[next..<end].reduce(0, +)
            if inGroup == 0 {
                appendGroup(sum)
            } else {
                addToGroup(sum, groups - 1)
            }
            count += rows.distance(from: next, to: end)
            walks[groups - 1] = nil
            next = end
        }
    }

    /// Adds `delta` to child `index`'s rows. A walk kept of its group is brought up to date in
    /// place (walked again, a group of 1,024 children asked each for its rows).
    mutating func add(_ delta: Int, at index: Int) {
        let group = index / groupSize
        addToGroup(delta, group)
        guard delta != 0, var walk = walks.removeValue(forKey: group) else { return }
        for after in (index - group * groupSize + 1)..<walk.count { walk[after] += delta }
        walks[group] = walk
    }

    /// The rows of the first `children` children: where child `children` starts. `rows` gives a
    /// child's rows (for a walk of a group).
    mutating func prefix(_ children: Int, rows: (Int) -> Int) -> Int {
        let children = min(children, count)
        let group = children / groupSize
        let inside = children % groupSize
        return groupPrefix(group) + (inside > 0 ? walk(group, rows: rows)[inside] : 0)
    }

    /// The rows of all children.
    var total: Int { groupPrefix(groups) }

    /// The child holding row `row` (counted from the first child's first row) and the row's
    /// offset in it. `row` must be less than `total`.
    mutating func locate(_ row: Int, rows: (Int) -> Int) -> (index: Int, offset: Int) {
        var node = 0
        var remaining = row
        var step = 1
        while step * 2 <= groups { step *= 2 }
        while step > 0 {
            let next = node + step
            if next <= groups, sums[next] <= remaining {
                node = next
                remaining -= sums[next]
            }
            step /= 2
        }
        // (A row past the end — the caller's rows disagreeing with its counts, as a container
        // malformed inside can make them — is taken in the last group.)
        guard groups > 0 else { return (0, row) }
        if node == groups {
            node -= 1
            remaining += groupPrefix(groups) - groupPrefix(groups - 1)
        }
        let before = walk(node, rows: rows)
        let inside = max(0, min(before.partitioningIndex { $0 > remaining }, before.count - 1) - 1)
        return (node * groupSize + inside, remaining - before[inside])
    }

    /// The rows before each child of group `group`, and after its last.
    private mutating func walk(_ group: Int, rows: (Int) -> Int) -> [Int] {
        if let walk = walks[group] { return walk }
        let first = group * groupSize
        guard first < count else { return [0] }
        var walk = [0]
        // (As many as the group has: an open record of three fields kept 8 KiB for 1,024.)
        walk.reserveCapacity(min(groupSize, count - first) + 1)
        for index in first..<min(count, first + groupSize) { walk.append(walk[walk.count - 1] + rows(index)) }
        if walks.count >= Self.keptWalks { walks.removeAll(keepingCapacity: true) }
        walks[group] = walk
        return walk
    }

    /// A group after the last, of `rows` rows (its children are the caller's to count).
    private mutating func appendGroup(_ rows: Int) {
        let node = groups + 1
        // A Fenwick node sums the groups from just after its parent's range to itself.
        let low = node - (node & -node)
        sums.append(rows + groupPrefix(groups) - groupPrefix(low))
    }

    private mutating func addToGroup(_ delta: Int, _ group: Int) {
        var node = group + 1
        while node <= groups {
            sums[node] += delta
            node += node & -node
        }
    }

    /// The rows of the first `groups` groups.
    private func groupPrefix(_ groups: Int) -> Int {
        var node = min(groups, self.groups)
        var total = 0
        while node > 0 {
            total += sums[node]
            node -= node & -node
        }
        return total
    }
}
