import Benchmark
import StackEngine

/// The engine's cost per operation at 10^3, 10^6 and 10^7 rows on a 200×60 viewport.
/// Goal (issue 3): each operation within 2x between 10^3 and 10^7 rows.
///
/// Each benchmark builds its stack once, before the first measurement, and keeps it (so the
/// cost of building and freeing a 10^7-row index is never timed); every sample runs 1,000
/// operations and the table shows the cost of one.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 2,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    for rowCount in [1_000, 1_000_000, 10_000_000] {
        let label = rowCount == 1_000 ? "10^3" : rowCount == 1_000_000 ? "10^6" : "10^7"

        operation("place a 60-line frame", label, rowCount) { stack, _ in
            blackHole(stack.layout())
        }
        operation("scroll one line", label, rowCount) { stack, _ in
            stack.scroll(by: 1)
            blackHole(stack.layout())
        }
        operation("page down", label, rowCount) { stack, _ in
            stack.scroll(by: 59)
            blackHole(stack.layout())
        }
        let ids = randomIDs(count: 10_000, below: rowCount)
        operation("scroll-to a random id", label, rowCount) { stack, step in
            stack.scroll(toID: ids[step % ids.count], alignment: .top)
            blackHole(stack.layout())
        }
        operation("page down, prefetch, evict", label, rowCount) { stack, _ in
            stack.scroll(by: 59)
            blackHole(stack.layout())
            blackHole(stack.prefetch())
        }
        foldBenchmarks(label, rowCount)
    }

    Benchmark(
        "build the position index 10^7",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], scalingFactor: .one, maxIterations: 3)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ExtentTree(kindRuns: GeneratedRows(rowCount: 10_000_000).kindRuns(in: 0..<10_000_000)))
        }
    }
}

/// Registers a benchmark of `body` run on one stack of `rowCount` rows, scrolled to the middle
/// first; the stack wraps to the top when paging reaches the bottom.
func operation(
    _ name: String, _ label: String, _ rowCount: Int,
    _ body: @escaping @Sendable (inout LazyStack<GeneratedRows>, Int) -> Void
) {
    let state = StackState(rowCount: rowCount)
    Benchmark("\(name) \(label)") { benchmark in
        var stack = state.take()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            body(&stack, state.step)
            state.step += 1
            if stack.anchor.row >= rowCount - 200 { stack.scrollToTop() }
        }
        benchmark.stopMeasurement()
        state.keep(stack)
    }
}

/// A benchmark's stack, kept between samples. Benchmarks run one at a time.
final class StackState: @unchecked Sendable {
    let rowCount: Int
    var stack: LazyStack<GeneratedRows>?
    var step = 0

    init(rowCount: Int) { self.rowCount = rowCount }

    func take() -> LazyStack<GeneratedRows> {
        if let stack { self.stack = nil; return stack }
        var stack = LazyStack(source: GeneratedRows(rowCount: rowCount), crossExtent: 200, viewportExtent: 60)
        stack.scroll(toFraction: 0.5)
        _ = stack.layout()
        return stack
    }

    func keep(_ stack: LazyStack<GeneratedRows>) { self.stack = stack }
}

func randomIDs(count: Int, below limit: Int) -> [String] {
    var generator = SplitMix(seed: 42)
    return (0..<count).map { _ in "r\(Int(generator.next() % UInt64(limit)))" }
}

/// A deterministic generator for the benchmark's targets.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
