import DocumentData
import TerminalUI

/// `&PATTERN` in a stack document: every item matched, a budget of items a step; at its end the
/// rows show only the matches — or, while the document is still read, whatever matched: items
/// read later are matched as they come, and the status line says "so far".
struct ItemFilterJob: ContentJob {
    var kind: ViewerJob { .filter }
    private var scan: FilterScan
    /// Items matched a step.
    var budget = DocumentContent.filterStep

    init(_ search: Search, in document: StackDocument) {
        scan = FilterScan(search: search, document: document)
    }

    func progress(in content: DocumentContent) -> String? {
        let percent = scan.total > 0 ? scan.scanned * 100 / scan.total : 0
        return "filtering &\(CellText.inert(scan.search.pattern)) … \(percent)% \(JobPolicy.hint(for: .filter))"
    }

    mutating func step(in content: inout DocumentContent) -> JobStep {
        scan.step(budget: budget, in: content.rows.document)
        if scan.search.regex.exceededLimits {
            return .ended(said: "&\(CellText.inert(scan.search.pattern)): \(RegexPattern.tooComplexMessage)")
        }
        guard scan.isFinished else { return .working }
        let filter = scan.filter
        guard filter.shownCount > 0 || content.loading.isLoading else {
            return .ended(said: "no item matches \"\(filter.pattern)\": nothing filtered")
        }
        content.show(filter: filter)
        return .ended(said: nil)
    }
}
