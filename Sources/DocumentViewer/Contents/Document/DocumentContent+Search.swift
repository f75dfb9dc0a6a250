// MARK: - Search: `/` `?` `n` `N` over every item, never-built rows included

extension DocumentContent {
    /// Items scanned per step of an interactive search; between steps the screen shows progress
    /// and input is read (any key stops it).
    public static let searchStep = 20_000

    /// Whether a search is still scanning.
    public var isSearching: Bool { search.isSearching }

    /// Scans up to `budget` items of the search in progress; focuses the match when found
    /// (scrolling only when it is not on screen).
    public mutating func continueSearch(budget: Int = DocumentContent.searchStep) {
        let rows = self.rows
        let loading = self.loading
        guard let ordinal = search.step(
            budget: budget, count: rows.itemCount, isComplete: !loading.isLoading, readNote: loading.readNote,
            matches: { $0.matches(itemAtOrdinal: $1, of: rows) }) else { return }
        view.reveal(id: rows.item(atOrdinal: ordinal).id)
    }

    /// Runs the search in progress to its end, or until it waits for the document's scan (for
    /// `render`, which never interleaves input).
    public mutating func finishSearch() {
        while search.isSearching, !search.isWaiting { continueSearch(budget: Int.max) }
    }
}
