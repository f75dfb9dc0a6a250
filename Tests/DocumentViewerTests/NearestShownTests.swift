@testable import DocumentViewer
import BitCollections
import DocumentData
import TestSupport
import Testing

/// The item that takes the focus when the one focused is filtered out: the nearest that shows,
/// found the same whether the filter's matches are passed 64 at a time or asked one by one.
@Suite struct NearestShownTests {
    @Test(arguments: 0..<200)
    func theFiltersMatchesGiveTheItemAnItemByItemWalkGives(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var number = 0
        // Sections of 0 to 150 items (some empty), details 1–3.
        let sections = (0..<Int.random(in: 1...6, using: &generator)).map { section in
            let items = (0..<Int.random(in: 0...150, using: &generator)).map { _ -> StackDocument.Item in
                number += 1
                return StackDocument.Item(id: "item-\(number)", title: "\(number)", detail: Int.random(in: 1...3, using: &generator))
            }
            return StackDocument.Section(id: "section-\(section)", items: items)
        }
        let document = StackDocument(sections: sections)
        let counts = sections.map(\.items.count)
        guard let focusedSection = counts.indices.filter({ counts[$0] > 0 }).randomElement(using: &generator) else { return }
        let focusedItem = Int.random(in: 0..<counts[focusedSection], using: &generator)
        // Matches sparse or dense, in runs longer than a word of bits.
        let density = [0.0, 0.002, 0.05, 0.5, 1.0].randomElement(using: &generator)!
        var matched = BitSet()
        var shown = 0
        for bit in 0..<number where Double.random(in: 0..<1, using: &generator) < density {
            matched.insert(bit)
            shown += 1
        }
        let filter = ItemFilter(
            search: try Search(pattern: "x", forward: true), matched: matched, sectionCounts: counts, shownCount: shown)
        let level = Int.random(in: 1...3, using: &generator)
        let shows = { (section: Int, index: Int, items: ItemList) in
            DocumentRows.shows(item: index, ofSection: section, in: items, detailLevel: level, filter: filter)
        }
        let walked = DetailFilter.nearestShown(toItem: focusedItem, inSection: focusedSection, of: document, where: shows)
        let skipped = DetailFilter.nearestShown(
            toItem: focusedItem, inSection: focusedSection, of: document, matches: filter, where: shows)
        #expect(walked == skipped, "seed \(seed)")
        // And the walk is the nearest: no item that shows is closer (the one after wins a tie).
        let all = sections.enumerated().flatMap { section, content in content.items.indices.map { (section, $0) } }
        let origin = all.firstIndex { $0 == (focusedSection, focusedItem) }!
        let nearest = all.indices.filter { shows(all[$0].0, all[$0].1, sections[all[$0].0].items) }
            .min { (abs($0 - origin), $0 < origin ? 1 : 0) < (abs($1 - origin), $1 < origin ? 1 : 0) }
        #expect(walked == nearest.map { sections[all[$0].0].items[all[$0].1].id }, "seed \(seed)")
    }
}
