import DocumentData
import TerminalUI

/// `v`/`:freq` and `I`/`:describe` in a table: the members of every record (every one the
/// `:where` applied keeps) counted a window of the
/// file a step (``SummaryPass``), the table shown from the counts so far every few windows and
/// labelled "so far" until the array is read whole — never a partial count as the answer.
struct SummaryJob: ContentJob {
    var kind: ViewerJob { .summary }
    private var pass: SummaryPass
    private let subject: SummaryView.Subject
    /// Whether it read every record read so far and waits for the file.
    private var waits = false
    /// Windows read since the table was last shown.
    private var unshownSteps = 0

    /// Windows read between two showings of the counts so far.
    static let stepsBetweenShowings = 8

    init(_ pass: SummaryPass, for subject: SummaryView.Subject) {
        self.pass = pass
        self.subject = subject
    }

    func progress(in content: TableContent) -> String? {
        let hint = JobPolicy.hint(for: .summary)
        if waits { return "counting: waiting for the rest of the file, \(content.json.tree.readNote) \(hint)" }
        return "counting… \(Int(pass.progress * 100))% \(hint)"
    }

    mutating func step(in content: inout TableContent) -> JobStep {
        guard content.summaries.last?.subject == subject, let records = content.view.recordsNow else { return .ended(said: nil) }
        let readAll = pass.step(records: records)
        if pass.isTooComplex, let query = pass.query {
            // (Records the pattern could not tell left out: the counts so far, said to be partial.)
            show(in: &content, isWhole: false)
            if let top = content.summaries.indices.last { content.summaries[top].isStopped = true }
            return .ended(said: "\(TableContent.command(of: subject)): where \(CellText.inert(query.description)): \(RegexPattern.tooComplexMessage)")
        }
        unshownSteps += 1
        guard readAll else {
            if unshownSteps >= Self.stepsBetweenShowings, !pass.otherThreadIsCounting { show(in: &content, isWhole: false) }
            return .working
        }
        guard content.view.isWhole else {
            waits = true
            show(in: &content, isWhole: false)
            return .caughtUp
        }
        waits = false
        let counted = "counted \(StatusLine.grouped(show(in: &content, isWhole: true))) records"
        guard let query = pass.query else { return .ended(said: counted) }
        return .ended(said: counted + " where \(CellText.inert(query.description)), of \(StatusLine.grouped(pass.readCount))")
    }

    /// Shows the counts so far in the summary on top (both threads' merged once).
    /// - Returns: the records counted.
    @discardableResult
    private mutating func show(in content: inout TableContent, isWhole: Bool) -> Int {
        unshownSteps = 0
        let counts = pass.counts
        content.showSummary(SummaryTable(counts, isWhole: isWhole, keptBy: pass.query), isWhole: isWhole)
        return counts.records
    }
}
