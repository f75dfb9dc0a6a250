// MARK: - Search: `/` `?` `n` `N` over every item, never-built rows included

extension Browser {
    /// Items scanned per step of an interactive search; between steps the screen shows progress
    /// and input is read (Esc cancels).
    public static let searchStep = 20_000

    /// Starts a search for `pattern` from the focused item; an empty pattern repeats the last.
    mutating func startSearch(_ pattern: String, forward: Bool) {
        let text = pattern.isEmpty ? lastSearch?.pattern ?? "" : pattern
        guard !text.isEmpty else { return }
        let search = Search(pattern: text, forward: forward)
        lastSearch = search
        beginScan(search, forward: forward)
    }

    /// `n` (same direction as the search) and `N` (the other way).
    mutating func repeatSearch(reversed: Bool) {
        guard let search = lastSearch else {
            message = "no previous search"
            return
        }
        beginScan(search, forward: reversed ? !search.forward : search.forward)
    }

    private mutating func beginScan(_ search: Search, forward: Bool) {
        let count = rows.itemCount
        guard count > 0 else {
            message = "no match for \"\(search.pattern)\""
            return
        }
        let start = focusedOrdinal ?? (forward ? count - 1 : 0)
        scan = SearchScan(search: search, forward: forward, start: start, count: count)
    }

    /// Whether a search is still scanning.
    public var isSearching: Bool { scan != nil }

    /// Scans up to `budget` items of the search in progress; ends it on a match or after a
    /// whole lap, saying so on the status line.
    public mutating func continueSearch(budget: Int = Browser.searchStep) {
        guard var current = scan else { return }
        let end = min(current.count, current.scanned + budget)
        while current.scanned < end {
            let ordinal = current.ordinal(after: current.scanned)
            if current.search.matches(rows.item(atOrdinal: ordinal)) {
                let wrapped = current.wrapped(at: current.scanned)
                scan = nil
                let id = rows.item(atOrdinal: ordinal).id
                revealOrScroll(to: id)
                // The progress of the step before must not outlive the search.
                message = !wrapped ? nil : current.forward
                    ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"
                return
            }
            current.scanned += 1
        }
        if current.scanned >= current.count {
            scan = nil
            message = "no match for \"\(current.search.pattern)\""
        } else {
            scan = current
            let percent = current.scanned * 100 / current.count
            message = "searching \(current.forward ? "/" : "?")\(current.search.pattern) … \(percent)% (Esc cancels)"
        }
    }

    /// Runs the search in progress to its end (for `render`, which never interleaves input).
    public mutating func finishSearch() {
        while scan != nil { continueSearch(budget: Int.max) }
    }

    /// Stops the search in progress.
    mutating func cancelSearch() {
        scan = nil
        message = "search cancelled"
    }
}
