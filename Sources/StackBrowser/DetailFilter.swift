import StackDocument

/// The detail filter: items whose `detail` is above the level are left out of the rows (1–3;
/// everything shows at 3). Only its own methods change it.
struct DetailFilter {
    /// The level shown.
    private(set) var level = 3

    /// `level` within 1…3.
    static func clamped(_ level: Int) -> Int { min(3, max(1, level)) }

    /// Shows items up to `level` from now on.
    mutating func set(_ level: Int) { self.level = Self.clamped(level) }

    /// `id` if its item shows at `level`, else the id of the nearest item (after, then before,
    /// alternating) that does.
    /// - Complexity: O(items): every item of a lazily read document is decoded (see
    ///   ``StackDocument/itemStore``; issue 13 reads the scan's records instead).
    static func nearestShown(to id: String, in document: StackDocument, atLevel level: Int) -> String? {
        // The document's items in order, and where the focused one is among them.
        var flat: [(section: Int, item: Int)] = []
        var start: Int?
        for (s, section) in document.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                if item.id == id { start = flat.count }
                flat.append((s, i))
            }
        }
        guard let start else { return nil }
        for distance in 0..<flat.count {
            for index in [start + distance, start - distance] where flat.indices.contains(index) {
                let (s, i) = flat[index]
                if document.sections[s].items[i].detail <= level { return document.sections[s].items[i].id }
            }
        }
        return nil
    }
}
