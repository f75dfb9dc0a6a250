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
/// Memory: a block none of whose rows was measured and whose rows are all of one kind — nearly
/// every block of a big list, whose rows are mostly items never shown — keeps only its kind;
/// the others keep each row's extent, generation and kind (6 bytes a row) in a *detail* slot.
/// Every block also has 8 bytes of measured sum, 4 × 4 of unmeasured counts and 5 of slot and
/// kind: under a byte a row for a list mostly never seen, 7 bytes a row once all was measured.
public struct ExtentIndex: Sendable {
    /// Rows indexed.
    public private(set) var count = 0

    /// Per block: its detail slot (its rows are at `slot * blockSize` in the detail arrays), or
    /// -1 for a *plain* block: no row measured, every row of the kind in ``blockKinds``.
    private(set) var blockSlots: [Int32] = []
    /// Per plain block, the kind (`RowKind` raw value) of all its rows.
    private(set) var blockKinds: [UInt8] = []
    /// Per row of a detailed block: its measured extent, 0 while never measured.
    private(set) var detailExtents: [Int32] = []
    /// Per row of a detailed block: the generation it was last measured in; 0 means never, or
    /// before a wrap-around.
    private(set) var detailGenerations: [UInt8] = []
    /// Per row of a detailed block: its kind.
    private(set) var detailKinds: [UInt8] = []
    /// Detail slots of removed blocks, to reuse.
    private(set) var freeSlots: [Int32] = []
    private(set) var currentGeneration: UInt8 = 1
    /// Rows measured in the current generation.
    public private(set) var measuredCount = 0

    /// Rows a Fenwick node's leaf stands for.
    static let blockSize = 32
    static let blockShift = 5
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
    /// - Complexity: O(n log n) at worst (every row of another kind than the one before).
    public init<Kinds: Sequence>(kinds: Kinds, initialEstimates: [RowKind: Int] = [:])
    where Kinds.Element == RowKind {
        self.init(kindRuns: [(kind: RowKind, count: Int)](), initialEstimates: initialEstimates)
        for kind in kinds { append(kind: kind) }
    }

    /// Creates an index of runs of rows of one kind (a kind, and how many rows in a row have
    /// it), none measured.
    /// - Complexity: O((runs + n / 32) · log n).
    public init<Runs: Sequence>(kindRuns: Runs, initialEstimates: [RowKind: Int] = [:])
    where Runs.Element == (kind: RowKind, count: Int) {
        let kindCount = Self.kindCount
        self.initialEstimates = RowKind.allCases.map { max(1, initialEstimates[$0] ?? 1) }
        measuredSums = Array(repeating: 0, count: kindCount)
        measuredCounts = Array(repeating: 0, count: kindCount)
        unmeasuredTrees = Array(repeating: 0, count: kindCount)
        for run in kindRuns { append(run.kind, count: run.count) }
    }

    // MARK: - Rows

    /// The kind of `row`.
    @inline(__always)
    private func kindValue(_ row: Int) -> UInt8 {
        let slot = blockSlots[row >> Self.blockShift]
        return slot < 0 ? blockKinds[row >> Self.blockShift] : detailKinds[Int(slot) << Self.blockShift | row & (Self.blockSize - 1)]
    }

    /// The extent measured for `row` (in any generation), 0 when never.
    @inline(__always)
    func measuredExtent(_ row: Int) -> Int32 {
        let slot = blockSlots[row >> Self.blockShift]
        return slot < 0 ? 0 : detailExtents[Int(slot) << Self.blockShift | row & (Self.blockSize - 1)]
    }

    /// The generation `row` was last measured in, 0 when never.
    @inline(__always)
    private func generation(_ row: Int) -> UInt8 {
        let slot = blockSlots[row >> Self.blockShift]
        return slot < 0 ? 0 : detailGenerations[Int(slot) << Self.blockShift | row & (Self.blockSize - 1)]
    }

    /// A detail slot whose rows are unmeasured rows of `kind`.
    private mutating func newSlot(kind: UInt8) -> Int32 {
        if let slot = freeSlots.popLast() {
            let rows = Int(slot) << Self.blockShift..<(Int(slot) + 1) << Self.blockShift
            for row in rows {
                detailExtents[row] = 0
                detailGenerations[row] = 0
                detailKinds[row] = kind
            }
            return slot
        }
        let slot = Int32(detailKinds.count >> Self.blockShift)
        detailExtents.append(contentsOf: repeatElement(0, count: Self.blockSize))
        detailGenerations.append(contentsOf: repeatElement(0, count: Self.blockSize))
        detailKinds.append(contentsOf: repeatElement(kind, count: Self.blockSize))
        return slot
    }

