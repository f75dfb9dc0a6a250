import StackDocument

/// A search through every item of the document, shown or not yet built: a regular expression
/// (``RegexPattern``, smart case) matched against each item's title, subtitle, body, art lines
/// and id. Through a file read lazily, the item's raw bytes are matched first and only the items
/// they let through are decoded.
struct Search: Equatable {
    /// The compiled pattern.
    let regex: RegexPattern
    /// The direction the search was started in (`/` forward, `?` backward); `N` reverses it.
    var forward: Bool

    /// A search for `pattern`.
    /// - Throws: ``PatternError`` when the pattern is not a valid regular expression.
    init(pattern: String, forward: Bool) throws(PatternError) {
        regex = try RegexPattern(pattern)
        self.forward = forward
    }

    /// The pattern as typed.
    var pattern: String { regex.source }

    /// Whether `item` matches.
    func matches(_ item: StackDocument.Item) -> Bool {
        contains(item.title) || contains(item.id) || item.subtitle.map(contains) == true
            || item.body.map(contains) == true || item.art.contains(where: contains)
    }

    /// Whether `text` has a match.
    func contains(_ text: String) -> Bool { regex.matches(text) }

    /// Whether the item shown at `ordinal` of `rows` matches: its raw bytes first, when it is in
    /// a file, then its fields.
    func matches(itemAtOrdinal ordinal: Int, of rows: DocumentRows) -> Bool {
        matches(rows.rawMatch(regex, atOrdinal: ordinal)) { rows.item(atOrdinal: ordinal) }
    }

    /// Whether item `index` of `items` matches: its raw bytes first, when it is in a file.
    func matches(_ items: ItemList, at index: Int) -> Bool {
        matches(items.rawMatch(regex, at: index)) { items[index] }
    }

    /// What the raw bytes said, and when they cannot tell, the decoded item's fields.
    private func matches(_ raw: RawMatch, decoding item: () -> StackDocument.Item) -> Bool {
        switch raw {
        case .no: return false
        case .maybe: return matches(item())
        }
    }

    static func == (lhs: Search, rhs: Search) -> Bool {
        lhs.regex === rhs.regex && lhs.forward == rhs.forward
    }
}

/// A search in progress: items are scanned in steps so a large document never freezes the
/// screen (the run loop draws progress between steps and Esc cancels).
struct SearchScan: Equatable {
    var search: Search
    /// The direction of this scan (`n` follows the search, `N` goes against it).
    var forward: Bool
    /// The ordinal the scan started after.
    var start: Int
    /// Items scanned so far, and how many there are.
    var scanned = 0
    var count: Int

    /// The ordinal `scanned` steps from the start, wrapping at the ends.
    func ordinal(after steps: Int) -> Int {
        let offset = forward ? steps + 1 : -(steps + 1)
        return ((start + offset) % count + count) % count
    }

    /// Whether step `steps` passed the end (or the start) of the document.
    func wrapped(at steps: Int) -> Bool {
        forward ? start + steps + 1 >= count : start - steps - 1 < 0
    }
}
