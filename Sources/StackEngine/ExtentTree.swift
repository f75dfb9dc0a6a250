/// The position index as a balanced tree of row runs, for rows that come and go anywhere: the
/// offset of any row, the row at any offset, and replacing any range of rows by runs of new
/// ones, each in O(log n) expected — folding a node with a million descendants costs what
/// folding one with ten does.
///
/// The tree is a treap (a binary search tree by position, heap-ordered by random priorities)
/// whose nodes are runs of rows: a *plain* run of any length, never measured and all of one
/// kind, keeps nothing per row; a *detail* block of at most 32 rows keeps each row's
/// extent, generation and kind. Measuring a row of a plain run carves a detail block around it.
/// Every node sums its subtree — rows, measured extent, unmeasured rows per kind, measured
/// extent and rows per kind, sampled extent and rows per kind — so the offset of a row is
/// `⌊measured + Σ unmeasured_k · estimate_k⌋` over the nodes before it. `estimate_k` is a mean
/// kept in 1/65,536ths of a line (rows of 1 and 2 lines in equal numbers count 1.5 each, not 2):
/// the mean of the rows of kind `k` measured as a *sample* (``setMeasured(_:extent:kind:sampled:)``,
/// rows picked evenly over the whole stack, not where the reader has been), else of every row of
/// kind `k` measured. Changing an estimate is O(1): no row is touched. (It replaced Fenwick trees
/// over blocks of rows, which could append and truncate but not splice.)
///
/// Generations: a new cross extent starts a new generation in O(1). A node's count of rows
/// measured in the current generation is kept with the generation it was summed in; summed in an
/// earlier one, it counts as 0 — every row measured since would have summed the node again.
public struct ExtentTree: Sendable {
    /// The sums of a subtree (or of one node's own rows).
    struct Sums: Sendable, Equatable {
        var rows = 0
        var measured: Int64 = 0
        var unmeasured = SIMD4<Int32>()
        var kindExtents = SIMD4<Int64>()
        var kindCounts = SIMD4<Int32>()
        /// Rows measured in generation `generation`.
        var current: Int32 = 0
        /// The extent and the rows per kind of the sampled rows measured in generation `generation`.
        var sampledExtents = SIMD4<Int64>()
        var sampledCounts = SIMD4<Int32>()
        var generation: UInt32 = 0
    }

    /// A run of rows: 128 bytes. A plain run's own sums follow from its kind and rows; a detail
    /// block's are kept by its slot (`detailSums`), so a node does not carry them (224 bytes did).
    struct Node: Sendable {
        var left: Int32 = -1
        var right: Int32 = -1
        var priority: UInt32
        /// The node's detail slot, or -1 for a plain run.
        var slot: Int32 = -1
        /// The kind of every row of a plain run.
        var kind: UInt8
        /// Its own rows.
        var rows: Int
        var subtree = Sums()
    }

    /// The most rows a detail block holds.
    static let detailRows = 32
    /// Extents are summed in these fractions of a line, so a mean keeps its fraction.
    static let unit: Int64 = 1 << 16
    /// The bit of a detail row's kind byte that says it was measured as a sample.
    static let sampledBit: UInt8 = 0x80

    private(set) var nodes: [Node] = []
    private var freeNodes: [Int32] = []
    private(set) var root: Int32 = -1
    /// Per row of a detail slot (`detailRows` a slot): extent (0 while never measured),
    /// generation measured in (0: never), kind (and ``sampledBit``).
    private var detailExtents: [Int32] = []
    private var detailGenerations: [UInt32] = []
    private var detailKinds: [UInt8] = []
    /// Per detail slot: the sums of its node's own rows.
    private var detailSums: [Sums] = []
    private var freeSlots: [Int32] = []
    private(set) var currentGeneration: UInt32 = 1
    private let initialEstimates: SIMD4<Int64>
    private var random: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// An empty index; rows of a kind never measured count at `initialEstimates` (1 if absent).
    public init(initialEstimates: [RowKind: Int] = [:]) {
        var estimates = SIMD4<Int64>(repeating: 1)
        for kind in RowKind.allCases { estimates[kind.rawValue] = Int64(max(1, initialEstimates[kind] ?? 1)) }
        self.initialEstimates = estimates
    }

