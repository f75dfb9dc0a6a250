import TestSupport
import Testing
@testable import StackEngine

/// The position index against a naive model: plain arrays summed row by row.
@Suite struct ExtentTreeTests {
    /// The obvious implementation the tree must agree with.
    struct NaiveIndex {
        var kinds: [RowKind]
        var extents: [Int?]
        var initial: [RowKind: Int]
        /// Rows measured as a sample at the current cross extent.
        var sampled: [Bool] = []

        /// The estimate in 1/65,536ths of a line: the mean of the kind's samples, else of its
        /// rows measured, else the initial estimate.
        func fineEstimate(_ kind: RowKind) -> Int {
            let unit = 1 << 16
            let samples = kinds.indices.filter { kinds[$0] == kind && sampled[$0] }.map { extents[$0]! }
            let measured = zip(kinds, extents).compactMap { $0.0 == kind ? $0.1 : nil }
            for rows in [samples, measured] where !rows.isEmpty {
                return max(unit, rows.reduce(0, +) * unit / rows.count)
            }
            return (initial[kind] ?? 1) * unit
        }

        /// Each row's offset, and the end's: the sum of the extents before it, estimates with
        /// their fractions, rounded down.
        func offsets() -> [Int] {
            let estimates = Dictionary(uniqueKeysWithValues: RowKind.allCases.map { ($0, fineEstimate($0)) })
            var fine = 0
            var offsets = [0]
            for row in kinds.indices {
                fine += extents[row].map { $0 << 16 } ?? estimates[kinds[row]]!
                offsets.append(fine >> 16)
            }
            return offsets
        }
    }

    @Test func contentSizeIsExactOnlyWhenEveryRowIsMeasured() {
        var index = ExtentTree(kindRuns: [(kind: .header, count: 1), (kind: .item, count: 2)], initialEstimates: [.item: 5])
        #expect(index.contentSize == .estimated(total: 11, measured: 0, approximated: 3))
        index.setMeasured(0, extent: 1, kind: .header)
        index.setMeasured(1, extent: 3, kind: .item)
        // The unmeasured item now counts at the mean of measured items (3), not the initial 5.
        #expect(index.contentSize == .estimated(total: 7, measured: 2, approximated: 1))
        index.setMeasured(2, extent: 9, kind: .item)
        #expect(index.contentSize == .exact(13))
    }

    @Test func invalidationKeepsExtentsAsGuessesUntilRemeasured() {
        var index = ExtentTree(kindRuns: [(kind: .item, count: 2)])
        index.setMeasured(0, extent: 4, kind: .item)
        index.setMeasured(1, extent: 6, kind: .item)
        index.invalidateMeasurements()
        #expect(index.contentSize == .estimated(total: 10, measured: 0, approximated: 2))
        #expect(!index.isMeasured(0))
        index.setMeasured(0, extent: 5, kind: .item)
        index.setMeasured(1, extent: 6, kind: .item)
        #expect(index.contentSize == .exact(11))
    }

