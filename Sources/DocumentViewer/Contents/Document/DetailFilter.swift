import Algorithms
import DocumentData

/// The detail filter: items whose `detail` is above the level are left out of the rows (1–3;
/// everything shows at 3). Only its own methods change it.
struct DetailFilter {
    /// The level shown.
    private(set) var level = 3

    /// `level` within 1…3.
    static func clamped(_ level: Int) -> Int { min(3, max(1, level)) }

    /// Shows items up to `level` from now on.
    mutating func set(_ level: Int) { self.level = Self.clamped(level) }

    /// The id of item `index` of section `section` if it shows, else of the nearest item (after,
    /// then before, alternating) that does, as `shows` says given a section, an index and the
    /// section's items. Asking the items' `detail` reads the scan's records for a file read
    /// lazily: only the chosen item is decoded, for its id.
    /// - Complexity: O(distance × (log sections + `shows`)).
    static func nearestShown(
        toItem index: Int, inSection section: Int, of document: StackDocument,
        where shows: (Int, Int, ItemList) -> Bool
    ) -> String? {
        // Items are numbered across sections: section s starts at starts[s].
        var starts: [Int] = []
        var total = 0
        for section in document.sections {
            starts.append(total)
            total += section.items.count
        }
        let start = starts[section] + index
        func location(_ number: Int) -> (section: Int, item: Int) {
            // The last section starting at or before `number` that has items holds it.
            var s = starts.partitioningIndex { $0 > number } - 1
            while document.sections[s].items.isEmpty { s -= 1 }
            return (s, number - starts[s])
        }
        for distance in 0..<max(total, 1) {
            for number in [start + distance, start - distance] where number >= 0 && number < total {
                let (s, i) = location(number)
                let items = document.sections[s].items
                if shows(s, i, items) { return items[i].id }
            }
            if start + distance >= total && start - distance < 0 { break }
        }
        return nil
    }
}
