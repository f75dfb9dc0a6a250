import DocumentData
import TerminalUI

/// The `&` filter being applied, as a component of the browser: its scan over every item, in
/// steps, and what it says. The filter applied is the rows' own (``DocumentRows/filter``); this
/// component only makes one. Only its own methods change it.
struct FilterState {
    /// The scan in progress, if any.
    private(set) var scan: FilterScan?
    /// What the filter says until the next key (progress while it runs).
    private(set) var notice: String?

    var isFiltering: Bool { scan != nil }

    /// Starts matching every item of `document` with `pattern`.
    mutating func start(_ pattern: String, in document: StackDocument) {
        do {
            scan = FilterScan(search: try Search(pattern: pattern, forward: true), document: document)
            notice = progress
        } catch {
            notice = "bad pattern \"\(pattern)\": \(error)"
        }
    }

    /// A key was pressed: the notice of a finished filter goes (a running one's progress stays).
    mutating func clearNotice() {
        if scan == nil { notice = nil }
    }

    /// Stops the scan in progress (Esc did: `JobPolicy`).
    mutating func stop() {
        scan = nil
        notice = nil
    }

    /// Matches up to `budget` more items.
    /// - Returns: the filter, once every item read so far was matched and some matched — or,
    ///   while the document is still read (`isComplete` false), whatever matched: items read later
    ///   are matched as they come, and the status line says "so far". Nil while it runs, or when
    ///   nothing in the whole document matched (the rows stay as they are, and the notice says so).
    mutating func step(budget: Int, in document: StackDocument, isComplete: Bool) -> ItemFilter? {
        guard var current = scan else { return nil }
        current.step(budget: budget, in: document)
        if current.search.regex.exceededLimits {
            scan = nil
            notice = "&\(CellText.inert(current.search.pattern)): \(RegexPattern.tooComplexMessage)"
            return nil
        }
        guard current.isFinished else {
            scan = current
            notice = progress
            return nil
        }
        scan = nil
        let filter = current.filter
        guard filter.shownCount > 0 || !isComplete else {
            notice = "no item matches \"\(filter.pattern)\": nothing filtered"
            return nil
        }
        notice = nil
        return filter
    }

    /// A filter was turned off or replaced from elsewhere (`&` with an empty pattern).
    mutating func say(_ text: String) {
        notice = text
    }

    private var progress: String? {
        guard let scan else { return nil }
        let percent = scan.total > 0 ? scan.scanned * 100 / scan.total : 0
        return "filtering &\(CellText.inert(scan.search.pattern)) … \(percent)% \(JobPolicy.hint(for: .filter))"
    }
}
