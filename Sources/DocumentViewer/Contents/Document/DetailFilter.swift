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
    /// - Complexity: O(distance × `shows` + sections passed): two cursors step item by item,
    ///   one each way (a filter that keeps the last items of a million walks a million).
    static func nearestShown(
        toItem index: Int, inSection section: Int, of document: StackDocument,
        where shows: (Int, Int, ItemList) -> Bool
    ) -> String? {
        let sections = document.sections
        guard sections.indices.contains(section), sections[section].items.indices.contains(index) else { return nil }
        var after = ItemCursor(sections: sections, section: section, item: index)
        var before = after
        if shows(section, index, after.items) { return after.items[index].id }
        var forward = after.step(by: 1)
        var backward = before.step(by: -1)
        while forward || backward {
            if forward {
                if shows(after.section, after.item, after.items) { return after.items[after.item].id }
                forward = after.step(by: 1)
            }
            if backward {
                if shows(before.section, before.item, before.items) { return before.items[before.item].id }
                backward = before.step(by: -1)
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

        init(sections: [StackDocument.Section], section: Int, item: Int) {
            self.sections = sections
            self.section = section
            self.item = item
            items = sections[section].items
        }

        /// Moves to the next item (`direction` 1) or the previous one (-1).
        /// - Returns: false, unmoved, at either end of the document.
        mutating func step(by direction: Int) -> Bool {
            let next = item + direction
            if items.indices.contains(next) {
                item = next
                return true
            }
            var other = section + direction
            while sections.indices.contains(other), sections[other].items.isEmpty { other += direction }
            guard sections.indices.contains(other) else { return false }
            section = other
            items = sections[other].items
            item = direction > 0 ? 0 : items.count - 1
            return true
        }
    }
}
