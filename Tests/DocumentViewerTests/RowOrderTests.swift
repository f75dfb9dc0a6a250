@testable import DocumentViewer
import Testing
import TestSupport

/// A table's row order against a naive model: after any sort and any filter, in any order, row
/// `k` shows the record the model says, every record's row is the model's, and the order's own
/// invariants hold.
@Suite struct RowOrderTests {
    @Test(arguments: 0..<40)
    func sortsAndFiltersAgreeWithANaiveOrder(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var order = RowOrder()
        var recordCount = Int.random(in: 0...60, using: &generator)
        // The naive model: the sorted records (nil: the file's order), and the filter's records kept.
        var sorted: [Int]?
        var filter: (name: String, kept: [Int], read: Int)?
        for step in 0..<12 {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let records = Array(0..<recordCount).shuffled(using: &generator)
                sorted = Bool.random(using: &generator) ? records : nil
                order.sort(sorted.map { $0.map(UInt32.init) }, by: nil, descending: false, recordCount: recordCount)
            case 1:
                let read = Int.random(in: 0...recordCount, using: &generator)
                let kept = (0..<read).filter { _ in Bool.random(using: &generator) }
                filter = ("f\(step)", kept, read)
                _ = order.filter(filter!.name, kept: kept.map(UInt32.init), read: read, recordCount: recordCount)
            case 2:
                // The same filter looked further: rows appended.
                guard let old = filter else { continue }
                let read = Int.random(in: old.read...recordCount, using: &generator)
                let kept = old.kept + (old.read..<read).filter { _ in Bool.random(using: &generator) }
                filter = (old.name, kept, read)
                _ = order.filter(old.name, kept: kept.map(UInt32.init), read: read, recordCount: recordCount)
            default:
                // Records arrive (a file read further).
                recordCount += Int.random(in: 0...10, using: &generator)
                if Bool.random(using: &generator) {
                    filter = nil
                    _ = order.filter(nil, kept: [], read: 0, recordCount: recordCount)
                }
            }
            #expect(order.invariantViolations() == [], "seed \(seed) step \(step)")
            // The rows: the sorted records kept, then those kept past the sort, in the file's order.
            let base = sorted.map { $0 + Array($0.count..<recordCount) } ?? Array(0..<recordCount)
            let rows = filter.map { f in
                let kept = Set(f.kept)
                return base.filter { kept.contains($0) }
            } ?? base
            #expect(order.rowCount(recordCount: recordCount) == rows.count, "seed \(seed) step \(step)")
            for (row, record) in rows.enumerated() {
                #expect(order.record(ofRow: row) == record, "seed \(seed) step \(step) row \(row)")
                #expect(order.row(ofRecord: record) == row, "seed \(seed) step \(step) record \(record)")
            }
        }
    }
}
