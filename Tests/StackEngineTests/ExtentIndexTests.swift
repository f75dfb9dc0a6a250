import TestSupport
import Testing
@testable import StackEngine

/// The position index against a naive model: plain arrays summed row by row.
@Suite struct ExtentIndexTests {
    /// The obvious implementation the Fenwick trees must agree with.
    struct NaiveIndex {
        var kinds: [RowKind]
        var extents: [Int?]
        var initial: [RowKind: Int]

        func estimate(_ kind: RowKind) -> Int {
            let measured = zip(kinds, extents).compactMap { $0.0 == kind ? $0.1 : nil }
            guard !measured.isEmpty else { return initial[kind] ?? 1 }
            let sum = measured.reduce(0, +)
            return max(1, (sum + measured.count / 2) / measured.count)
        }

        func extent(_ row: Int) -> Int { extents[row] ?? estimate(kinds[row]) }
        func offset(_ row: Int) -> Int {
            var estimates: [RowKind: Int] = [:]
            for kind in RowKind.allCases { estimates[kind] = estimate(kind) }
            return (0..<row).reduce(0) { $0 + (extents[$1] ?? estimates[kinds[$1]]!) }
        }
    }

    @Test(arguments: [1, 2, 7, 64, 333])
    func agreesWithNaiveModel(rowCount: Int) {
        var generator = SeededGenerator(seed: UInt64(rowCount))
        let kinds = (0..<rowCount).map { _ in RowKind.allCases.randomElement(using: &generator)! }
        let initial: [RowKind: Int] = [.header: 1, .item: 4, .footer: 2, .loading: 1]
        var index = ExtentIndex(kinds: kinds, initialEstimates: initial)
        var naive = NaiveIndex(kinds: kinds, extents: Array(repeating: nil, count: rowCount), initial: initial)
        for step in 0..<(rowCount * 2) {
            let row = Int.random(in: 0..<rowCount, using: &generator)
            let extent = Int.random(in: 1...20, using: &generator)
            index.setMeasured(row, extent: extent, kind: kinds[row])
            naive.extents[row] = extent
            guard step % 3 == 0 else { continue }
            for probe in [0, row, rowCount / 2, rowCount] {
                #expect(index.offset(of: probe) == naive.offset(probe))
            }
            #expect(index.total == naive.offset(rowCount))
            let target = Int.random(in: 0..<max(1, naive.offset(rowCount)), using: &generator)
            let anchor = index.row(containing: target)
            #expect(naive.offset(anchor.row) + anchor.offset == target)
            #expect(anchor.offset < naive.extent(anchor.row))
        }
    }

    @Test func contentSizeIsExactOnlyWhenEveryRowIsMeasured() {
        var index = ExtentIndex(kinds: [.header, .item, .item], initialEstimates: [.item: 5])
        #expect(index.contentSize == .estimated(total: 11, measured: 0, approximated: 3))
        index.setMeasured(0, extent: 1, kind: .header)
        index.setMeasured(1, extent: 3, kind: .item)
        // The unmeasured item now counts at the mean of measured items (3), not the initial 5.
        #expect(index.contentSize == .estimated(total: 7, measured: 2, approximated: 1))
        index.setMeasured(2, extent: 9, kind: .item)
        #expect(index.contentSize == .exact(13))
    }

    @Test func invalidationKeepsExtentsAsGuessesUntilRemeasured() {
        var index = ExtentIndex(kinds: [.item, .item])
        index.setMeasured(0, extent: 4, kind: .item)
        index.setMeasured(1, extent: 6, kind: .item)
        index.invalidateMeasurements()
        #expect(index.contentSize == .estimated(total: 10, measured: 0, approximated: 2))
        #expect(!index.isMeasured(0))
        index.setMeasured(0, extent: 5, kind: .item)
        index.setMeasured(1, extent: 6, kind: .item)
        #expect(index.contentSize == .exact(11))
    }

    @Test func appendedRowsAgreeWithRowsBuiltUpFront() {
        let kinds = (0..<100).map { $0 % 7 == 0 ? RowKind.header : .item }
        let built = ExtentIndex(kinds: kinds)
        var appended = ExtentIndex(kinds: [])
        for kind in kinds { appended.append(kind: kind) }
        for row in stride(from: 0, through: 100, by: 9) {
            #expect(appended.offset(of: row) == built.offset(of: row))
        }
    }

