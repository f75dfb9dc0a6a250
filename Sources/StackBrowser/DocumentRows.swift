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
    let builder: RowBuilder
    private(set) var entries: [Entry] = []
    private var sectionRows: [Range<Int>] = []
    private var rowsByID: [String: Int] = [:]
    private var cardsByID: [String: Int] = [:]
    private var strips: [Int: CardStrip] = [:]

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
                    ordinal += 1
                }
            case .horizontal:
                let row = entries.count
                add(Entry(role: .cards, section: s, item: -1, ordinal: ordinal), id: section.id)
                let items = shown.map { section.items[$0] }
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

    /// The strip of cards of a horizontal section.
    public func strip(forSection section: Int) -> CardStrip? { strips[section] }

    /// The position of the card with `id` within its strip.
    public func cardPosition(forID id: String) -> Int? { cardsByID[id] }
}
