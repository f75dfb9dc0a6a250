/// The position index: the offset of any row and the row at any offset, in O(log n), over a mix
/// of measured rows and rows counted at an estimate.
///
/// Rows are grouped in blocks of 32. Five Fenwick (binary indexed) trees over the
/// blocks share one shape: one sums measured extents, and one per ``RowKind`` counts the rows of
/// that kind never measured. The offset of row `i` is the trees' sum over the blocks before it —
/// `measured + Σ unmeasured_k · estimate_k`, where `estimate_k` is the rounded running mean of the
/// measured rows of kind `k` — plus the rows before it in its own block, read one by one.
/// Changing an estimate is O(1): no row is touched.
///
/// A new cross extent starts a new *generation*: earlier measurements stay in the sums as good
/// guesses but no longer count as exact, and rows are re-measured lazily as they are resolved.
///
/// Memory: 6 bytes a row (4 extent, 1 generation, 1 kind) and 24 a block of 32 rows (8 measured
/// sum, 4 × 4 unmeasured counts): under 7 bytes a row.
public struct ExtentIndex: Sendable {
    /// Rows indexed.
    public private(set) var count = 0

    /// Measured extent of each row, 0 while never measured.
    private(set) var extents: [Int32] = []
    /// The generation each row was last measured in; 0 means never, or before a wrap-around.
    private(set) var generations: [UInt8] = []
    /// The kind of each row (its `RowKind` raw value).
    private(set) var kinds: [UInt8] = []
    private(set) var currentGeneration: UInt8 = 1
    /// Rows measured in the current generation.
    public private(set) var measuredCount = 0

    /// Rows a Fenwick node's leaf stands for.
    static let blockSize = 32
    /// Fenwick tree (1-based, over blocks) of measured extents.
    private(set) var measuredTree: [Int64] = [0]
    /// Fenwick trees (1-based, over blocks) counting never-measured rows, one per kind,
    /// interleaved: node `i` of kind `k` is at `i * kindCount + k`.
    private(set) var unmeasuredTrees: [Int32]
    static let kindCount = RowKind.allCases.count
    /// Per kind: sum and count of the measured rows, for the running mean.
    private(set) var measuredSums: [Int64]
    private(set) var measuredCounts: [Int64]
    private let initialEstimates: [Int]

    /// Blocks holding the rows (the last may be partly filled).
    var blockCount: Int { (count + Self.blockSize - 1) / Self.blockSize }