    /// An index of runs of rows of one kind (a kind, and how many rows in a row have it).
    public init<Runs: Sequence>(kindRuns: Runs, initialEstimates: [RowKind: Int] = [:])
    where Runs.Element == (kind: RowKind, count: Int) {
        self.init(initialEstimates: initialEstimates)
        replaceRows(0..<0, with: kindRuns)
    }

    // MARK: - Reading

    /// Rows indexed.
    public var count: Int { sums(root).rows }

    /// Rows measured at the current cross extent.
    public var measuredCount: Int { Int(effectiveCurrent(sums(root))) }

    /// The extent counted for rows of `kind` that were never measured, rounded to a line (the
    /// offsets count its fraction).
    /// - Complexity: O(1).
    public func estimate(for kind: RowKind) -> Int {
        Int((estimates()[kind.rawValue] + Self.unit / 2) / Self.unit)
    }

    /// Rows measured as a sample at the current cross extent (and not measured since otherwise).
    public var sampledCount: Int { Int(effectiveSampledCounts(sums(root)).wrappedSum()) }

    /// The estimate of each kind in ``unit``s: the mean of its sampled rows when it has any, else
    /// of its rows measured, else the initial estimate. Never below a line.
    private func estimates() -> SIMD4<Int64> {
        let total = sums(root)
        let sampledCounts = effectiveSampledCounts(total)
        let sampledExtents = total.generation == currentGeneration ? total.sampledExtents : SIMD4()
        var result = initialEstimates &* Self.unit
        for k in 0..<4 {
            if sampledCounts[k] > 0 {
                result[k] = max(Self.unit, sampledExtents[k] * Self.unit / Int64(sampledCounts[k]))
            } else if total.kindCounts[k] > 0 {
                result[k] = max(Self.unit, total.kindExtents[k] * Self.unit / Int64(total.kindCounts[k]))
            }
        }
        return result
    }

    /// The offset of the first line of `row` (or of the end, for `row == count`).
    /// - Complexity: O(log n), plus the rows before it in its detail block.
    public func offset(of row: Int) -> Int {
        let estimates = estimates()
        var remaining = min(max(0, row), count)
        var total: Int64 = 0
        var t = root
        while t >= 0 {
            let node = nodes[Int(t)]
            let before = sums(node.left)
            if remaining < before.rows {
                t = node.left
                continue
            }
            total += value(before, estimates)
            remaining -= before.rows
            if remaining < node.rows {
                return Int((total + ownValue(node, rows: remaining, estimates)) / Self.unit)
            }
            total += ownValue(node, estimates)
            remaining -= node.rows
            t = node.right
        }
        return Int(total / Self.unit)
    }

    /// The total extent of all rows.
    public var total: Int { offset(of: count) }

