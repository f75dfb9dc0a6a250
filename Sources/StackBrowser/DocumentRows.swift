import StackDocument
import StackEngine

/// A stack document flattened into the rows of a vertical stack: for each section its header,
/// its items (or, for a horizontal section, one row holding the strip of cards) and its footer.
///
/// Counts, ids, kinds and section ranges are O(1); only ``resolveRow(at:crossExtent:)`` builds
/// cells. Items whose `detail` is above ``detailLevel`` are left out at this level, so they are
/// never drawn as empty rows.
public struct DocumentRows: StackDataSource {
    /// What a row shows.
    public enum Role: UInt8, Sendable {
        case header, item, footer, cards
    }

    /// One row: its role, its section and, for an item, the item's index in the section.
    public struct Entry: Sendable {
        public var role: Role
        public var section: Int32
        /// The item's index in its section's `items`; -1 for other roles.
        public var item: Int32
        /// The number of items (cards included) shown before this row's first item.
        public var ordinal: Int32
    }

    /// The document.
    public let document: StackDocument
    /// Items with a `detail` above this level are left out.
    public let detailLevel: Int
    /// The number of items shown, cards included.
    public private(set) var itemCount = 0
    private(set) var builder: RowBuilder
    private(set) var entries: [Entry] = []
    private var sectionRows: [Range<Int>] = []
    private var rowsByID: [String: Int] = [:]
    private var cardsByID: [String: Int] = [:]
    private var strips: [Int: CardStrip] = [:]
    /// Section and item index of each item shown, by ordinal (cards included), for search.
    private var locations: [ItemLocation] = []
    /// Every id, sorted, built on first use (for completion).
    private let sortedIDs = SortedIDs()

    /// Rows of `document` showing items up to `detailLevel` (1–3), drawn in `theme`.
    public init(document: StackDocument, detailLevel: Int = 3, theme: Theme = .color) {
        self.document = document
        self.detailLevel = detailLevel
        self.builder = RowBuilder(theme: theme)
        var ordinal: Int32 = 0
        for (sectionIndex, section) in document.sections.enumerated() {
            let s = Int32(sectionIndex)
            let start = entries.count
            if section.header != nil {
                add(Entry(role: .header, section: s, item: -1, ordinal: ordinal), id: section.headerID)
            }
            let shown = section.items.indices.filter { section.items[$0].detail <= detailLevel }
            switch section.layout {
            case .vertical:
                for item in shown {
                    add(Entry(role: .item, section: s, item: Int32(item), ordinal: ordinal),
                        id: section.items[item].id)
                    locations.append(ItemLocation(section: s, item: Int32(item)))
                    ordinal += 1
                }
            case .horizontal:
                let row = entries.count
                add(Entry(role: .cards, section: s, item: -1, ordinal: ordinal), id: section.id)
                let items = shown.map { section.items[$0] }
                locations += shown.map { ItemLocation(section: s, item: Int32($0)) }
                for (position, item) in items.enumerated() {
                    rowsByID[item.id] = row
                    cardsByID[item.id] = position
                }
                strips[sectionIndex] = CardStrip(items: items, builder: builder)
                ordinal += Int32(items.count)
            }
            if section.footer != nil {
                add(Entry(role: .footer, section: s, item: -1, ordinal: ordinal), id: section.footerID)
            }
            sectionRows.append(start..<entries.count)
        }
        itemCount = Int(ordinal)
    }

    private mutating func add(_ entry: Entry, id: String) {
        rowsByID[id] = entries.count
        entries.append(entry)
    }

    // MARK: - StackDataSource

    public var rowCount: Int { entries.count }

    public func rowKind(at index: Int) -> RowKind {
        switch entries[index].role {
        case .header: return .header
        case .item, .cards: return .item
        case .footer: return .footer
        }
    }

    public func rowID(at index: Int) -> String {
        let entry = entries[index]
        let section = document.sections[Int(entry.section)]
        switch entry.role {
        case .header: return section.headerID
        case .footer: return section.footerID
        case .cards: return section.id
        case .item: return section.items[Int(entry.item)].id
        }
    }

    /// The row showing `id`: a header, footer or item id, a horizontal section's id, or the id of
    /// one of its cards (which is shown by the section's strip row).
    public func rowIndex(forID id: String) -> Int? { rowsByID[id] }

    public func sectionRange(containing index: Int) -> Range<Int> {
        sectionRows[Int(entries[index].section)]
    }

    public func resolveRow(at index: Int, crossExtent: Int) -> RenderedRow {
        let entry = entries[index]
        let section = document.sections[Int(entry.section)]
        switch entry.role {
        case .header: return builder.header(section.header ?? "", width: crossExtent)
        case .footer: return builder.footer(section.footer ?? "", width: crossExtent)
        case .item: return builder.item(section.items[Int(entry.item)], width: crossExtent)
        case .cards:
            let height = strips[Int(entry.section)]?.cardHeight ?? 3
            return RenderedRow(lines: Array(repeating: [], count: height + 1), markedLines: height)
        }
    }

    // MARK: - Document queries

    /// The entry of the row at `index`.
    public func entry(at index: Int) -> Entry { entries[index] }

    /// Whether the row can take the focus (items and card strips).
    public func isFocusable(_ index: Int) -> Bool {
        let role = entries[index].role
        return role == .item || role == .cards
    }

    /// The same rows drawn in `theme`.
    /// - Complexity: O(horizontal sections).
    func withTheme(_ theme: Theme) -> DocumentRows {
        var copy = self
        copy.builder = RowBuilder(theme: theme)
        for (section, strip) in strips { copy.strips[section] = strip.withBuilder(copy.builder) }
        return copy
    }

    /// The strip of cards of a horizontal section.
    public func strip(forSection section: Int) -> CardStrip? { strips[section] }

    /// The position of the card with `id` within its strip.
    public func cardPosition(forID id: String) -> Int? { cardsByID[id] }

    /// The item shown at `ordinal` (0-based among all items shown, cards included).
    public func item(atOrdinal ordinal: Int) -> StackDocument.Item {
        let location = locations[ordinal]
        return document.sections[Int(location.section)].items[Int(location.item)]
    }

    /// The ordinal of the item or card with `id`, if it is shown.
    public func ordinal(ofID id: String) -> Int? {
        guard let row = rowsByID[id] else { return nil }
        let entry = entries[row]
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
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        return Array(ids[low...].prefix { $0.hasPrefix(prefix) }.prefix(limit))
    }

    fileprivate var allIDs: [String] { Array(rowsByID.keys) }
}

/// Where an item is: its section and its index in the section's items.
struct ItemLocation: Sendable {
    var section: Int32
    var item: Int32
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
