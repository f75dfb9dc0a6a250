import TestSupport
import Testing
@testable import DocumentViewer

/// The runs of a `RowTable` against the obvious model: one entry per row.
@Suite struct RowTableTests {
    typealias Entry = DocumentRows.Entry

    /// Random sections of headers, runs of items (consecutive, or with gaps as a detail level
    /// or a filter leaves them), card strips and footers, cut back at random rows (a growing
    /// document's last section replaced): every row's entry, and the row showing every ordinal,
    /// agree with a plain array of entries.
    @Test(arguments: 1...40)
    func runsAgreeWithOneEntryPerRow(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var table = RowTable()
        var model: [Entry] = []
        var ordinal = 0
        var section = 0
        var nextItem = 0
        for step in 0..<60 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                section += 1
                nextItem = 0
                let role: DocumentRows.Role = [.header, .footer, .cards].randomElement(using: &generator)!
                table.append(role, section: section, ordinal: ordinal)
                model.append(Entry(role: role, section: Int32(section), item: -1, ordinal: Int32(ordinal)))
                if role == .cards { ordinal += Int.random(in: 0...3, using: &generator) }
            case 1, 2:
                let count = Int.random(in: 0...20, using: &generator)
                let items = nextItem..<(nextItem + count)
                table.appendItems(items, section: section, ordinal: ordinal)
                for item in items {
                    model.append(Entry(role: .item, section: Int32(section), item: Int32(item), ordinal: Int32(ordinal)))
                    ordinal += 1
                }
                nextItem = items.upperBound + Int.random(in: 0...2, using: &generator)
            case 3, 4:
                var items: [Int] = []
                for _ in 0..<Int.random(in: 0...30, using: &generator) {
                    nextItem += Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 1
                    items.append(nextItem)
                }
                table.appendItems(items, section: section, ordinal: ordinal)
                for item in items {
                    model.append(Entry(role: .item, section: Int32(section), item: Int32(item), ordinal: Int32(ordinal)))
                    ordinal += 1
                }
                nextItem += 1
            default:
                guard !model.isEmpty else { continue }
                let row = Int.random(in: 0..<model.count, using: &generator)
                ordinal = Int(model[row].ordinal)
                section = Int(model[row].section)
                nextItem = model[row].role == .item ? Int(model[row].item) : 0
                table.removeRows(from: row)
                model.removeLast(model.count - row)
            }
            #expect(table.count == model.count, "seed \(seed), step \(step)")
            for row in model.indices where table.entry(at: row) != model[row] {
                Issue.record("seed \(seed), step \(step): row \(row) is \(table.entry(at: row)), expected \(model[row])")
                return
            }
            if !model.isEmpty {
                let start = Int.random(in: 0..<model.count, using: &generator)
                let end = Int.random(in: start...model.count, using: &generator)
                let roles = table.roleRuns(in: start..<end).flatMap { Array(repeating: $0.role, count: $0.count) }
                #expect(roles == model[start..<end].map(\.role), "seed \(seed), step \(step)")
            }
            for probe in 0..<ordinal {
                let expected = model.lastIndex { $0.ordinal <= probe }!
                #expect(table.row(showingOrdinal: probe) == expected, "seed \(seed), step \(step), ordinal \(probe)")
            }
        }
        // Consecutive items cost one run, not a run per row: no run of consecutive items is
        // followed by one that goes on from it.
        for (run, next) in zip(table.runs, table.runs.dropFirst()) where run.role == .item && next.role == .item {
            let continues = run.section == next.section && run.firstItem >= 0 && next.firstItem == run.firstItem + run.rowCount
            #expect(!continues, "seed \(seed): runs \(run) and \(next) are one run")
        }
    }

    @Test func aMillionItemsShownWholeAreOneRun() {
        var table = RowTable()
        table.append(.header, section: 0, ordinal: 0)
        table.appendItems(0..<600_000, section: 0, ordinal: 0)
        table.appendItems(600_000..<1_000_000, section: 0, ordinal: 600_000)
        table.append(.footer, section: 0, ordinal: 1_000_000)
        #expect(table.runs.count == 3)
        #expect(table.entry(at: 765_433) == Entry(role: .item, section: 0, item: 765_432, ordinal: 765_432))
        #expect(table.row(showingOrdinal: 999_999) == 1_000_000)
    }
}