    /// Creates an index of rows of the given kinds, none measured.
    /// - Complexity: O(n).
    public init<Kinds: Sequence>(kinds: Kinds, initialEstimates: [RowKind: Int] = [:])
    where Kinds.Element == RowKind {
        let kindCount = Self.kindCount
        self.initialEstimates = RowKind.allCases.map { max(1, initialEstimates[$0] ?? 1) }
        measuredSums = Array(repeating: 0, count: kindCount)
        measuredCounts = Array(repeating: 0, count: kindCount)
        self.kinds = kinds.map { UInt8($0.rawValue) }
        count = self.kinds.count
        extents = Array(repeating: 0, count: count)
        generations = Array(repeating: 0, count: count)
        let blocks = (count + Self.blockSize - 1) / Self.blockSize
        measuredTree = Array(repeating: 0, count: blocks + 1)
        unmeasuredTrees = Array(repeating: 0, count: (blocks + 1) * kindCount)
        for (row, kind) in self.kinds.enumerated() {
            unmeasuredTrees[(row / Self.blockSize + 1) * kindCount + Int(kind)] += 1
        }
        // Linear-time Fenwick construction: each node passes its sum up to its parent.
        guard blocks > 0 else { return }
        for i in 1...blocks {
            let parent = i + (i & -i)
            guard parent <= blocks else { continue }
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
    /// - Complexity: O(log n), plus the rows before it in its block.
    public func offset(of row: Int) -> Int {
        let estimates = currentEstimates()
        let row = min(max(0, row), count)
        let block = row / Self.blockSize
        var total: Int64 = 0
        var i = block
        while i > 0 {
            total += nodeValue(i, estimates: estimates)
            i -= i & -i
        }
        for inside in (block * Self.blockSize)..<row { total += rowExtent(inside, estimates: estimates) }
        return Int(total)
    }

    /// A row's measured extent, else the estimate of its kind.
    @inline(__always)
    private func rowExtent(_ row: Int, estimates: (Int64, Int64, Int64, Int64)) -> Int64 {
        let known = extents[row]
        if known > 0 { return Int64(known) }
        switch kinds[row] {
        case 0: return estimates.0
        case 1: return estimates.1
        case 2: return estimates.2
        default: return estimates.3
        }
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
    /// - Complexity: O(log n), plus the rows of one block.
    public func row(containing offset: Int) -> ScrollAnchor {
        guard count > 0 else { return ScrollAnchor(row: 0, offset: 0) }
        let estimates = currentEstimates()
        let blocks = blockCount
        var position = 0
        var remaining = Int64(max(0, offset))
        var step = 1
        while step * 2 <= blocks { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= blocks {
                let value = nodeValue(next, estimates: estimates)
                if value <= remaining {
                    position = next
                    remaining -= value
                }
            }
            step /= 2
        }
        // `position` whole blocks lie before the offset: the row is in the next one.
        var row = position * Self.blockSize
        while row < count {
            let extent = rowExtent(row, estimates: estimates)
            if extent > remaining { return ScrollAnchor(row: row, offset: Int(remaining)) }
            remaining -= extent
            row += 1
        }
        return ScrollAnchor(row: count - 1, offset: 0)
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
        let row = count
        count += 1
        extents.append(0)
        generations.append(0)
        kinds.append(UInt8(kind.rawValue))
        guard row % Self.blockSize == 0 else {
            // Into the last block: its node and the nodes above it count one more.
            add(1, toUnmeasured: kind.rawValue, at: row)
            return
        }
        // A new block: a new Fenwick node covers blocks (i - lowbit(i), i], its own row plus
        // the nodes below it.
        let i = blockCount
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
    /// - Complexity: O(count + log n): a Fenwick node covers only blocks at or before it, so
    ///   truncating the trees leaves the remaining nodes valid; the rows removed from the block
    ///   that stays are taken out of its sums.
    public mutating func removeLast(_ removed: Int, kind: (Int) -> RowKind) {
        let removed = min(max(0, removed), count)
        guard removed > 0 else { return }
        let remaining = count - removed
        let keptBlocks = (remaining + Self.blockSize - 1) / Self.blockSize
        for row in remaining..<count {
            let k = kind(row).rawValue
            if extents[row] > 0 {
                measuredSums[k] -= Int64(extents[row])
                measuredCounts[k] -= 1
            }
            if generations[row] == currentGeneration { measuredCount -= 1 }
            // A row of the last block kept leaves its sums.
            guard row < keptBlocks * Self.blockSize else { continue }
            if extents[row] > 0 {
                add(-Int64(extents[row]), toMeasuredAt: row)
            } else {
                add(-1, toUnmeasured: Int(kinds[row]), at: row)
            }
        }
        count = remaining
        extents.removeLast(removed)
        generations.removeLast(removed)
        kinds.removeLast(removed)
        measuredTree.removeLast(measuredTree.count - (keptBlocks + 1))
        unmeasuredTrees.removeLast(unmeasuredTrees.count - (keptBlocks + 1) * Self.kindCount)
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
        let blocks = blockCount
        var i = row / Self.blockSize + 1
        while i <= blocks {
            measuredTree[i] += delta
            i += i & -i
        }
    }

    private mutating func add(_ delta: Int32, toUnmeasured kind: Int, at row: Int) {
        let blocks = blockCount
        var i = row / Self.blockSize + 1
        while i <= blocks {
            unmeasuredTrees[i * Self.kindCount + kind] += delta
            i += i & -i
        }
    }
}