    /// The row holding `offset` and the offset inside it; offsets past the end give the last
    /// row's top.
    /// - Complexity: O(log n), plus the rows of one detail block.
    public func row(containing offset: Int) -> ScrollAnchor {
        guard count > 0 else { return ScrollAnchor(row: 0, offset: 0) }
        let estimates = estimates()
        let line = Int64(max(0, offset))
        // The last row that starts before the end of line `line` (a row starts on the line its
        // start's fraction falls in).
        let limit = (line + 1) * Self.unit
        func anchor(row: Int, start: Int64) -> ScrollAnchor {
            ScrollAnchor(row: row, offset: Int(line - start / Self.unit))
        }
        var consumed: Int64 = 0
        var rowsBefore = 0
        var t = root
        while t >= 0 {
            let node = nodes[Int(t)]
            let before = sums(node.left)
            let start = consumed + value(before, estimates)
            if limit <= start {
                t = node.left
                continue
            }
            rowsBefore += before.rows
            let ownValue = ownValue(node, estimates)
            if limit <= start + ownValue {
                if node.slot < 0 {
                    let extent = estimates[Int(node.kind)]
                    let inside = min(node.rows - 1, Int((limit - start - 1) / extent))
                    return anchor(row: rowsBefore + inside, start: start + Int64(inside) * extent)
                }
                let base = Int(node.slot) * Self.detailRows
                var rowStart = start
                for inside in 0..<node.rows {
                    let next = rowStart + rowExtent(base + inside, estimates)
                    if limit <= next || inside == node.rows - 1 { return anchor(row: rowsBefore + inside, start: rowStart) }
                    rowStart = next
                }
            }
            consumed = start + ownValue
            rowsBefore += node.rows
            t = node.right
        }
        return ScrollAnchor(row: count - 1, offset: 0)
    }

    /// The kind `row` was indexed as.
    public func kind(of row: Int) -> RowKind {
        let (node, inside) = locate(row)
        let value = nodes[node].slot < 0 ? nodes[node].kind : detailKinds[Int(nodes[node].slot) * Self.detailRows + inside] & ~Self.sampledBit
        return RowKind(rawValue: Int(value))!
    }

    /// The row's measured extent (possibly from an earlier cross extent), else the lines its
    /// estimate covers where it falls (an estimate of 1.5 lines: 1 or 2, by turns).
    public func extent(of row: Int, kind: RowKind) -> Int {
        let (node, inside) = locate(row)
        let slot = nodes[node].slot
        let known = slot < 0 ? 0 : Int(detailExtents[Int(slot) * Self.detailRows + inside])
        return known > 0 ? known : offset(of: row + 1) - offset(of: row)
    }

    /// Whether `row` was measured as a sample at the current cross extent.
    public func isSampled(_ row: Int) -> Bool {
        let (node, inside) = locate(row)
        let slot = nodes[node].slot
        guard slot >= 0 else { return false }
        let position = Int(slot) * Self.detailRows + inside
        return detailKinds[position] & Self.sampledBit != 0 && detailGenerations[position] == currentGeneration
    }

    /// Whether `row` was measured at the current cross extent.
    public func isMeasured(_ row: Int) -> Bool {
        let (node, inside) = locate(row)
        let slot = nodes[node].slot
        return slot >= 0 && detailGenerations[Int(slot) * Self.detailRows + inside] == currentGeneration
    }

    /// How the content size stands: exact once every row is measured at the current cross extent.
    public var contentSize: ContentSize {
        let total = self.total
        if measuredCount == count { return .exact(total) }
        return .estimated(total: total, measured: measuredCount, approximated: count - measuredCount)
    }

    // MARK: - Writing

