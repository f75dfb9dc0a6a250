import DocumentData
import TerminalUI

/// `/` `?` `n` `N` in a stack document: every item looked at in order from the focused one, never
/// built rows included, a budget of items a step; the match focused (scrolled to only when it is
/// not on screen). It says "no match" only once every item of the whole document was looked at;
/// before, it waits for the scan, saying how much was read.
struct ItemSearchJob: ContentJob {
    var kind: ViewerJob { .search }
    private var scan: SearchScan
    /// Items looked at a step.
    var budget = DocumentContent.searchStep
    /// Whether it looked at every item read so far and waits for more.
    private var waits = false

    init(_ search: Search, forward: Bool, after ordinal: Int?) {
        search.regex.forgetExceededLimits()
        scan = SearchScan(search: search, forward: forward, start: ordinal)
    }

    private var typed: String { "\(scan.forward ? "/" : "?")\(CellText.inert(scan.search.pattern))" }

    func progress(in content: DocumentContent) -> String? {
        let hint = JobPolicy.hint(for: .search)
        if waits { return "searching \(typed) … \(content.loading.readNote) \(hint)" }
        let count = content.rows.itemCount
        let percent = count > 0 ? min(99, scan.looked * 100 / count) : 0
        return "searching \(typed) … \(percent)% \(hint)"
    }

    mutating func step(in content: inout DocumentContent) -> JobStep {
        let rows = content.rows
        let count = rows.itemCount
        var left = budget
        waits = false
        while left > 0 {
            switch scan.advance(count: count, isComplete: !content.loading.isLoading) {
            case .ordinal(let ordinal):
                if scan.search.matches(itemAtOrdinal: ordinal, of: rows) {
                    content.view.reveal(id: rows.item(atOrdinal: ordinal).id)
                    return .ended(said: !scan.wrapped ? nil : scan.forward
                        ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM")
                }
                if scan.search.regex.exceededLimits { return .ended(said: "\(typed): \(RegexPattern.tooComplexMessage)") }
                scan.passed()
                left -= 1
            case .waiting:
                waits = true
                return .caughtUp
            case .done:
                return .ended(said: "no match for \"\(CellText.inert(scan.search.pattern))\"")
            }
        }
        return .working
    }
}