    /// Built from runs of one kind (as ``StackDataSource/kindRuns(in:)`` gives them) or row by
    /// row, the index is the same: every offset, measured or not.
    @Test(arguments: 1...10)
    func runsBuildTheIndexRowsBuild(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let runs = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
            (kind: RowKind.allCases.randomElement(using: &generator)!, count: Int.random(in: 0...70, using: &generator))
        }
        let kinds = runs.flatMap { Array(repeating: $0.kind, count: $0.count) }
        let estimates: [RowKind: Int] = [.header: 2, .item: 5, .footer: 3, .loading: 1]
        var fromRuns = ExtentIndex(kindRuns: runs, initialEstimates: estimates)
        var fromRows = ExtentIndex(kinds: kinds, initialEstimates: estimates)
        #expect(fromRuns.invariantViolations { kinds[$0] }.isEmpty)
        for row in stride(from: 0, to: kinds.count, by: 7) {
            fromRuns.setMeasured(row, extent: row % 9 + 1, kind: kinds[row])
            fromRows.setMeasured(row, extent: row % 9 + 1, kind: kinds[row])
        }
        for row in 0...kinds.count { #expect(fromRuns.offset(of: row) == fromRows.offset(of: row)) }
        #expect(fromRuns.invariantViolations { kinds[$0] }.isEmpty)
    }

    /// Rows appended and removed across block boundaries, measured between, measurements
    /// forgotten: the index agrees with the naive model and its own invariants after every step.
    /// Most rows are items, as in a real list, so that many blocks hold rows of one kind only
    /// and keep no detail until a row of another kind joins or one is measured.
    @Test(arguments: 1...30)
    func appendsAndRemovalsAcrossBlocksAgreeWithTheNaiveModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let initial: [RowKind: Int] = [.header: 1, .item: 3, .footer: 2, .loading: 1]
        func randomKind() -> RowKind {
            Int.random(in: 0..<8, using: &generator) == 0 ? RowKind.allCases.randomElement(using: &generator)! : .item
        }
        let start = (0..<Int.random(in: 0...100, using: &generator)).map { _ in randomKind() }
        var index = ExtentIndex(kinds: start, initialEstimates: initial)
        var naive = NaiveIndex(kinds: start, extents: Array(repeating: nil, count: start.count), initial: initial)
        for step in 0..<200 {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                for _ in 0..<Int.random(in: 1...40, using: &generator) {
                    let kind = randomKind()
                    index.append(kind: kind)
                    naive.kinds.append(kind)
                    naive.extents.append(nil)
                }
                // A run of rows of one kind at once, as a source that keeps runs gives them.
                let kind = randomKind()
                let count = Int.random(in: 0...100, using: &generator)
                index.append(kind, count: count)
                naive.kinds += Array(repeating: kind, count: count)
                naive.extents += Array(repeating: nil, count: count)
            case 1:
                let removed = Int.random(in: 0...min(40, naive.kinds.count), using: &generator)
                index.removeLast(removed)
                naive.kinds.removeLast(removed)
                naive.extents.removeLast(removed)
            case 2:
                // A row's content changed: its extent still counts, no longer as exact.
                guard !naive.kinds.isEmpty else { continue }
                let row = Int.random(in: 0..<naive.kinds.count, using: &generator)
                let wasMeasured = index.isMeasured(row)
                let before = index.measuredCount
                index.forgetMeasurement(of: row)
                #expect(!index.isMeasured(row) && index.measuredCount == before - (wasMeasured ? 1 : 0))
            default:
                guard !naive.kinds.isEmpty else { continue }
                let row = Int.random(in: 0..<naive.kinds.count, using: &generator)
                let extent = Int.random(in: 1...12, using: &generator)
                index.setMeasured(row, extent: extent, kind: naive.kinds[row])
                naive.extents[row] = extent
            }
            let kinds = naive.kinds
            #expect(index.invariantViolations { kinds[$0] }.isEmpty, "seed \(seed), step \(step)")
            #expect(index.total == naive.offset(naive.kinds.count), "seed \(seed), step \(step)")
            if naive.kinds.count > 0 {
                let target = Int.random(in: 0..<max(1, index.total), using: &generator)
                let anchor = index.row(containing: target)
                #expect(naive.offset(anchor.row) + anchor.offset == target, "seed \(seed), step \(step)")
            }
        }
    }
}
