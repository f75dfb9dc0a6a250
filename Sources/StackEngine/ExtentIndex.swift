/// The position index: the offset of any row and the row at any offset, in O(log n), over a mix
/// of measured rows and rows counted at an estimate.
///
/// Five Fenwick (binary indexed) trees share one shape: one sums measured extents, and one per
/// ``RowKind`` counts the rows of that kind never measured. The offset of row `i` is
/// `measured(i) + Σ unmeasured_k(i) · estimate_k`, where `estimate_k` is the rounded running mean of
/// the measured rows of kind `k`. Changing an estimate is O(1): no row is touched.
///
/// A new cross extent starts a new *generation*: earlier measurements stay in the sums as good
/// guesses but no longer count as exact, and rows are re-measured lazily as they are resolved.
///
/// Memory: 29 bytes a row (8 measured sum, 4 × 4 unmeasured counts, 4 extent, 1 generation).
public struct ExtentIndex: Sendable {
    /// Rows indexed.
    public private(set) var count = 0

    /// Measured extent of each row, 0 while never measured.
    private(set) var extents: [Int32] = []
    /// The generation each row was last measured in; 0 means never, or before a wrap-around.
    private(set) var generations: [UInt8] = []
    private(set) var currentGeneration: UInt8 = 1
    /// Rows measured in the current generation.
    public private(set) var measuredCount = 0

    /// Fenwick tree (1-based) of measured extents.
    private(set) var measuredTree: [Int64] = [0]
    /// Fenwick trees (1-based) counting never-measured rows, one per kind, interleaved:
    /// node `i` of kind `k` is at `i * kindCount + k`.
    private(set) var unmeasuredTrees: [Int32]
    static let kindCount = RowKind.allCases.count
    /// Per kind: sum and count of the measured rows, for the running mean.
    private(set) var measuredSums: [Int64]
    private(set) var measuredCounts: [Int64]
    private let initialEstimates: [Int]

    /// Creates an index of rows of the given kinds, none measured.
    /// - Complexity: O(n).
    public init<Kinds: Sequence>(kinds: Kinds, initialEstimates: [RowKind: Int] = [:])
    where Kinds.Element == RowKind {
        let kindCount = Self.kindCount
        self.initialEstimates = RowKind.allCases.map { max(1, initialEstimates[$0] ?? 1) }
        measuredSums = Array(repeating: 0, count: kindCount)
        measuredCounts = Array(repeating: 0, count: kindCount)
        let kindList = Array(kinds)
        count = kindList.count
        extents = Array(repeating: 0, count: count)
        generations = Array(repeating: 0, count: count)
        measuredTree = Array(repeating: 0, count: count + 1)
        unmeasuredTrees = Array(repeating: 0, count: (count + 1) * kindCount)
        for (offset, kind) in kindList.enumerated() {
            unmeasuredTrees[(offset + 1) * kindCount + kind.rawValue] = 1
        }
        // Linear-time Fenwick construction: each node passes its sum up to its parent.
        guard count > 0 else { return }
        for i in 1...count {
            let parent = i + (i & -i)
            guard parent <= count else { continue }
            for k in 0..<kindCount {
                unmeasuredTrees[parent * kindCount + k] += unmeasuredTrees[i * kindCount + k]
            }
        }
    }

    // MARK: - Reading

    /// The extent counted for rows of `kind` that were never measured.
    /// - Complexity: O(1).
    public func estimate(for kind: RowKind) -> Int {
        let k = kind.rawValue
        guard measuredCounts[k] > 0 else { return initialEstimates[k] }
        let mean = (measuredSums[k] + measuredCounts[k] / 2) / measuredCounts[k]
        return max(1, Int(mean))
    }

    /// Whether `row` was measured at the current cross extent.
    /// - Complexity: O(1).
    public func isMeasured(_ row: Int) -> Bool {
        generations[row] == currentGeneration
    }

    /// The row's measured extent (possibly from an earlier cross extent), else its estimate.
    /// - Complexity: O(1).
    public func extent(of row: Int, kind: RowKind) -> Int {
        let known = Int(extents[row])
        return known > 0 ? known : estimate(for: kind)
    }

    /// The offset of the first line of `row` (or of the end, for `row == count`).
    /// - Complexity: O(log n).
    public func offset(of row: Int) -> Int {
        let estimates = currentEstimates()
        var total: Int64 = 0
        var i = min(row, count)
        while i > 0 {
            total += nodeValue(i, estimates: estimates)
            i -= i & -i
        }
        return Int(total)
    }

    /// The current estimate of every kind, in `RowKind` order.
    private func currentEstimates() -> (Int64, Int64, Int64, Int64) {
        (
            Int64(estimate(for: .header)), Int64(estimate(for: .item)),
            Int64(estimate(for: .footer)), Int64(estimate(for: .loading))
        )
    }

    /// The sum a Fenwick node stands for, with unmeasured rows counted at `estimates`.
    @inline(__always)
    private func nodeValue(_ i: Int, estimates: (Int64, Int64, Int64, Int64)) -> Int64 {
        let base = i * Self.kindCount
        return measuredTree[i]
            + Int64(unmeasuredTrees[base]) * estimates.0
            + Int64(unmeasuredTrees[base + 1]) * estimates.1
            + Int64(unmeasuredTrees[base + 2]) * estimates.2
            + Int64(unmeasuredTrees[base + 3]) * estimates.3
    }

