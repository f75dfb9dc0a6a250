/// A stack document: sections of items, as described in the README's "Document format".
///
/// Not `Sendable`: a big document's items live in an ``ItemStore`` that decodes and caches on
/// the thread that reads it.
public struct StackDocument: Equatable {
    /// Whether both have the same title, pinning, shortcuts and sections.
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

    /// A document of `sections`, with its title, shortcuts and pinned edges.
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
        /// Section headers stick to the top while their section scrolls.
        case headers
        /// Section footers stick to the bottom.
        case footers
    }

    /// A section of items with an optional header and footer.
    public struct Section: Equatable {
        /// The section's id: its rows' ids start with it.
        public var id: String
        /// The header row, pinned while the section scrolls; nil: none.
        public var header: String?
        /// The footer row, pinned at the bottom when the document says so; nil: none.
        public var footer: String?
        /// Items one a row, or cards side by side.
        public var layout: Layout
        /// The items: in memory, or decoded from the file when asked for (``ItemList``).
        public var items: ItemList

        /// A section of `items` in memory.
        public init(
            id: String, header: String? = nil, footer: String? = nil,
            layout: Layout = .vertical, items: [Item]
        ) {
            self.init(id: id, header: header, footer: footer, layout: layout, items: ItemList(items))
        }

        /// A section of `items`, in memory or read from the file.
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
        /// The item's id: unique in the document, what `:goto` and marks name.
        public var id: String
        /// The item's first line.
        public var title: String
        /// A line under the title (from detail 2).
        public var subtitle: String?
        /// An ASCII diagram, a line each (from detail 3).
        public var art: [String]
        /// Text wrapped to the width (from detail 3).
        public var body: String?
        /// The detail level (1–3) at which the item starts to show.
        public var detail: Int
        /// Why the item could not be read from the file (bad JSON, off the format), when it could
        /// not: it then stands in for it, its title and body saying so; nil for an item read.
        public var problem: String?

        /// An item shown from detail `detail`.
        public init(
            id: String, title: String, subtitle: String? = nil, art: [String] = [],
            body: String? = nil, detail: Int = 1, problem: String? = nil
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.art = art
            self.body = body
            self.detail = detail
            self.problem = problem
        }
    }

    /// A key that scrolls to a row.
    public struct Shortcut: Equatable, Sendable {
        /// The key.
        public var key: Character
        /// What the help box says it does.
        public var label: String
        /// The id of the row it scrolls to.
        public var target: String

        /// `key` scrolls to the row `target`, described as `label`.
        public init(key: Character, label: String, target: String) {
            self.key = key
            self.label = label
            self.target = target
        }
    }
}
