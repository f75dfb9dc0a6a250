import TestSupport
import Testing
@testable import StackEngine

/// The content size against the true one, on documents whose row heights are built to fool an
/// estimate taken near the screen (the Mobius talk's LazyVStack swung by a factor of ten): once
/// the idle measuring has taken its sample, the estimate is within 10 % of the truth and moves
/// by at most 10 % from one slice to the next; then it becomes exact.
@Suite struct ContentSizeConvergenceTests {
    /// How row heights are spread over a document.
    enum Spread: String, CaseIterable, CustomTestStringConvertible {
        case bigFirst, bigLast, oneGiant, bimodal, sectionsOfTallItems

        var testDescription: String { rawValue }

        /// Kinds and heights of `rows` rows.
        func rows(_ rows: Int, seed: UInt64) -> (kinds: [RowKind], heights: [Int]) {
            var generator = SeededGenerator(seed: seed)
            var kinds = Array(repeating: RowKind.item, count: rows)
            var heights = (0..<rows).map { _ in Int.random(in: 1...3, using: &generator) }
            switch self {
            case .bigFirst:
                for row in 0..<(rows / 20) { heights[row] = Int.random(in: 40...60, using: &generator) }
            case .bigLast:
                for row in (rows - rows / 20)..<rows { heights[row] = Int.random(in: 40...60, using: &generator) }
            case .oneGiant:
                heights[Int.random(in: 0..<rows, using: &generator)] = 5 * rows
            case .bimodal:
                heights = heights.map { _ in Bool.random(using: &generator) ? 1 : 30 }
            case .sectionsOfTallItems:
                // A one-line header every 50 rows; items tall in the first sections, short later.
                for row in stride(from: 0, to: rows, by: 50) {
                    kinds[row] = .header
                    heights[row] = 1
                }
                for row in 0..<rows where kinds[row] == .item {
                    heights[row] = row < rows / 10 ? Int.random(in: 20...30, using: &generator) : Int.random(in: 1...4, using: &generator)
                }
            }
            return (kinds, heights)
        }
    }

    /// Rows of given kinds and heights, counting the rows built.
    struct Rows: StackDataSource {
        let kinds: [RowKind]
        let heights: [Int]
        let counter = BuildCounter()

        var rowCount: Int { kinds.count }
        func rowKind(at index: Int) -> RowKind { kinds[index] }
        func rowID(at index: Int) -> String { "\(index)" }
        func sectionRange(containing index: Int) -> Range<Int> {
            var start = index
            while start > 0, kinds[start] != .header { start -= 1 }
            var end = index + 1
            while end < kinds.count, kinds[end] != .header { end += 1 }
            return start..<end
        }
        func resolveRow(at index: Int, crossExtent: Int) -> SyntheticRow {
            counter.builds += 1
            return SyntheticRow(extent: heights[index])
        }
    }

