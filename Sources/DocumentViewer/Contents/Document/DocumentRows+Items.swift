import Algorithms
import DocumentData

// MARK: - Items by ordinal, and ids

extension DocumentRows {
    /// The item shown at `ordinal` (0-based among all items shown, cards included).
    /// - Complexity: O(log rows).
    public func item(atOrdinal ordinal: Int) -> StackDocument.Item {
        let entry = table.entry(at: table.row(showingOrdinal: ordinal))
        if entry.role == .cards, let strip = strips[Int(entry.section)] {
            return strip.items[ordinal - Int(entry.ordinal)]
        }
        return document.sections[Int(entry.section)].items[Int(entry.item)]
    }

    /// What the raw bytes of the item shown at `ordinal` say about `pattern` (`.maybe` for a
    /// card, or an item in memory).
    /// - Complexity: O(log rows), plus reading the item's block of the file the first time.
    public func rawMatch(_ pattern: RegexPattern, atOrdinal ordinal: Int) -> RawMatch {
        let entry = table.entry(at: table.row(showingOrdinal: ordinal))
        guard entry.role == .item else { return .maybe }
        return document.sections[Int(entry.section)].items.rawMatch(pattern, at: Int(entry.item))
    }

    /// The ordinal of the item or card with `id`, if it is shown.
    public func ordinal(ofID id: String) -> Int? {
        guard let row = rowIndex(forID: id) else { return nil }
        let entry = table.entry(at: row)
        switch entry.role {
        case .item: return Int(entry.ordinal)
        case .cards: return cardsByID[id].map { Int(entry.ordinal) + $0 }
        case .header, .footer: return nil
        }
    }

    /// The title of the item or card with `id`, if it is shown.
    public func title(forID id: String) -> String? {
        ordinal(ofID: id).map { item(atOrdinal: $0).title }
    }

    /// Up to `limit` ids (rows, items and cards) starting with `prefix`, sorted.
    /// - Complexity: O(n log n) the first time (the ids are sorted once), then O(log n + limit).
    public func ids(withPrefix prefix: String, limit: Int) -> [String] {
        let ids = sortedIDs.ids(of: self)
        let first = ids.partitioningIndex { $0 >= prefix }
        return Array(ids[first...].prefix { $0.hasPrefix(prefix) }.prefix(limit))
    }

    var allIDs: [String] { Array(rowsByID.keys) }
}

/// The document's ids, sorted once when completion first needs them.
final class SortedIDs {
    private var sorted: [String]?

    func ids(of rows: DocumentRows) -> [String] {
        if let sorted { return sorted }
        let ids = rows.allIDs.sorted()
        sorted = ids
        return ids
    }
}