    /// Random ranges replaced by random runs anywhere (folds and unfolds), rows measured,
    /// measurements forgotten, new generations: after every step the tree agrees with the naive
    /// model on offsets, the row at an offset, kinds, estimates and what is exact, and its own
    /// sums hold.
    @Test(arguments: 1...40)
    func splicesAgreeWithTheNaiveModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let initial: [RowKind: Int] = [.header: 1, .item: 3, .footer: 2, .loading: 1]
        func randomKind() -> RowKind {
            Int.random(in: 0..<4, using: &generator) == 0 ? RowKind.allCases.randomElement(using: &generator)! : .item
        }
        var tree = ExtentTree(initialEstimates: initial)
        var naive = NaiveIndex(kinds: [], extents: [], initial: initial)
        var current: [Bool] = []
        // (Kept in the model; the tree's answers are read from it.)
        var sampled: [Bool] {
            get { naive.sampled }
            set { naive.sampled = newValue }
        }
        for step in 0..<150 {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1:
                let lower = Int.random(in: 0...naive.kinds.count, using: &generator)
                let upper = Int.random(in: lower...min(naive.kinds.count, lower + Int.random(in: 0...120, using: &generator)), using: &generator)
                // Kept to a few hundred rows: the naive model sums every row for every probe.
                let runs = (0..<Int.random(in: 0...(naive.kinds.count > 400 ? 0 : 3), using: &generator)).map { _ in
                    (kind: randomKind(), count: Int.random(in: 0...90, using: &generator))
                }
                tree.replaceRows(lower..<upper, with: runs)
                let added = runs.flatMap { Array(repeating: $0.kind, count: $0.count) }
                naive.kinds.replaceSubrange(lower..<upper, with: added)
                naive.extents.replaceSubrange(lower..<upper, with: Array(repeating: nil, count: added.count))
                current.replaceSubrange(lower..<upper, with: Array(repeating: false, count: added.count))
                sampled.replaceSubrange(lower..<upper, with: Array(repeating: false, count: added.count))
            case 2, 3, 4:
                guard !naive.kinds.isEmpty else { continue }
                let row = Int.random(in: 0..<naive.kinds.count, using: &generator)
                let extent = Int.random(in: 1...12, using: &generator)
                let asSample = Bool.random(using: &generator)
                tree.setMeasured(row, extent: extent, kind: naive.kinds[row], sampled: asSample)
                naive.extents[row] = extent
                current[row] = true
                sampled[row] = asSample
            case 5:
                guard !naive.kinds.isEmpty else { continue }
                let row = Int.random(in: 0..<naive.kinds.count, using: &generator)
                tree.forgetMeasurement(of: row)
                current[row] = false
                sampled[row] = false
            case 6:
                tree.invalidateMeasurements()
                current = Array(repeating: false, count: current.count)
                sampled = Array(repeating: false, count: sampled.count)
            default:
                let kind = randomKind()
                let added = Array(repeating: kind, count: naive.kinds.count > 400 ? 0 : Int.random(in: 0...40, using: &generator))
                tree.append(kind, count: added.count)
                naive.kinds += added
                naive.extents += Array(repeating: nil, count: added.count)
                current += Array(repeating: false, count: added.count)
                sampled += Array(repeating: false, count: added.count)
            }
            let context = "seed \(seed), step \(step)"
            // The naive offsets once per step: each of its sums walks every row.
            let offsets = naive.offsets()
            #expect(tree.invariantViolations().isEmpty, "\(context): \(tree.invariantViolations())")
            #expect(tree.count == naive.kinds.count, "\(context)")
            #expect(tree.total == offsets.last!, "\(context)")
            #expect(tree.measuredCount == current.filter { $0 }.count, "\(context)")
            #expect(tree.sampledCount == sampled.filter { $0 }.count, "\(context)")
            for kind in RowKind.allCases {
                #expect(tree.estimate(for: kind) == (naive.fineEstimate(kind) + (1 << 15)) >> 16, "\(context)")
            }
            let passFrom = Int.random(in: 0...naive.kinds.count, using: &generator)
            let toPass = (passFrom..<naive.kinds.count).first { !current[$0] || sampled[$0] }
            #expect(tree.firstRowToPass(from: passFrom) == toPass, "\(context), pass from \(passFrom)")
            guard !naive.kinds.isEmpty else { continue }
            for _ in 0..<4 {
                let row = Int.random(in: 0..<naive.kinds.count, using: &generator)
                #expect(tree.offset(of: row) == offsets[row], "\(context), row \(row)")
                #expect(tree.kind(of: row) == naive.kinds[row], "\(context), row \(row)")
                #expect(tree.isMeasured(row) == current[row], "\(context), row \(row)")
                #expect(tree.isSampled(row) == sampled[row], "\(context), row \(row)")
                #expect(tree.extent(of: row, kind: naive.kinds[row]) == offsets[row + 1] - offsets[row], "\(context), row \(row)")
                let target = Int.random(in: 0..<max(1, tree.total), using: &generator)
                let anchor = tree.row(containing: target)
                #expect(offsets[anchor.row] + anchor.offset == target, "\(context), offset \(target)")
                #expect(anchor.offset < offsets[anchor.row + 1] - offsets[anchor.row], "\(context), offset \(target)")
            }
        }
    }

    /// Many runs put in at once make the very tree that merging them one at a time makes (the
    /// same nodes, children, priorities and sums), built in one pass.
    @Test(arguments: 1...6)
    func runsPutInAtOnceMakeTheTreeMergingThemMakes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        // Kinds that change from run to run: an appended run of the last one's kind lengthens it.
        var kinds: [RowKind] = []
        for _ in 0..<Int.random(in: 1...3_000, using: &generator) {
            var kind = RowKind.allCases.randomElement(using: &generator)!
            while kind == kinds.last { kind = RowKind.allCases.randomElement(using: &generator)! }
            kinds.append(kind)
        }
        let runs = kinds.map { (kind: $0, count: Int.random(in: 1...50, using: &generator)) }
        let atOnce = ExtentTree(kindRuns: runs)
        var oneByOne = ExtentTree()
        for run in runs { oneByOne.append(run.kind, count: run.count) }
        #expect(atOnce.invariantViolations().isEmpty, "seed \(seed): \(atOnce.invariantViolations())")
        #expect(atOnce.root == oneByOne.root, "seed \(seed)")
        #expect(atOnce.nodes.count == oneByOne.nodes.count, "seed \(seed)")
        for (built, merged) in zip(atOnce.nodes, oneByOne.nodes) {
            #expect(built.left == merged.left && built.right == merged.right && built.priority == merged.priority
                && built.rows == merged.rows && built.subtree == merged.subtree, "seed \(seed)")
        }
    }

    /// Folding a million rows away, or unfolding them, touches a few nodes, not a node per row:
    /// a plain run keeps nothing per row, and a splice cuts at most two runs.
    @Test func foldingAMillionRowsTouchesAFewNodes() {
        var tree = ExtentTree(kindRuns: [(kind: .header, count: 1), (kind: .item, count: 1_000_000), (kind: .footer, count: 1)])
        for row in [0, 1, 500_000, 1_000_001] { tree.setMeasured(row, extent: 2, kind: tree.kind(of: row)) }
        let nodesBefore = tree.nodes.count
        tree.replaceRows(2..<999_999, with: [])
        #expect(tree.count == 5)
        tree.replaceRows(2..<2, with: [(kind: .item, count: 999_997)])
        #expect(tree.count == 1_000_002)
        #expect(tree.nodes.count <= nodesBefore + 6)
        #expect(tree.invariantViolations().isEmpty)
        // The rows measured outside the fold kept their measurement; the one inside went.
        #expect(tree.isMeasured(0) && tree.isMeasured(1) && tree.isMeasured(1_000_001))
        #expect(!tree.isMeasured(500_000))
        #expect(tree.measuredCount == 3)
    }
}