    /// The position in the detail arrays of `row`, giving its block a detail slot if it has none.
    private mutating func detailPosition(_ row: Int) -> Int {
        let block = row >> Self.blockShift
        var slot = blockSlots[block]
        if slot < 0 {
            slot = newSlot(kind: blockKinds[block])
            blockSlots[block] = slot
        }
        return Int(slot) << Self.blockShift | row & (Self.blockSize - 1)
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
        generation(row) == currentGeneration
    }

    /// The row's measured extent (possibly from an earlier cross extent), else its estimate.
    /// - Complexity: O(1).
    public func extent(of row: Int, kind: RowKind) -> Int {
        let known = Int(measuredExtent(row))
        return known > 0 ? known : estimate(for: kind)
    }

    /// The kind `row` was indexed as.
    /// - Complexity: O(1).
    public func kind(of row: Int) -> RowKind {
        RowKind(rawValue: Int(kindValue(row)))!
    }

    /// The offset of the first line of `row` (or of the end, for `row == count`).
    /// - Complexity: O(log n), plus the rows before it in its block.
    public func offset(of row: Int) -> Int {
        let estimates = currentEstimates()
        let row = min(max(0, row), count)
        let block = row >> Self.blockShift
        var total: Int64 = 0
        var i = block
        while i > 0 {
            total += nodeValue(i, estimates: estimates)
            i -= i & -i
        }
        let first = block << Self.blockShift
        if row > first { total += rowsExtent(ofBlock: block, rows: row - first, estimates: estimates) }
        return Int(total)
    }

    /// The summed extent of the first `rows` rows of `block`, unmeasured rows at `estimates`.
    private func rowsExtent(ofBlock block: Int, rows: Int, estimates: (Int64, Int64, Int64, Int64)) -> Int64 {
        let slot = blockSlots[block]
        guard slot >= 0 else { return Int64(rows) * estimate(ofKind: blockKinds[block], estimates) }
        var total: Int64 = 0
        let base = Int(slot) << Self.blockShift
        for position in base..<(base + rows) {
            let known = detailExtents[position]
            total += known > 0 ? Int64(known) : estimate(ofKind: detailKinds[position], estimates)
        }
        return total
    }

