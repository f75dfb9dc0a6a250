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

    /// The id of item `index` of section `section` if it shows, else of the nearest item (the one
    /// after at equal distance) that does, as `shows` says given a section, an index and the
    /// section's items. Asking the items' `detail` reads the scan's records for a file read
    /// lazily: only the chosen item is decoded, for its id. With `matches`, a filter applied to
    /// the whole document, only its matches are asked: the items between are passed 64 at a time.
    /// - Complexity: O(candidates × `shows` + sections passed): two cursors, one each way (without
    ///   a filter, a detail level that keeps only the last items of a million walks a million).
    static func nearestShown(
        toItem index: Int, inSection section: Int, of document: StackDocument, matches filter: ItemFilter? = nil,
        where shows: (Int, Int, ItemList) -> Bool
    ) -> String? {
        let sections = document.sections
        guard sections.indices.contains(section), sections[section].items.indices.contains(index) else { return nil }
        let candidates = filter.flatMap { $0.covers(document) ? $0 : nil }
        var after = ItemCursor(sections: sections, section: section, item: index)
        var before = after
        if shows(section, index, after.items) { return after.items[index].id }
        var forward = after.step(by: 1, toMatchOf: candidates)
        var backward = before.step(by: -1, toMatchOf: candidates)
        while forward || backward {
            // The nearer one first; the one after at equal distance.
            if forward, !backward || after.distance <= before.distance {
                if shows(after.section, after.item, after.items) { return after.items[after.item].id }
                forward = after.step(by: 1, toMatchOf: candidates)
            } else {
                if shows(before.section, before.item, before.items) { return before.items[before.item].id }
                backward = before.step(by: -1, toMatchOf: candidates)
            }
        }
        return nil
    }

    /// An item of a document, stepped to the next or the previous one across sections (empty
    /// ones passed over), its section's items at hand.
    private struct ItemCursor {
        let sections: [StackDocument.Section]
        var section: Int
        var item: Int
        var items: ItemList
        /// The item's number across sections, and the number of its section's first item.
        private var number: Int
        private var sectionStart: Int
        private let origin: Int

        init(sections: [StackDocument.Section], section: Int, item: Int) {
            self.sections = sections
            self.section = section
            self.item = item
            items = sections[section].items
            sectionStart = sections[..<section].reduce(0) { $0 + $1.items.count }
            number = sectionStart + item
            origin = number
        }

        /// How many items away from where it started.
        var distance: Int { abs(number - origin) }

        /// Moves to the next item (`direction` 1) or the previous one (-1) — with `filter`, to the
        /// next or previous of its matches.
        /// - Returns: false, unmoved, at either end of the document (or of the matches).
        mutating func step(by direction: Int, toMatchOf filter: ItemFilter?) -> Bool {
            guard let filter else { return move(to: number + direction) }
            guard let match = filter.nextMatch(from: number + direction, direction: direction) else { return false }
            return move(to: match)
        }

        /// Moves to item `target` (numbered across sections), passing sections on the way.
        private mutating func move(to target: Int) -> Bool {
            var (other, start) = (section, sectionStart)
            while target >= start + sections[other].items.count {
                start += sections[other].items.count
                other += 1
                guard sections.indices.contains(other) else { return false }
            }
            while target < start {
                other -= 1
                guard sections.indices.contains(other) else { return false }
                start -= sections[other].items.count
            }
            (section, sectionStart, number) = (other, start, target)
            items = sections[other].items
            item = target - start
            return true
        }
    }
}