    @Test(arguments: Spread.allCases, 1...4 as ClosedRange<UInt64>)
    func theEstimateConvergesThenIsExact(spread: Spread, seed: UInt64) {
        let (kinds, heights) = spread.rows(20_000, seed: seed)
        let truth = heights.reduce(0, +)
        let rows = Rows(kinds: kinds, heights: heights)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 24)
        // The reader looks at the top for a few screens: the rows near the screen are what an
        // estimate without a sample rests on.
        _ = stack.layout()
        for _ in 0..<5 {
            stack.scroll(by: 24)
            _ = stack.layout()
        }
        let resolvedBefore = stack.resolvedCount
        var sizes: [(size: ContentSize, giantMeasured: Bool)] = []
        let giant = heights.firstIndex { $0 > truth / 10 }
        var slices = 0
        while stack.hasRowsToMeasure {
            var left = 64
            stack.measureWhileIdle {
                left -= 1
                return left >= 0
            }
            sizes.append((stack.index.contentSize, giant.map { stack.index.isMeasured($0) } ?? false))
            slices += 1
            #expect(slices < 2_000, "measuring never ends")
            if slices >= 2_000 { return }
        }
        #expect(stack.index.contentSize == .exact(truth))
        #expect(stack.resolvedCount == resolvedBefore, "rows measured while idle are not kept")
        #expect(stack.invariantViolations().isEmpty)
        // Once the first slices took the sample (1,024 rows, 64 a slice).
        let sampled = sizes.dropFirst(1_024 / 64)
        var previous: (size: ContentSize, giantMeasured: Bool)?
        for (slice, entry) in zip(sampled.indices, sampled) {
            let total = entry.size.total
            let error = abs(Double(total - truth)) / Double(truth)
            // One giant row no sample finds is found by the pass: the size is right from then on.
            if spread != .oneGiant || entry.giantMeasured {
                #expect(error <= 0.10, "\(spread), seed \(seed), slice \(slice): \(total) for \(truth)")
            }
            if let previous, previous.giantMeasured == entry.giantMeasured {
                let swing = abs(Double(total - previous.size.total)) / Double(previous.size.total)
                #expect(swing <= 0.10, "\(spread), seed \(seed), slice \(slice): \(previous.size.total) → \(total)")
            }
            previous = entry
        }
    }

    /// The estimate of rows never measured comes from the sample, not from the rows looked at:
    /// after the big rows at the top were read, the small rows below count small.
    @Test func rowsReadDoNotStandForRowsNeverMeasured() {
        let (kinds, heights) = Spread.bigFirst.rows(20_000, seed: 7)
        var stack = LazyStack(
            source: Rows(kinds: kinds, heights: heights), crossExtent: 80, viewportExtent: 24,
            options: StackOptions(measuresEveryRowUpTo: 10_000))
        for _ in 0..<40 {
            stack.scroll(by: 24)
            _ = stack.layout()
        }
        let truth = heights.reduce(0, +)
        let unsampled = stack.index.total
        #expect(Double(unsampled) > 1.5 * Double(truth), "the rows read alone make the estimate (\(unsampled) for \(truth))")
        // More rows than the stack measures every one of: the sample only, then nothing more.
        while stack.measureWhileIdle(while: { true }) {}
        #expect(stack.index.sampledCount == IdleMeasuring.sampleSize)
        #expect(!stack.index.contentSize.isExact)
        let sampled = stack.index.total
        #expect(abs(Double(sampled - truth)) / Double(truth) <= 0.05, "\(sampled) for \(truth)")
        #expect(!stack.hasRowsToMeasure)
    }

    /// A new width makes every extent a guess: measuring starts again from a sample, and ends
    /// exact at the new width.
    @Test func aResizeStartsAgainFromTheSample() {
        let rows = SyntheticRows(rowCount: 3_000, seed: 3)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 24)
        _ = stack.layout()
        while stack.measureWhileIdle(while: { true }) {}
        #expect(stack.index.contentSize.isExact)
        stack.setViewport(crossExtent: 30, viewportExtent: 24)
        #expect(stack.hasRowsToMeasure)
        #expect(stack.index.sampledCount == 0)
        var left = 0
        stack.measureWhileIdle { left -= 1; return left >= 0 }
        // The first slice measures the first sample whole however soon it is asked to end.
        #expect(stack.index.sampledCount == IdleMeasuring.firstSample)
        while stack.measureWhileIdle(while: { true }) {}
        let truth = (0..<rows.rowCount).reduce(0) { $0 + rows.height(of: $1, width: 30) }
        #expect(stack.index.contentSize == .exact(truth))
    }

    /// Rows added while the pass runs are measured too; the sample's order gives every row once.
    @Test func rowsAddedMeanwhileAreMeasured() {
        var sampler = RowSampler()
        var seen: [Int] = []
        while let row = sampler.next(rowCount: 1_000) { seen.append(row) }
        #expect(seen.sorted() == Array(0..<1_000))
        #expect(Array(seen.prefix(4)) == [0, 512, 256, 768])
        #expect(sampler.isDone(rowCount: 1_000))
        #expect(!sampler.isDone(rowCount: 1_100))
    }
}
