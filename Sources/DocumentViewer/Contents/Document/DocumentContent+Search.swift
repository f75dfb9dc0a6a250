import DocumentData

// MARK: - Search: `/` `?` `n` `N` over every item, never-built rows included

extension DocumentContent {
    /// Items scanned per step of an interactive search; between steps the screen shows progress
    /// and input is read (any key stops it).
    public static let searchStep = 20_000

    /// Whether a search is still scanning.
    public var isSearching: Bool { jobs.contains(.search) }

    /// `/` `?` Enter: a search for `pattern` after the focused item (the last pattern again when
    /// empty). A pattern that is not a regular expression says why, and the last search stays.
    mutating func startSearch(_ pattern: String, forward: Bool) -> String? {
        if pattern.isEmpty {
            guard let last = lastSearch else { return nil }
            start(ItemSearchJob(last, forward: forward, after: view.focusedOrdinal))
            return nil
        }
        do {
            let search = try Search(pattern: pattern, forward: forward)
            lastSearch = search
            start(ItemSearchJob(search, forward: forward, after: view.focusedOrdinal))
        } catch {
            jobs.say("bad pattern \"\(pattern)\": \(error)")
        }
        return nil
    }

    /// `n` (the search's direction) or `N` (the other).
    mutating func repeatSearch(reversed: Bool) {
        guard let last = lastSearch else { return jobs.say("no previous search") }
        start(ItemSearchJob(last, forward: reversed ? !last.forward : last.forward, after: view.focusedOrdinal))
    }

    /// Scans up to `budget` items of the search in progress; focuses the match when found
    /// (scrolling only when it is not on screen).
    public mutating func continueSearch(budget: Int = DocumentContent.searchStep) {
        jobs.update(.search, as: ItemSearchJob.self) { $0.budget = budget }
        jobs.resume(.search)
        advance(.search)
    }
}
