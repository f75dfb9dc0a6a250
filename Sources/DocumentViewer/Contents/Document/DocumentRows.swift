import Algorithms
import DocumentData
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
        /// A section's header.
        case header
        /// An item of a vertical section.
        case item
        /// A section's footer.
        case footer
        /// The strip of cards of a horizontal section.
        case cards
    }

    /// One row: its role, its section and, for an item, the item's index in the section.
    public struct Entry: Sendable, Equatable {
        /// What the row is: a header, an item, a strip of cards, a footer.
        public var role: Role
        /// The section it belongs to.
        public var section: Int32
        /// The item's index in its section's `items`; -1 for other roles.
        public var item: Int32
        /// The number of items (cards included) shown before this row's first item.
        public var ordinal: Int32
    }

    /// The document.
    public private(set) var document: StackDocument
    /// Items with a `detail` above this level are left out.
    public let detailLevel: Int
    /// Only the items it lets through show, when set (`&PATTERN`).
    public let filter: ItemFilter?
    /// The number of items shown, cards included.
    public private(set) var itemCount = 0
    private(set) var builder: RowBuilder
    private(set) var table = RowTable()
    private var sectionRows: [Range<Int>] = []
    /// Rows by id; for a document whose items stay in the file (`StackDocument/itemStore`),
    /// only headers, footers, strips and cards: its items are found through the store.
    private(set) var rowsByID: [String: Int] = [:]
    private(set) var cardsByID: [String: Int] = [:]
    private(set) var strips: [Int: CardStrip] = [:]
    /// Every id, sorted, built on first use (for completion).
    private(set) var sortedIDs = SortedIDs()

    /// Rows of `document` showing items up to `detailLevel` (1–3) that `filter` lets through,
    /// drawn in `theme`. With a filter, a section none of whose items show is left out whole.
    public init(document: StackDocument, detailLevel: Int = 3, filter: ItemFilter? = nil, theme: Theme = .color) {
        self.document = document
        self.detailLevel = detailLevel
        self.filter = filter
        self.builder = RowBuilder(theme: theme)
        // (A header a section, most often, for a document whose items are in the file.)
        rowsByID.reserveCapacity(document.sections.count)
        for section in document.sections.indices { appendSection(section, from: 0) }
    }

    /// Whether item `item` of section `section` (its items `items`) shows at `detailLevel`
    /// through `filter`: the one rule the rows and the choice of a new focus share.
    static func shows(item: Int, ofSection section: Int, in items: ItemList, detailLevel: Int, filter: ItemFilter?) -> Bool {
        items.detail(at: item) <= detailLevel && filter.map { $0.shows(section: section, index: item, of: items) } != false
    }

    /// Adds the rows of section `sectionIndex` from its item `firstItem` on (with its header
    /// when that is 0) and its footer.
    private mutating func appendSection(_ sectionIndex: Int, from firstItem: Int) {
        let section = document.sections[sectionIndex]
        let start = firstItem == 0 ? table.count : sectionRows.removeLast().lowerBound
        var ordinal = itemCount
        let items = section.items
        let (level, filter) = (detailLevel, self.filter)
        func shows(_ item: Int) -> Bool {
            Self.shows(item: item, ofSection: sectionIndex, in: items, detailLevel: level, filter: filter)
        }
        // Every item shows at the top level (3) with no filter: no need to ask each one.
        let showsAll = detailLevel >= 3 && filter == nil
        let selected: [Int]? = section.layout == .horizontal ? items.indices.filter(shows)
            : showsAll ? nil
            : filter == nil ? items.positions(upToDetail: detailLevel, from: firstItem)
            : (firstItem..<items.count).filter(shows)
        // A filter leaves out a section none of whose items show.
        if filter != nil, firstItem == 0, selected?.isEmpty == true {
            sectionRows.append(start..<table.count)
            return
        }
        if firstItem == 0, section.header != nil {
            add(.header, section: sectionIndex, ordinal: ordinal, id: section.headerID)
        }
        switch section.layout {
        case .vertical:
            let first = table.count
            if let selected {
                table.appendItems(selected, section: sectionIndex, ordinal: ordinal)
            } else {
                table.appendItems(firstItem..<items.count, section: sectionIndex, ordinal: ordinal)
            }
            // Items read from a file are found through the store, not this table.
            if !items.isStored {
                for (offset, item) in (selected ?? Array(firstItem..<items.count)).enumerated() {
                    rowsByID[items[item].id] = first + offset
                }
            }
            ordinal += table.count - first
        case .horizontal:
            let shown = selected ?? []
            let row = table.count
            add(.cards, section: sectionIndex, ordinal: ordinal, id: section.id)
            let cards = shown.map { items[$0] }
            for (position, item) in cards.enumerated() {
                rowsByID[item.id] = row
                cardsByID[item.id] = position
            }
            strips[sectionIndex] = CardStrip(items: cards, builder: builder)
            ordinal += cards.count
        }
        if section.footer != nil {
            add(.footer, section: sectionIndex, ordinal: ordinal, id: section.footerID)
        }
        sectionRows.append(start..<table.count)
        itemCount = ordinal
    }

    private mutating func add(_ role: Role, section: Int, ordinal: Int, id: String) {
        rowsByID[id] = table.count
        table.append(role, section: section, ordinal: ordinal)
    }

    // MARK: - A growing document

    /// Where the rows of `newDocument` start to differ from those of a document whose sections
    /// were `oldCount`, the last of them `oldLast`: the first row to replace, the section it is
    /// in, and the item of that section the new rows start from. Only the last section can have
    /// changed (see ``update(growingWith:)``): O(1), not O(sections).
    private func firstChange(
        fromSections oldCount: Int, last oldLast: StackDocument.Section?, to newDocument: StackDocument
    ) -> (row: Int, section: Int, item: Int) {
        let new = newDocument.sections
        guard let old = oldLast else { return (table.count, 0, 0) }
        let s = oldCount - 1
        if s < new.count, old == new[s] { return (table.count, oldCount, 0) }
        let rows = sectionRows[s]
        if s < new.count, old.hasSameFrame(as: new[s]), old.layout == .vertical, new[s].items.count >= old.items.count {
            return (rows.upperBound - (old.footer == nil ? 0 : 1), s, old.items.count)
        }
        return (rows.lowerBound, s, 0)
    }

    /// Takes in a document that grew, as its reader (`LazyDocument`) gives it: all its sections
    /// but the last are as they were, the last may have more items (or another header or footer),
    /// and more sections may follow. The sections held here are let go of before `grown` is
    /// called, so that the reader grows its list of sections in place: a list shared with this
    /// copy was copied whole at each take-in (10,000 sections at a million items, half the
    /// browser's time while it read them). The rows from the returned one on are replaced.
    /// - Returns: the first row replaced.
    /// - Complexity: O(rows replaced + rows added).
    public mutating func update(growingWith grown: () -> StackDocument) -> Int {
        let oldCount = document.sections.count
        let oldLast = document.sections.last
        document.sections = []
        let newDocument = grown()
        let change = firstChange(fromSections: oldCount, last: oldLast, to: newDocument)
        // Only rows of the old last section are replaced, and only its strip dropped: they are
        // named from it (the new document may no longer have it: a section that turned out to be
        // a strip is left out until it closes, and its id may come after its items).
        if let old = oldLast, change.row < table.count {
            for row in change.row..<table.count {
                let entry = table.entry(at: row)
                // Items read from a file were never in the table (and naming them would decode them).
                if entry.role != .item || old.items.isStored { rowsByID[Self.id(of: entry, in: old)] = nil }
            }
            itemCount = Int(table.entry(at: change.row).ordinal)
            table.removeRows(from: change.row)
        }
        if let old = oldLast, strips[oldCount - 1] != nil, oldCount - 1 >= change.section {
            for card in old.items {
                cardsByID[card.id] = nil
                rowsByID[card.id] = nil
            }
            strips[oldCount - 1] = nil
        }
        sectionRows.removeLast(sectionRows.count - change.section - (change.item > 0 ? 1 : 0))
        document = newDocument
        for section in change.section..<newDocument.sections.count {
            appendSection(section, from: section == change.section ? change.item : 0)
        }
        sortedIDs = SortedIDs()
        return change.row
    }

    // MARK: - StackDataSource

    public var rowCount: Int { table.count }

    public func rowKind(at index: Int) -> RowKind {
        Self.kind(of: table.entry(at: index).role)
    }

    public func kindRuns(in rows: Range<Int>) -> [(kind: RowKind, count: Int)] {
        // A run of the table is a run of the index: as few as the rows' runs.
        table.roleRuns(in: rows).map { (Self.kind(of: $0.role), $0.count) }
    }

    private static func kind(of role: Role) -> RowKind {
        switch role {
        case .header: return .header
        case .item, .cards: return .item
        case .footer: return .footer
        }
    }

    public func rowID(at index: Int) -> String {
        let entry = table.entry(at: index)
        return Self.id(of: entry, in: document.sections[Int(entry.section)])
    }

    /// The id of the row `entry` describes, in its `section`.
    private static func id(of entry: Entry, in section: StackDocument.Section) -> String {
        switch entry.role {
        case .header: return section.headerID
        case .footer: return section.footerID
        case .cards: return section.id
        case .item: return section.items[Int(entry.item)].id
        }
    }

    /// The row showing `id`: a header, footer or item id, a horizontal section's id, or the id of
    /// one of its cards (which is shown by the section's strip row).
    public func rowIndex(forID id: String) -> Int? {
        if let row = rowsByID[id] { return row }
        guard let store = document.itemStore, let location = store.location(ofItemID: id),
            location.section < sectionRows.count else { return nil }
        // The section's item rows are in item order: find the one showing that item.
        let rows = sectionRows[location.section]
        let row = rows.partitioningIndex { row in
            let entry = table.entry(at: row)
            return entry.role == .footer || entry.item >= location.index
        }
        guard row < rows.upperBound, case let entry = table.entry(at: row), entry.role == .item, entry.item == location.index
        else { return nil }
        return row
    }

    public func sectionRange(containing index: Int) -> Range<Int> {
        sectionRows[Int(table.entry(at: index).section)]
    }

    public func resolveRow(at index: Int, crossExtent: Int) -> RenderedRow {
        let entry = table.entry(at: index)
        let section = document.sections[Int(entry.section)]
        switch entry.role {
        case .header: return builder.header(section.header ?? "", width: crossExtent)
        case .footer: return builder.footer(section.footer ?? "", width: crossExtent)
        case .item: return builder.item(section.items[Int(entry.item)], width: crossExtent)
        case .cards:
            let height = strips[Int(entry.section)]?.cardHeight ?? 3
            return RenderedRow(lines: Array(repeating: [], count: height + 1), selectableLines: height)
        }
    }

    /// An item's lines counted without building them (a million are measured while idle);
    /// other rows are built.
    public func measureRow(at index: Int, crossExtent: Int) -> Int {
        let entry = table.entry(at: index)
        guard entry.role == .item else { return resolveRow(at: index, crossExtent: crossExtent).extent }
        return builder.itemExtent(document.sections[Int(entry.section)].items[Int(entry.item)], width: crossExtent)
    }

    // MARK: - Document queries

    /// The entry of the row at `index`.
    public func entry(at index: Int) -> Entry { table.entry(at: index) }

    /// Whether the row can take the focus (items and card strips).
    public func isFocusable(_ index: Int) -> Bool {
        let role = table.entry(at: index).role
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
}
