import TestSupport
import StackEngine

/// A resolved synthetic row.
struct SyntheticRow: StackRow {
    var extent: Int
}

/// A document-like data source for engine tests: sections of items with a header of one line
/// and, in some sections, a footer; item heights vary (1–12 lines) and grow by one line at
/// narrow widths, so a resize changes measurements. Counts every row it builds.
final class BuildCounter: @unchecked Sendable {
    var builds = 0
}

struct SyntheticRows: StackDataSource {
    /// Per row: kind and base height.
    let kinds: [RowKind]
    let heights: [Int]
    /// Per row: its section's range.
    let sectionOf: [Int]
    let sections: [Range<Int>]
    let counter = BuildCounter()

    init(rowCount: Int, seed: UInt64, maximumHeight: Int = 12) {
        var generator = SeededGenerator(seed: seed)
        var kinds: [RowKind] = []
        var heights: [Int] = []
        var sectionOf: [Int] = []
        var sections: [Range<Int>] = []
        while kinds.count < rowCount {
            let start = kinds.count
            let section = sections.count
            let items = Int.random(in: 1...15, using: &generator)
            let hasFooter = Bool.random(using: &generator)
            kinds.append(.header)
            heights.append(1)
            for _ in 0..<items where kinds.count < rowCount - (hasFooter ? 1 : 0) {
                kinds.append(.item)
                heights.append(Int.random(in: 1...maximumHeight, using: &generator))
            }
            if hasFooter, kinds.count < rowCount {
                kinds.append(.footer)
                heights.append(2)
            }
            sectionOf += Array(repeating: section, count: kinds.count - start)
            sections.append(start..<kinds.count)
        }
        self.kinds = kinds
        self.heights = heights
        self.sectionOf = sectionOf
        self.sections = sections
    }

    /// The height of `row` at `width`: one line more below 40 columns for items.
    func height(of row: Int, width: Int) -> Int {
        heights[row] + (kinds[row] == .item && width < 40 ? 1 : 0)
    }

    var rowCount: Int { kinds.count }
    func rowKind(at index: Int) -> RowKind { kinds[index] }
    func rowID(at index: Int) -> String { "row-\(index)" }
    func rowIndex(forID id: String) -> Int? {
        guard id.hasPrefix("row-"), let index = Int(id.dropFirst(4)), kinds.indices.contains(index) else {
            return nil
        }
        return index
    }
    func sectionRange(containing index: Int) -> Range<Int> { sections[sectionOf[index]] }
    func resolveRow(at index: Int, crossExtent: Int) -> SyntheticRow {
        counter.builds += 1
        return SyntheticRow(extent: height(of: index, width: crossExtent))
    }
}
