import DocumentData

/// `:where EXPR` and `&PATTERN` in a table: the records that match looked for a window a step,
/// the rows kept showing as they are found, over the whole array as it is read; once caught up,
/// it is applied and looks at records as they arrive (a key — Esc too — leaves it).
struct RowFilterJob: ContentJob {
    var kind: ViewerJob { .query }
    private(set) var keepsUpWithArrivals = false
    private var filter: RecordFilter

    init(_ filter: RecordFilter) { self.filter = filter }

    /// The status line's filter note says how far it got.
    func progress(in content: TableContent) -> String? { nil }

    mutating func step(in content: inout TableContent) -> JobStep {
        guard let records = content.view.recordsNow else { return .ended(said: nil) }
        let readAll = filter.step(records: records)
        guard !filter.isTooComplex else {
            content.clearRowFilter()
            return .ended(said: "\(filter.name): \(RegexPattern.tooComplexMessage)")
        }
        // (The first window's rows replace the rows shown: the selected record stays selected
        // when it is kept.)
        content.view.filter(filter.name, kept: filter.kept, read: filter.readCount)
        guard readAll else { return .working }
        keepsUpWithArrivals = true
        return content.view.isWhole ? .ended(said: nil) : .caughtUp
    }
}