    @inline(__always)
    private func estimate(ofKind kind: UInt8, _ estimates: (Int64, Int64, Int64, Int64)) -> Int64 {
        switch kind {
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
        guard position < blocks else { return ScrollAnchor(row: count - 1, offset: 0) }
        let first = position << Self.blockShift
        let last = min(count, first + Self.blockSize)
        let slot = blockSlots[position]
        if slot < 0 {
            // Every row of a plain block has the same extent: no need to walk them.
            let extent = estimate(ofKind: blockKinds[position], estimates)
            let inside = Int(remaining / extent)
            guard first + inside < last else { return ScrollAnchor(row: count - 1, offset: 0) }
            return ScrollAnchor(row: first + inside, offset: Int(remaining - Int64(inside) * extent))
        }
        let base = Int(slot) << Self.blockShift
        for row in first..<last {
            let known = detailExtents[base + row - first]
            let extent = known > 0 ? Int64(known) : estimate(ofKind: detailKinds[base + row - first], estimates)
            if extent > remaining { return ScrollAnchor(row: row, offset: Int(remaining)) }
            remaining -= extent
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
        let position = detailPosition(row)
        let newExtent = Int64(max(1, extent))
        let oldExtent = Int64(detailExtents[position])
        let k = kind.rawValue
        if oldExtent == 0 {
            add(-1, toUnmeasured: k, at: row)
            measuredCounts[k] += 1
        }
        measuredSums[k] += newExtent - oldExtent
        if newExtent != oldExtent { add(newExtent - oldExtent, toMeasuredAt: row) }
        detailExtents[position] = Int32(clamping: newExtent)
        if detailGenerations[position] != currentGeneration {
            detailGenerations[position] = currentGeneration
            measuredCount += 1
        }
    }

    /// Appends a row of `kind`, not yet measured.
    /// - Complexity: O(log n).
    public mutating func append(kind: RowKind) {
        append(kind, count: 1)
    }

    /// Appends `rows` rows of `kind`, not yet measured.
    /// - Complexity: O(log n) for the rows that join the last block, and for each new block
    ///   of 32.
    public mutating func append(_ kind: RowKind, count rows: Int) {
        let value = UInt8(kind.rawValue)
        var remaining = max(0, rows)
        // Into the last block, as far as it has room: its node and those above count them.
        let used = count & (Self.blockSize - 1)
        let fill = used == 0 ? 0 : min(remaining, Self.blockSize - used)
        if fill > 0 {
            let block = count >> Self.blockShift
            count += fill
            if blockSlots[block] >= 0 || blockKinds[block] != value {
                for row in (count - fill)..<count { detailKinds[detailPosition(row)] = value }
            }
            add(Int32(fill), toUnmeasured: kind.rawValue, at: count - 1)
            remaining -= fill
        }
        // New blocks of that kind only: no detail.
        while remaining > 0 {
            let rowsInBlock = min(remaining, Self.blockSize)
            blockSlots.append(-1)
            blockKinds.append(value)
            count += rowsInBlock
            appendNode(unmeasured: repeatElement(value, count: rowsInBlock))
            remaining -= rowsInBlock
        }
    }

    /// Appends the Fenwick node of a new last block holding unmeasured rows of `kinds`. The new
    /// node covers blocks (i - lowbit(i), i]: its own rows plus the nodes below it.
    private mutating func appendNode<Kinds: Sequence<UInt8>>(unmeasured kinds: Kinds) {
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
        for kind in kinds { unmeasuredTrees[node + Int(kind)] += 1 }
        measuredTree.append(measured)
    }

    /// Removes the last `count` rows.
    /// - Complexity: O(count + log n): a Fenwick node covers only blocks at or before it, so
    ///   truncating the trees leaves the remaining nodes valid; the rows removed from the block
    ///   that stays are taken out of its sums.
    public mutating func removeLast(_ removed: Int) {
        let removed = min(max(0, removed), count)
        guard removed > 0 else { return }
        let remaining = count - removed
        let keptBlocks = (remaining + Self.blockSize - 1) / Self.blockSize
        for row in remaining..<count {
            let k = Int(kindValue(row))
            let extent = measuredExtent(row)
            if extent > 0 {
                measuredSums[k] -= Int64(extent)
                measuredCounts[k] -= 1
            }
            if generation(row) == currentGeneration { measuredCount -= 1 }
            // A row of the last block kept leaves its sums, and its detail is cleared.
            guard row < keptBlocks * Self.blockSize else { continue }
            if extent > 0 {
                add(-Int64(extent), toMeasuredAt: row)
            } else {
                add(-1, toUnmeasured: k, at: row)
            }
            let slot = blockSlots[row >> Self.blockShift]
            if slot >= 0 {
                let position = Int(slot) << Self.blockShift | row & (Self.blockSize - 1)
                detailExtents[position] = 0
                detailGenerations[position] = 0
            }
        }
        count = remaining
        for block in keptBlocks..<blockSlots.count where blockSlots[block] >= 0 { freeSlots.append(blockSlots[block]) }
        blockSlots.removeLast(blockSlots.count - keptBlocks)
        blockKinds.removeLast(blockKinds.count - keptBlocks)
        measuredTree.removeLast(measuredTree.count - (keptBlocks + 1))
        unmeasuredTrees.removeLast(unmeasuredTrees.count - (keptBlocks + 1) * Self.kindCount)
    }

    /// Makes `row`'s measurement a guess until it is measured again (its content changed): its
    /// extent still counts, but no longer as exact.
    /// - Complexity: O(1).
    public mutating func forgetMeasurement(of row: Int) {
        guard generation(row) == currentGeneration else { return }
        detailGenerations[detailPosition(row)] = 0
        measuredCount -= 1
    }

    /// Starts a new generation: every measurement becomes a guess until the row is measured again.
    /// - Complexity: O(1), and O(rows measured) once every 255 calls when the generation
    ///   counter wraps.
    public mutating func invalidateMeasurements() {
        measuredCount = 0
        if currentGeneration == UInt8.max {
            for i in detailGenerations.indices { detailGenerations[i] = 0 }
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
