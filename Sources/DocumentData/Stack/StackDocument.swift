/// A stack document: sections of items, as described in the README's "Document format".
///
/// Not `Sendable`: a big document's items live in an ``ItemStore`` that decodes and caches on
/// the thread that reads it.
public struct StackDocument: Equatable {
    public static func == (lhs: StackDocument, rhs: StackDocument) -> Bool {
        lhs.title == rhs.title && lhs.sections == rhs.sections && lhs.shortcuts == rhs.shortcuts
            && lhs.pinned == rhs.pinned && lhs.itemStore === rhs.itemStore
    }

    /// The document's title, shown in the status line when present.
    public var title: String?
    /// The sections, in order.
    public var sections: [Section]
    /// Keys that scroll to a target row, shown as buttons while the target is not visible.
    public var shortcuts: [Shortcut]
    /// Which section rows stick to the edges.
    public var pinned: Set<PinnedEdge>
    /// Finds items by id without a table of every id, for documents whose items stay in the file.
    public var itemStore: (any ItemStore)?

    public init(
        title: String? = nil, sections: [Section], shortcuts: [Shortcut] = [],
        pinned: Set<PinnedEdge> = [.headers]
    ) {
        self.title = title
        self.sections = sections
        self.shortcuts = shortcuts
        self.pinned = pinned
    }

    /// Which section rows are pinned.
    public enum PinnedEdge: String, Sendable, CaseIterable {
        case headers
        case footers
    }

    /// A section of items with an optional header and footer.
    public struct Section: Equatable {
        public var id: String
        public var header: String?
        public var footer: String?
        public var layout: Layout
        /// The items: in memory, or decoded from the file when asked for (``ItemList``).
        public var items: ItemList

        public init(
            id: String, header: String? = nil, footer: String? = nil,
            layout: Layout = .vertical, items: [Item]
        ) {
            self.init(id: id, header: header, footer: footer, layout: layout, items: ItemList(items))
        }

        public init(
            id: String, header: String? = nil, footer: String? = nil,
            layout: Layout = .vertical, items: ItemList
        ) {
            self.id = id
            self.header = header
            self.footer = footer
            self.layout = layout
            self.items = items
        }

        /// Whether `other` has the same id, header, footer and layout (items aside).
        public func hasSameFrame(as other: Section) -> Bool {
            id == other.id && header == other.header && footer == other.footer && layout == other.layout
        }

        /// The id of the section's header row.
        public var headerID: String { id + "-header" }
        /// The id of the section's footer row.
        public var footerID: String { id + "-footer" }
    }

    /// How a section lays out its items.
    public enum Layout: String, Sendable {
        /// One row per item, top to bottom.
        case vertical
        /// Cards side by side in one row that scrolls sideways.
        case horizontal
    }

    /// One item: a title, and optionally a subtitle, an ASCII diagram and a body.
    public struct Item: Equatable, Sendable {
        public var id: String
        public var title: String
        public var subtitle: String?
        public var art: [String]
        public var body: String?
        /// The detail level (1–3) at which the item starts to show.
        public var detail: Int

        public init(
            id: String, title: String, subtitle: String? = nil, art: [String] = [],
            body: String? = nil, detail: Int = 1
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.art = art
            self.body = body
            self.detail = detail
        }
    }

    /// A key that scrolls to a row.
    public struct Shortcut: Equatable, Sendable {
        public var key: Character
        public var label: String
        public var target: String

        public init(key: Character, label: String, target: String) {
            self.key = key
            self.label = label
            self.target = target
        }
    }
}
