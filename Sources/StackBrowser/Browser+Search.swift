// MARK: - Search: `/` `?` `n` `N` over every item, never-built rows included

extension Browser {
    /// Items scanned per step of an interactive search; between steps the screen shows progress
    /// and input is read (Esc cancels).
    public static let searchStep = 20_000

    /// Starts a search for `pattern` from the focused item; an empty pattern repeats the last.
    mutating func startSearch(_ pattern: String, forward: Bool) {
        search.start(pattern, forward: forward, after: focusedOrdinal, count: rows.itemCount)
    }

    /// `n` (same direction as the search) and `N` (the other way).
    mutating func repeatSearch(reversed: Bool) {
        search.repeatLast(reversed: reversed, after: focusedOrdinal, count: rows.itemCount)
    }

    /// Whether a search is still scanning.
    public var isSearching: Bool { search.isSearching }

    /// Scans up to `budget` items of the search in progress; focuses the match when found.
    public mutating func continueSearch(budget: Int = Browser.searchStep) {
        let rows = self.rows
        guard let ordinal = search.step(budget: budget, matches: { $0.matches(rows.item(atOrdinal: $1)) }) else { return }
        revealOrScroll(to: rows.item(atOrdinal: ordinal).id)
    }

    /// Runs the search in progress to its end (for `render`, which never interleaves input).
    public mutating func finishSearch() {
        while search.isSearching { continueSearch(budget: Int.max) }
    }
}
