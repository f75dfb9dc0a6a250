/// The search, as a component of the browser: the last search (for `n` and `N`), the scan in
/// progress, and what it says on the status line — progress, a wrap, no match. Only its own
/// methods change it; the browser asks it to look at items and acts on what it finds.
struct SearchState {
    /// The last search started, for `n` and `N`, and for highlighting.
    private(set) var last: Search?
    /// The scan in progress, if any.
    private(set) var scan: SearchScan?
    /// What the search says until the next key.
    private(set) var notice: String?

    /// Whether a scan is in progress.
    var isSearching: Bool { scan != nil }

    /// A key was pressed: the notice goes, and a scan in progress stops (saying so when the key
    /// was Esc, which does nothing else).
    /// - Returns: whether a scan was stopped.
    mutating func keyPressed(isEscape: Bool) -> Bool {
        notice = nil
        guard scan != nil else { return false }
        scan = nil
        if isEscape { notice = "search cancelled" }
        return true
    }

    /// Starts a search for `pattern` (the last one again when empty) after item `ordinal` (nil:
    /// from the end the search comes from) among `count` items. A pattern that is not a regular
    /// expression says why, and the last search stays.
    mutating func start(_ pattern: String, forward: Bool, after ordinal: Int?, count: Int) {
        if pattern.isEmpty {
            guard let last else { return }
            return begin(last, forward: forward, after: ordinal, count: count)
        }
        do {
            let search = try Search(pattern: pattern, forward: forward)
            last = search
            begin(search, forward: forward, after: ordinal, count: count)
        } catch {
            notice = "bad pattern \"\(pattern)\": \(error)"
        }
    }

    /// `n` (the search's direction) or `N` (the other).
    mutating func repeatLast(reversed: Bool, after ordinal: Int?, count: Int) {
        guard let search = last else {
            notice = "no previous search"
            return
        }
        begin(search, forward: reversed ? !search.forward : search.forward, after: ordinal, count: count)
    }

    private mutating func begin(_ search: Search, forward: Bool, after ordinal: Int?, count: Int) {
        guard count > 0 else {
            notice = "no match for \"\(search.pattern)\""
            return
        }
        let start = ordinal ?? (forward ? count - 1 : 0)
        scan = SearchScan(search: search, forward: forward, start: start, count: count)
    }

    /// Looks at up to `budget` items of the scan in progress, asking `matches` about each by
    /// ordinal.
    /// - Returns: the ordinal of the match, when one was found (the scan then ends).
    mutating func step(budget: Int, matches: (Search, Int) -> Bool) -> Int? {
        guard var current = scan else { return nil }
        let end = min(current.count, current.scanned + budget)
        while current.scanned < end {
            let ordinal = current.ordinal(after: current.scanned)
            if matches(current.search, ordinal) {
                let wrapped = current.wrapped(at: current.scanned)
                scan = nil
                // The progress of the step before must not outlive the search.
                notice = !wrapped ? nil : current.forward
                    ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"
                return ordinal
            }
            current.scanned += 1
        }
        if current.scanned >= current.count {
            scan = nil
            notice = "no match for \"\(current.search.pattern)\""
        } else {
            scan = current
            let percent = current.scanned * 100 / current.count
            notice = "searching \(current.forward ? "/" : "?")\(current.search.pattern) … \(percent)% (Esc cancels)"
        }
        return nil
    }
}
