import BitCollections
import DocumentData

/// A filter applied to the rows, as `&PATTERN` in less: only the items that match show (the
/// sections left with none show nothing). It holds one bit per item of the document read when
/// it was applied; items that arrive later (a file still being read) are matched as they come.
public struct ItemFilter {
    /// The search whose matches show.
    let search: Search
    /// The items that match, numbered across sections in document order.
    private let matched: BitSet
    /// The number of the first item of each section, and how many items each had, when the
    /// filter was applied.
    private let sectionStarts: [Int]
    private let sectionCounts: [Int]
    /// How many items match, of how many matched against.
    public let shownCount: Int
    /// How many items it keeps.
    public let itemCount: Int

    init(search: Search, matched: BitSet, sectionCounts: [Int], shownCount: Int) {
        self.search = search
        self.matched = matched
        self.sectionCounts = sectionCounts
        var starts: [Int] = []
        var total = 0
        for count in sectionCounts {
            starts.append(total)
            total += count
        }
        sectionStarts = starts
        self.shownCount = shownCount
        itemCount = total
    }

    /// The pattern as typed.
    public var pattern: String { search.pattern }

    /// Whether item `index` of section `section` (its items `items`) shows.
    func shows(section: Int, index: Int, of items: ItemList) -> Bool {
        guard section < sectionCounts.count, index < sectionCounts[section] else {
            return search.matches(items, at: index)
        }
        return matched.contains(sectionStarts[section] + index)
    }

    /// Whether it was applied to all of `document`'s items: every item's answer is in its bits.
    func covers(_ document: StackDocument) -> Bool {
        sectionCounts.count == document.sections.count
            && zip(sectionCounts, document.sections).allSatisfy { $0 == $1.items.count }
    }

    /// The first match at or after item `number` (numbered across sections), or at or before it
    /// when `direction` is negative.
    /// - Complexity: O(items passed / 64): a word of the bits at a time.
    func nextMatch(from number: Int, direction: Int) -> Int? {
        direction > 0 ? matched[members: number...].first : matched[members: ...number].last
    }
}

/// A filter being applied: the document's items matched in steps, in document order, so a big
/// file shows progress and Esc cancels.
struct FilterScan {
    let search: Search
    private(set) var matched: BitSet
    private(set) var sectionCounts: [Int]
    private(set) var shownCount = 0
    /// Where the scan is: the section and the item in it.
    private var section = 0
    private var index = 0
    private(set) var scanned = 0
    let total: Int

    init(search: Search, document: StackDocument) {
        self.search = search
        sectionCounts = document.sections.map(\.items.count)
        total = sectionCounts.reduce(0, +)
        matched = BitSet(reservingCapacity: total)
    }

    var isFinished: Bool { scanned >= total }

    /// Matches up to `budget` more items.
    mutating func step(budget: Int, in document: StackDocument) {
        var left = budget
        while left > 0, scanned < total {
            let items = document.sections[section].items
            let end = min(sectionCounts[section], index + left)
            while index < end {
                // Items whose raw bytes cannot match are passed without asking each.
                let candidate = items.firstRawCandidate(search.regex, in: index..<end)
                scanned += candidate - index
                left -= candidate - index
                index = candidate
                guard index < end else { break }
                // (A candidate's bytes may match: its fields say.)
                if search.matches(items[index]) {
                    matched.insert(scanned)
                    shownCount += 1
                }
                index += 1
                scanned += 1
                left -= 1
            }
            if index >= sectionCounts[section] {
                section += 1
                index = 0
            }
        }
    }

    /// The filter, once every item was matched.
    var filter: ItemFilter {
        ItemFilter(search: search, matched: matched, sectionCounts: sectionCounts, shownCount: shownCount)
    }
}
