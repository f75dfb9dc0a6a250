import DocumentData
import TerminalUI

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

    /// A key was pressed: the notice goes.
    mutating func clearNotice() { notice = nil }

    /// Stops the scan in progress (a key did: `JobPolicy`).
    mutating func stop() {
        scan = nil
        isWaiting = false
    }

    /// Whether the scan in progress looked at every item read so far and waits for more.
    private(set) var isWaiting = false

    /// Starts a search for `pattern` (the last one again when empty) after item `ordinal` (nil:
    /// from the end the search comes from). A pattern that is not a regular expression says why,
    /// and the last search stays.
    mutating func start(_ pattern: String, forward: Bool, after ordinal: Int?) {
        if pattern.isEmpty {
            guard let last else { return }
            return begin(last, forward: forward, after: ordinal)
        }
        do {
            let search = try Search(pattern: pattern, forward: forward)
            last = search
            begin(search, forward: forward, after: ordinal)
        } catch {
            notice = "bad pattern \"\(pattern)\": \(error)"
        }
    }

    /// `n` (the search's direction) or `N` (the other).
    mutating func repeatLast(reversed: Bool, after ordinal: Int?) {
        guard let search = last else {
            notice = "no previous search"
            return
        }
        begin(search, forward: reversed ? !search.forward : search.forward, after: ordinal)
    }

    private mutating func begin(_ search: Search, forward: Bool, after ordinal: Int?) {
        search.regex.forgetExceededLimits()
        scan = SearchScan(search: search, forward: forward, start: ordinal)
        isWaiting = false
    }

    /// Looks at up to `budget` items of the scan in progress, of the `count` there are so far
    /// (`isComplete`: of the whole document), asking `matches` about each by ordinal. It says
    /// "no match" only once every item of the whole document was looked at; before, it waits,
    /// saying how much was read (`readNote`).
    /// - Returns: the ordinal of the match, when one was found (the scan then ends).
    mutating func step(
        budget: Int, count: Int, isComplete: Bool, readNote: @autoclosure () -> String, matches: (Search, Int) -> Bool
    ) -> Int? {
        guard var current = scan else { return nil }
        let typed = "\(current.forward ? "/" : "?")\(CellText.inert(current.search.pattern))"
        var left = budget
        isWaiting = false
        while left > 0 {
            switch current.advance(count: count, isComplete: isComplete) {
            case .ordinal(let ordinal):
                if matches(current.search, ordinal) {
                    scan = nil
                    // The progress of the step before must not outlive the search.
                    notice = !current.wrapped ? nil : current.forward
                        ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"
                    return ordinal
                }
                if current.search.regex.exceededLimits {
                    scan = nil
                    notice = "\(typed): \(RegexPattern.tooComplexMessage)"
                    return nil
                }
                current.passed()
                left -= 1
            case .waiting:
                scan = current
                isWaiting = true
                notice = "searching \(typed) … \(readNote()) \(JobPolicy.hint(for: .search))"
                return nil
            case .done:
                scan = nil
                notice = "no match for \"\(CellText.inert(current.search.pattern))\""
                return nil
            }
        }
        scan = current
        let percent = count > 0 ? min(99, current.looked * 100 / count) : 0
        notice = "searching \(typed) … \(percent)% \(JobPolicy.hint(for: .search))"
        return nil
    }
}
