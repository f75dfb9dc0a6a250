import DocumentData

/// A search through every item of the document, shown or not yet built: a regular expression
/// (`RegexPattern`, smart case) matched against each item's title, subtitle, body, art lines
/// and id. Through a file read lazily, the item's raw bytes are matched first and only the items
/// they let through are decoded.
struct Search: Equatable {
    /// The compiled pattern.
    let regex: RegexPattern
    /// The direction the search was started in (`/` forward, `?` backward); `N` reverses it.
    var forward: Bool

    /// A search for `pattern`.
    /// - Throws: `PatternError` when the pattern is not a valid regular expression.
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

/// A search in progress: items are looked at in steps so a large document never freezes the
/// screen (the run loop draws progress between steps and a key stops it). While the document is
/// still read, the search looks at the items read so far and then waits for more: it wraps
/// around an end, or says there is no match, only once every item of the whole file is known.
struct SearchScan: Equatable {
    var search: Search
    /// The direction of this scan (`n` follows the search, `N` goes against it).
    var forward: Bool
    /// The ordinal the scan started after (nil: from the end the search comes from); it is
    /// looked at last.
    var start: Int?
    /// The next ordinal to look at, whether the scan wrapped around an end, and how many items
    /// it looked at.
    private(set) var next: Int
    private(set) var wrapped = false
    private(set) var looked = 0

    init(search: Search, forward: Bool, start: Int?) {
        self.search = search
        self.forward = forward
        self.start = start
        // Backward from the end with no start: the end is found once it is known.
        next = forward ? (start ?? -1) + 1 : (start ?? 0) - 1
    }

    /// What looking on found.
    enum Next: Equatable {
        /// This ordinal is to be looked at next.
        case ordinal(Int)
        /// Every item read so far was looked at: more once the document grows.
        case waiting
        /// Every item of the whole document was looked at.
        case done
    }

    /// The next ordinal to look at among `count` items, wrapping around an end once the
    /// document `isComplete`.
    mutating func advance(count: Int, isComplete: Bool) -> Next {
        if forward {
            if !wrapped, next >= count {
                guard isComplete else { return .waiting }
                wrapped = true
                next = 0
            }
            if wrapped, next > (start ?? -1) || next >= count { return .done }
        } else {
            if !wrapped, next < 0 {
                guard isComplete else { return .waiting }
                wrapped = true
                next = count - 1
            }
            if wrapped, next < (start ?? 0) || next < 0 { return .done }
        }
        return .ordinal(next)
    }

    /// The ordinal returned by `advance(count:isComplete:)` did not match: on to the one after.
    mutating func passed() {
        next += forward ? 1 : -1
        looked += 1
    }
}
