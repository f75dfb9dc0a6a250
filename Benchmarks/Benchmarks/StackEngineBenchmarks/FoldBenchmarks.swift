import Benchmark
import StackEngine

/// Folding and unfolding in the splicing position index (`ExtentTree`, issue 14): a container
/// of 10 rows and one of a tenth of all rows, folded away and unfolded again, at 10^3, 10^6 and
/// 10^7 rows. Goal: the same cost at any size, and for a million rows within 2x of ten.
func foldBenchmarks(_ label: String, _ rowCount: Int) {
    let state = TreeState(rowCount: rowCount)
    for folded in [10, rowCount / 10] where folded >= 10 {
        let name = folded == 10 ? "fold and unfold 10 rows" : "fold and unfold a tenth of the rows"
        Benchmark("\(name) \(label)") { benchmark in
            var tree = state.take()
            var generator = SplitMix(seed: 7)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let start = Int(generator.next() % UInt64(rowCount - folded))
                tree.replaceRows(start..<(start + folded), with: [(kind: RowKind, count: Int)]())
                tree.replaceRows(start..<start, with: [(kind: .item, count: folded)])
                blackHole(tree.offset(of: start + folded / 2))
            }
            benchmark.stopMeasurement()
            state.keep(tree)
        }
    }
}

/// A benchmark's tree (sections of 100 rows: a header, then items), some rows measured, kept
/// between samples.
final class TreeState: @unchecked Sendable {
    let rowCount: Int
    var tree: ExtentTree?

    init(rowCount: Int) { self.rowCount = rowCount }

    func take() -> ExtentTree {
        if let tree { self.tree = nil; return tree }
        let sections = rowCount / 100
        var tree = ExtentTree(kindRuns: (0..<sections).lazy.flatMap { _ in
            [(kind: RowKind.header, count: 1), (kind: RowKind.item, count: 99)]
        })
        var generator = SplitMix(seed: 3)
        for _ in 0..<1_000 {
            let row = Int(generator.next() % UInt64(rowCount))
            tree.setMeasured(row, extent: Int(generator.next() % 40) + 1, kind: tree.kind(of: row))
        }
        return tree
    }

    func keep(_ tree: ExtentTree) { self.tree = tree }
}