    /// The total extent of all rows.
    /// - Complexity: O(log n).
    public var total: Int { offset(of: count) }

    /// The row holding `offset` and the offset inside it; offsets past the end give the last row's top.
    /// - Complexity: O(log n).
    public func row(containing offset: Int) -> ScrollAnchor {
        guard count > 0 else { return ScrollAnchor(row: 0, offset: 0) }
        let estimates = currentEstimates()
        var position = 0
        var remaining = Int64(max(0, offset))
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count {
                let value = nodeValue(next, estimates: estimates)
                if value <= remaining {
                    position = next
                    remaining -= value
                }
            }
            step /= 2
        }
        if position >= count { return ScrollAnchor(row: count - 1, offset: 0) }
        return ScrollAnchor(row: position, offset: Int(remaining))
    }

    /// How the content size stands: exact once every row is measured at the current cross extent.
    /// - Complexity: O(log n).
    public var contentSize: ContentSize {
        let total = self.total
        if measuredCount == count { return .exact(total) }
        return .estimated(total: total, measured: measuredCount, approximated: count - measuredCount)
    }

    // MARK: - Writing

    /// Records that `row` measured `extent` at the current cross extent.
    /// - Complexity: O(log n).
    public mutating func setMeasured(_ row: Int, extent: Int, kind: RowKind) {
        let newExtent = Int64(max(1, extent))
        let oldExtent = Int64(extents[row])
        let k = kind.rawValue
        if oldExtent == 0 {
            add(-1, toUnmeasured: k, at: row)
            measuredCounts[k] += 1
        }
        measuredSums[k] += newExtent - oldExtent
        if newExtent != oldExtent { add(newExtent - oldExtent, toMeasuredAt: row) }
        extents[row] = Int32(clamping: newExtent)
        if generations[row] != currentGeneration {
            generations[row] = currentGeneration
            measuredCount += 1
        }
    }

    /// Appends a row of `kind`, not yet measured.
    /// - Complexity: O(log n) amortized.
    public mutating func append(kind: RowKind) {
        count += 1
        extents.append(0)
        generations.append(0)
        let i = count
        // A new Fenwick node covers (i - lowbit(i), i]: its own value plus the children below it.
        var measured: Int64 = 0
        // The node's counts go straight into the tree (no temporary array: appends are hot
        // while a big document is read).
        let node = unmeasuredTrees.count
        unmeasuredTrees.append(contentsOf: repeatElement(0, count: Self.kindCount))
        var child = i - 1
        let lowest = i - (i & -i)
        while child > lowest {
            measured += measuredTree[child]
            for k in 0..<Self.kindCount { unmeasuredTrees[node + k] += unmeasuredTrees[child * Self.kindCount + k] }
            child -= child & -child
        }
        unmeasuredTrees[node + kind.rawValue] += 1
        measuredTree.append(measured)
    }

    /// Removes the last `count` rows; `kind` gives the kind of each removed row.
    /// - Complexity: O(count): a Fenwick node covers only rows at or before it, so truncating the
    ///   trees leaves the remaining nodes valid.
    public mutating func removeLast(_ removed: Int, kind: (Int) -> RowKind) {
        let removed = min(max(0, removed), count)
        guard removed > 0 else { return }
        for row in (count - removed)..<count {
            let k = kind(row).rawValue
            if extents[row] > 0 {
                measuredSums[k] -= Int64(extents[row])
                measuredCounts[k] -= 1
            }
            if generations[row] == currentGeneration { measuredCount -= 1 }
        }
        count -= removed
        extents.removeLast(removed)
        generations.removeLast(removed)
        measuredTree.removeLast(removed)
        unmeasuredTrees.removeLast(removed * Self.kindCount)
    }

    /// Makes `row`'s measurement a guess until it is measured again (its content changed): its
    /// extent still counts, but no longer as exact.
    /// - Complexity: O(1).
    public mutating func forgetMeasurement(of row: Int) {
        guard generations[row] == currentGeneration else { return }
        generations[row] = 0
        measuredCount -= 1
    }

    /// Starts a new generation: every measurement becomes a guess until the row is measured again.
    /// - Complexity: O(1), and O(n) once every 255 calls when the generation counter wraps.
    public mutating func invalidateMeasurements() {
        measuredCount = 0
        if currentGeneration == UInt8.max {
            for i in generations.indices { generations[i] = 0 }
            currentGeneration = 1
        } else {
            currentGeneration += 1
        }
    }

    private mutating func add(_ delta: Int64, toMeasuredAt row: Int) {
        var i = row + 1
        while i <= count {
            measuredTree[i] += delta
            i += i & -i
        }
    }

    private mutating func add(_ delta: Int32, toUnmeasured kind: Int, at row: Int) {
        var i = row + 1
        while i <= count {
            unmeasuredTrees[i * Self.kindCount + kind] += delta
            i += i & -i
        }
    }
}
