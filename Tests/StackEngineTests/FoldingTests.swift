import TestSupport
import Testing
@testable import StackEngine

/// Rows whose ranges can be replaced anywhere, with ids that stay with their row: a tree's
/// rows folding and unfolding.
struct SplicedRows: StackDataSource {
    struct Row: StackRow { var extent: Int }

    var ids: [Int]
    var kinds: [RowKind]
    var heights: [Int]

    var rowCount: Int { ids.count }
    func rowKind(at index: Int) -> RowKind { kinds[index] }
    func rowID(at index: Int) -> String { "n\(ids[index])" }
    func resolveRow(at index: Int, crossExtent: Int) -> Row { Row(extent: heights[index]) }
}

/// `replaceRows(in:updatingSource:)`: rows folded and unfolded anywhere.
@Suite struct FoldingTests {
    /// Random folds (a range removed), unfolds (rows added) and scrolls: the stack's invariants
    /// hold after each, and a fold or unfold that leaves the anchor's row in place keeps that row
    /// on the same line — rows folding above the screen do not move what is on it.
    @Test(arguments: 1...60)
    func foldingElsewhereKeepsTheAnchorsLine(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var nextID = 0
        func newRows(_ count: Int) -> (ids: [Int], kinds: [RowKind], heights: [Int]) {
            defer { nextID += count }
            return ((nextID..<(nextID + count)).map { $0 },
                    (0..<count).map { _ in Int.random(in: 0..<6, using: &generator) == 0 ? .header : .item },
                    (0..<count).map { _ in Int.random(in: 1...6, using: &generator) })
        }
        let start = newRows(Int.random(in: 1...300, using: &generator))
        var stack = LazyStack(
            source: SplicedRows(ids: start.ids, kinds: start.kinds, heights: start.heights),
            crossExtent: 80, viewportExtent: 20)
        var checked = 0
        for step in 0..<80 {
            let context = "seed \(seed), step \(step)"
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                stack.scroll(by: Int.random(in: -40...40, using: &generator))
            default:
                let count = stack.rowCount
                let lower = Int.random(in: 0...count, using: &generator)
                let upper = Int.random(in: lower...min(count, lower + 60), using: &generator)
                let added = newRows(Bool.random(using: &generator) ? 0 : Int.random(in: 0...60, using: &generator))
                let anchorID = stack.rowCount > 0 ? stack.source.rowID(at: stack.anchor.row) : nil
                let anchorOffset = stack.anchor.offset
                let anchorStays = anchorID != nil && (stack.anchor.row < lower || stack.anchor.row >= upper)
                stack.replaceRows(in: lower..<upper) { source in
                    source.ids.replaceSubrange(lower..<upper, with: added.ids)
                    source.kinds.replaceSubrange(lower..<upper, with: added.kinds)
                    source.heights.replaceSubrange(lower..<upper, with: added.heights)
                }
                _ = stack.layout()
                let below = stack.index.total - stack.index.offset(of: stack.anchor.row) - stack.anchor.offset
                if anchorStays, stack.rowCount > 0, below > stack.viewportExtent {
                    #expect(stack.source.rowID(at: stack.anchor.row) == anchorID!, "\(context)")
                    #expect(stack.anchor.offset == anchorOffset, "\(context)")
                    checked += 1
                }
            }
            _ = stack.layout()
            #expect(stack.invariantViolations().isEmpty, "\(context): \(stack.invariantViolations())")
        }
        // The line was checked, not skipped every time.
        #expect(checked >= 5, "seed \(seed): \(checked) checks")
    }
}