    /// Records that `row` (of the kind it was indexed as, `kind`) measured `extent` at the
    /// current cross extent: as a *sample* when `sampled` (a row picked without regard to where
    /// the reader is, whose extent then stands for the rows never measured), else as a row the
    /// reader's way reached (which stops being a sample, if it was one).
    /// - Returns: the extent it counted for before: its earlier measurement, else its estimate.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func setMeasured(_ row: Int, extent: Int, kind: RowKind, sampled: Bool = false) -> Int {
        let counted = self.extent(of: row, kind: kind)
        record(row, extent: extent, sampled: sampled)
        return counted
    }

    /// ``setMeasured(_:extent:kind:sampled:)`` without finding what the row counted for before
    /// (two more walks down the tree: a fifth of measuring a row while idle).
    mutating func record(_ row: Int, extent: Int, sampled: Bool) {
        var path: [Int32] = []
        var (node, inside) = locate(row) { path.append($0) }
        if nodes[node].slot < 0 {
            carveDetail(around: row)
            path.removeAll(keepingCapacity: true)
            (node, inside) = locate(row) { path.append($0) }
        }
        let position = Int(nodes[node].slot) * Self.detailRows + inside
        let k = Int(detailKinds[position] & ~Self.sampledBit)
        let slot = Int(nodes[node].slot)
        var own = detailSums[slot]
        let old = Int64(detailExtents[position])
        let new = Int64(max(1, extent))
        if own.generation != currentGeneration {
            own.current = 0
            own.sampledExtents = SIMD4()
            own.sampledCounts = SIMD4()
            own.generation = currentGeneration
        }
        if detailGenerations[position] == currentGeneration, detailKinds[position] & Self.sampledBit != 0 {
            own.sampledExtents[k] -= old
            own.sampledCounts[k] -= 1
        }
        if old == 0 {
            own.unmeasured[k] -= 1
            own.kindCounts[k] += 1
        }
        own.measured += new - old
        own.kindExtents[k] += new - old
        if detailGenerations[position] != currentGeneration { own.current += 1 }
        if sampled {
            own.sampledExtents[k] += new
            own.sampledCounts[k] += 1
        }
        detailExtents[position] = Int32(clamping: new)
        detailGenerations[position] = currentGeneration
        detailKinds[position] = UInt8(k) | (sampled ? Self.sampledBit : 0)
        detailSums[slot] = own
        resum(path)
    }

    /// Makes `row`'s measurement a guess until it is measured again: its extent still counts,
    /// but no longer as exact (nor as a sample).
    /// - Complexity: O(log n).
    public mutating func forgetMeasurement(of row: Int) {
        var path: [Int32] = []
        let (node, inside) = locate(row) { path.append($0) }
        let slot = nodes[node].slot
        guard slot >= 0 else { return }
        let position = Int(slot) * Self.detailRows + inside
        guard detailGenerations[position] == currentGeneration else { return }
        detailGenerations[position] = 0
        detailSums[Int(slot)].current -= 1
        if detailKinds[position] & Self.sampledBit != 0 {
            let k = Int(detailKinds[position] & ~Self.sampledBit)
            detailSums[Int(slot)].sampledExtents[k] -= Int64(detailExtents[position])
            detailSums[Int(slot)].sampledCounts[k] -= 1
            detailKinds[position] = UInt8(k)
        }
        resum(path)
    }

    /// The first row at or after `row` that is not measured at the current cross extent or is
    /// a sample: where a pass that measures every row in order goes next (it measures the
    /// one, and takes the other as reached: behind the pass, a sample no longer stands for the
    /// rows never measured, which are all ahead of it). Nil when there is none.
    /// - Complexity: O(log n) expected, plus the rows of the detail blocks looked into.
    public func firstRowToPass(from row: Int) -> Int? {
        guard row < count else { return nil }
        return firstRowToPass(in: root, from: max(0, row), rowsBefore: 0)
    }

    private func firstRowToPass(in t: Int32, from row: Int, rowsBefore: Int) -> Int? {
        guard t >= 0 else { return nil }
        let node = nodes[Int(t)]
        let subtree = node.subtree
        let end = rowsBefore + subtree.rows
        guard row < end else { return nil }
        let passed = effectiveCurrent(subtree) == Int32(clamping: subtree.rows)
            && effectiveSampledCounts(subtree) == SIMD4()
        if passed { return nil }
        let leftRows = sums(node.left).rows
        if let found = firstRowToPass(in: node.left, from: row, rowsBefore: rowsBefore) { return found }
        let ownStart = rowsBefore + leftRows
        for inside in min(max(0, row - ownStart), node.rows)..<node.rows {
            guard node.slot >= 0 else { return ownStart + inside }
            let position = Int(node.slot) * Self.detailRows + inside
            if detailGenerations[position] != currentGeneration || detailKinds[position] & Self.sampledBit != 0 {
                return ownStart + inside
            }
        }
        return firstRowToPass(in: node.right, from: row, rowsBefore: ownStart + node.rows)
    }

    /// Starts a new generation: every measurement becomes a guess until the row is measured
    /// again.
    /// - Complexity: O(1).
    public mutating func invalidateMeasurements() {
        currentGeneration += 1
    }

    /// Replaces the rows in `range` by unmeasured rows of `runs` (a kind, and how many rows in a
    /// row have it).
    /// - Complexity: O(runs + log n) expected, whatever the number of rows removed or added.
    public mutating func replaceRows<Runs: Sequence>(_ range: Range<Int>, with runs: Runs)
    where Runs.Element == (kind: RowKind, count: Int) {
        var lower = min(max(0, range.lowerBound), count)
        var upper = min(max(lower, range.upperBound), count)
        let expectedRuns = runs.underestimatedCount
        var runs = runs.lazy.filter { $0.count > 0 }.makeIterator()
        var first = runs.next()
        // Rows appended after a plain run of their kind lengthen it: a list that grows a batch
        // at a time keeps a node a run of its rows, not a node a batch.
        if lower == upper, upper == count, let run = first, extendLastRun(kind: run.kind.rawValue, by: run.count) {
            first = runs.next()
            (lower, upper) = (count, count)
        }
        guard first != nil || lower < upper else { return }
        makeBoundary(at: lower)
        makeBoundary(at: upper)
        let (before, rest) = split(root, at: lower)
        let (removed, after) = split(rest, at: upper - lower)
        release(removed)
        var middle = TreeBuilder()
        // (Room for many runs at once: a million items' twenty thousand runs grew the nodes ten
        // times, each a copy of all of them and pages faulted in afresh. Only when no node
        // released before can be reused: a replacement takes its new nodes from the ones it
        // released, whose number is not kept.)
        if expectedRuns >= 1024, freeNodes.isEmpty, nodes.capacity < nodes.count + expectedRuns {
            nodes.reserveCapacity(max(nodes.count + expectedRuns, nodes.capacity * 2))
        }
        while let run = first {
            middle.append(newNode(Node(priority: nextPriority(), kind: UInt8(run.kind.rawValue), rows: run.count)), in: &nodes)
            first = runs.next()
        }
        let built = middle.finish(in: &self)
        root = merge(merge(before, built), after)
    }

    /// A treap built from nodes given in row order, in O(nodes): each new node goes on the
    /// tree's right spine below the last node of a priority as high or higher, taking the nodes
    /// it passes as its left subtree — the tree merging them one by one makes, where each merge
    /// summed the right spine again (O(n log n): ~7 ms of `render`'s viewer at a million items). The
    /// sums are made once, children first, when it is finished.
    private struct TreeBuilder {
        /// The right spine, root first.
        private var spine: [Int32] = []

        /// Puts node `t` (new, with no children) after every node put before.
        mutating func append(_ t: Int32, in nodes: inout [Node]) {
            var passed: Int32 = -1
            // Merging puts the earlier of two equal priorities above: pass lower ones only.
            while let last = spine.last, nodes[Int(last)].priority < nodes[Int(t)].priority {
                passed = spine.removeLast()
            }
            nodes[Int(t)].left = passed
            if let last = spine.last { nodes[Int(last)].right = t }
            spine.append(t)
        }

        /// The root of the tree built (-1 when empty), every node summed.
        func finish(in tree: inout ExtentTree) -> Int32 {
            guard let root = spine.first else { return -1 }
            // After its children (a new node was summed alone: a leaf's sums stand).
            var stack: [(node: Int32, childrenSummed: Bool)] = [(root, false)]
            while let (t, childrenSummed) = stack.popLast() {
                let node = tree.nodes[Int(t)]
                if childrenSummed || (node.left < 0 && node.right < 0) {
                    if childrenSummed { tree.resum(t) }
                    continue
                }
                stack.append((t, true))
                if node.left >= 0 { stack.append((node.left, false)) }
                if node.right >= 0 { stack.append((node.right, false)) }
            }
            return root
        }
    }

    /// Adds `rows` rows to the last node when it is a plain run of `kind`.
    /// - Returns: false, changing nothing, when it is not.
    /// - Complexity: O(log n) expected: the tree's right spine.
    private mutating func extendLastRun(kind: Int, by rows: Int) -> Bool {
        var spine: [Int32] = []
        var t = root
        while t >= 0 {
            spine.append(t)
            t = nodes[Int(t)].right
        }
        guard let last = spine.last, nodes[Int(last)].slot < 0, Int(nodes[Int(last)].kind) == kind else { return false }
        nodes[Int(last)].rows += rows
        resum(spine)
        return true
    }

    /// Appends `rows` unmeasured rows of `kind`.
    public mutating func append(_ kind: RowKind, count rows: Int) {
        replaceRows(count..<count, with: CollectionOfOne((kind: kind, count: rows)))
    }

    // MARK: - Nodes

    private func sums(_ t: Int32) -> Sums { t < 0 ? Sums() : nodes[Int(t)].subtree }

    func effectiveCurrent(_ sums: Sums) -> Int32 {
        sums.generation == currentGeneration ? sums.current : 0
    }

    func effectiveSampledCounts(_ sums: Sums) -> SIMD4<Int32> {
        sums.generation == currentGeneration ? sums.sampledCounts : SIMD4()
    }

    func effectiveSampledExtents(_ sums: Sums) -> SIMD4<Int64> {
        sums.generation == currentGeneration ? sums.sampledExtents : SIMD4()
    }

    /// The extent of the rows summed, in ``unit``s.
    private func value(_ sums: Sums, _ estimates: SIMD4<Int64>) -> Int64 {
        sums.measured * Self.unit + (SIMD4<Int64>(truncatingIfNeeded: sums.unmeasured) &* estimates).wrappedSum()
    }

    /// The sums of `node`'s own rows.
    func ownSums(of node: Node) -> Sums {
        node.slot < 0 ? plainSums(kind: Int(node.kind), rows: node.rows) : detailSums[Int(node.slot)]
    }

    /// The extent of `node`'s own rows, in ``unit``s.
    private func ownValue(_ node: Node, _ estimates: SIMD4<Int64>) -> Int64 {
        node.slot < 0 ? Int64(node.rows) * estimates[Int(node.kind)] : value(detailSums[Int(node.slot)], estimates)
    }

    /// The extent of the first `rows` rows of `node`'s own run, in ``unit``s.
    private func ownValue(_ node: Node, rows: Int, _ estimates: SIMD4<Int64>) -> Int64 {
        guard node.slot >= 0 else { return Int64(rows) * estimates[Int(node.kind)] }
        let base = Int(node.slot) * Self.detailRows
        var total: Int64 = 0
        for position in base..<(base + rows) { total += rowExtent(position, estimates) }
        return total
    }

    private func rowExtent(_ position: Int, _ estimates: SIMD4<Int64>) -> Int64 {
        let known = detailExtents[position]
        return known > 0 ? Int64(known) * Self.unit : estimates[Int(detailKinds[position] & ~Self.sampledBit)]
    }

    private func plainSums(kind: Int, rows: Int) -> Sums {
        var sums = Sums(rows: rows)
        sums.unmeasured[kind] = Int32(clamping: rows)
        sums.generation = currentGeneration
        return sums
    }

    /// The node holding `row`, and the row's place in its run.
    private func locate(_ row: Int) -> (node: Int, inside: Int) {
        locate(row) { _ in }
    }

    /// The node holding `row` and the row's place in its run, `visit` called with each node on
    /// the way from the root (the path a writer sums again).
    private func locate(_ row: Int, visiting visit: (Int32) -> Void) -> (node: Int, inside: Int) {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        var remaining = row
        var t = root
        while true {
            visit(t)
            let node = nodes[Int(t)]
            let before = sums(node.left).rows
            if remaining < before {
                t = node.left
            } else if remaining < before + node.rows {
                return (Int(t), remaining - before)
            } else {
                remaining -= before + node.rows
                t = node.right
            }
        }
    }

    /// Sums the nodes of `path` again, deepest first.
    private mutating func resum(_ path: [Int32]) {
        for t in path.reversed() { resum(t) }
    }

    private mutating func resum(_ t: Int32) {
        let node = nodes[Int(t)]
        let left = sums(node.left)
        let right = sums(node.right)
        let own = ownSums(of: node)
        var total = Sums()
        total.rows = left.rows + own.rows + right.rows
        total.measured = left.measured + own.measured + right.measured
        total.unmeasured = left.unmeasured &+ own.unmeasured &+ right.unmeasured
        total.kindExtents = left.kindExtents &+ own.kindExtents &+ right.kindExtents
        total.kindCounts = left.kindCounts &+ own.kindCounts &+ right.kindCounts
        total.current = effectiveCurrent(left) + effectiveCurrent(own) + effectiveCurrent(right)
        total.sampledExtents = effectiveSampledExtents(left) &+ effectiveSampledExtents(own) &+ effectiveSampledExtents(right)
        total.sampledCounts = effectiveSampledCounts(left) &+ effectiveSampledCounts(own) &+ effectiveSampledCounts(right)
        total.generation = currentGeneration
        nodes[Int(t)].subtree = total
    }

    private mutating func nextPriority() -> UInt32 {
        // xorshift64*: deterministic, so the tree's shape (and its tests) repeat.
        random ^= random >> 12
        random ^= random << 25
        random ^= random >> 27
        return UInt32(truncatingIfNeeded: (random &* 0x2545_F491_4F6C_DD1D) >> 32)
    }

    private mutating func newNode(_ node: Node) -> Int32 {
        let t: Int32
        if let free = freeNodes.popLast() {
            // A released subtree's children are released when its root is reused: O(1) each.
            if nodes[Int(free)].left >= 0 { freeNodes.append(nodes[Int(free)].left) }
            if nodes[Int(free)].right >= 0 { freeNodes.append(nodes[Int(free)].right) }
            if nodes[Int(free)].slot >= 0 { freeSlots.append(nodes[Int(free)].slot) }
            nodes[Int(free)] = node
            t = free
        } else {
            nodes.append(node)
            t = Int32(nodes.count - 1)
        }
        resum(t)
        return t
    }

    /// Gives back a removed subtree's nodes, lazily: O(1).
    private mutating func release(_ t: Int32) {
        if t >= 0 { freeNodes.append(t) }
    }

    private mutating func newSlot() -> Int32 {
        if let slot = freeSlots.popLast() { return slot }
        detailExtents.append(contentsOf: repeatElement(0, count: Self.detailRows))
        detailGenerations.append(contentsOf: repeatElement(0, count: Self.detailRows))
        detailKinds.append(contentsOf: repeatElement(0, count: Self.detailRows))
        detailSums.append(Sums())
        return Int32(detailKinds.count / Self.detailRows - 1)
    }

    /// Splits `t` into the trees of its first `rows` rows and of the rest; `rows` must fall
    /// between two nodes.
    private mutating func split(_ t: Int32, at rows: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        let node = nodes[Int(t)]
        let before = sums(node.left).rows
        if rows <= before {
            let (a, b) = split(node.left, at: rows)
            nodes[Int(t)].left = b
            resum(t)
            return (a, t)
        }
        if rows >= before + node.rows {
            let (a, b) = split(node.right, at: rows - before - node.rows)
            nodes[Int(t)].right = a
            resum(t)
            return (t, b)
        }
        preconditionFailure("split inside a run: call makeBoundary(at:) first")
    }

    /// Makes `position` fall between two nodes, cutting the run it falls inside in two: the
    /// run keeps its first rows, and a new node with the rest is merged in after it (a node made
    /// inside a split could break the heap order of the priorities).
    private mutating func makeBoundary(at position: Int) {
        guard position > 0, position < count else { return }
        var path: [Int32] = []
        let (node, inside) = locate(position) { path.append($0) }
        guard inside > 0 else { return }
        let tail = cut(Int32(node), keeping: inside)
        resum(path)
        let (before, after) = split(root, at: position)
        root = merge(merge(before, tail), after)
    }

    /// Cuts node `t`'s run after its first `rows` rows; the rest goes to a new node, returned.
    private mutating func cut(_ t: Int32, keeping rows: Int) -> Int32 {
        let node = nodes[Int(t)]
        let tailRows = node.rows - rows
        nodes[Int(t)].rows = rows
        guard node.slot >= 0 else {
            return newNode(Node(priority: nextPriority(), kind: node.kind, rows: tailRows))
        }
        let slot = newSlot()
        let from = Int(node.slot) * Self.detailRows
        let to = Int(slot) * Self.detailRows
        for inside in 0..<tailRows {
            detailExtents[to + inside] = detailExtents[from + rows + inside]
            detailGenerations[to + inside] = detailGenerations[from + rows + inside]
            detailKinds[to + inside] = detailKinds[from + rows + inside]
        }
        detailSums[Int(node.slot)] = summedDetail(slot: node.slot, rows: rows)
        detailSums[Int(slot)] = summedDetail(slot: slot, rows: tailRows)
        return newNode(Node(priority: nextPriority(), slot: slot, kind: node.kind, rows: tailRows))
    }

    /// The sums of the first `rows` rows of a detail slot.
    func summedDetail(slot: Int32, rows: Int) -> Sums {
        var sums = Sums(rows: rows)
        let base = Int(slot) * Self.detailRows
        for position in base..<(base + rows) {
            let k = Int(detailKinds[position] & ~Self.sampledBit)
            let extent = Int64(detailExtents[position])
            if extent > 0 {
                sums.measured += extent
                sums.kindExtents[k] += extent
                sums.kindCounts[k] += 1
            } else {
                sums.unmeasured[k] += 1
            }
            if detailGenerations[position] == currentGeneration {
                sums.current += 1
                if detailKinds[position] & Self.sampledBit != 0 {
                    sums.sampledExtents[k] += extent
                    sums.sampledCounts[k] += 1
                }
            }
        }
        sums.generation = currentGeneration
        return sums
    }

    /// Turns the part of a plain run around `row` (at most `detailRows` rows) into a detail
    /// block of its own.
    private mutating func carveDetail(around row: Int) {
        let (node, inside) = locate(row)
        let runStart = row - inside
        let runRows = nodes[node].rows
        let start = max(runStart, min(row - Self.detailRows / 2, runStart + runRows - Self.detailRows))
        let rows = min(Self.detailRows, runRows)
        makeBoundary(at: start)
        makeBoundary(at: start + rows)
        let (before, rest) = split(root, at: start)
        let (middle, after) = split(rest, at: rows)
        // `middle` is one node: the part of that run.
        let kind = nodes[Int(middle)].kind
        let slot = newSlot()
        let base = Int(slot) * Self.detailRows
        for position in base..<(base + Self.detailRows) {
            detailExtents[position] = 0
            detailGenerations[position] = 0
            detailKinds[position] = kind
        }
        nodes[Int(middle)].slot = slot
        detailSums[Int(slot)] = summedDetail(slot: slot, rows: rows)
        resum(middle)
        root = merge(merge(before, middle), after)
    }

    /// The tree of `a`'s rows followed by `b`'s.
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        if nodes[Int(a)].priority >= nodes[Int(b)].priority {
            let right = merge(nodes[Int(a)].right, b)
            nodes[Int(a)].right = right
            resum(a)
            return a
        }
        let left = merge(a, nodes[Int(b)].left)
        nodes[Int(b)].left = left
        resum(b)
        return b
    }
}
