import DocumentData

/// `:sort [-]COLUMN` in a table: the column's member of every record read a window a step (as
/// the file is read), then the comparison sort a part a step — a key never waits for all of it —
/// and the rows shown in its order. It answers only once the whole array is read (or an input
/// that grows paused: it sorts what arrived, saying more may come).
struct RecordSortJob: ContentJob {
    var kind: ViewerJob { .sort }
    private var sort: RecordSort
    private let column: RecordColumn
    private let descending: Bool
    /// Whether it read every record read so far and waits for the file; whether it read them
    /// all and orders them.
    private var waits = false
    private var orders = false

    init(_ records: RecordTable, by column: RecordColumn, descending: Bool) {
        sort = RecordSort(records, by: column, descending: descending)
        self.column = column
        self.descending = descending
    }

    private var name: String { (descending ? "-" : "") + column.name }

    func progress(in content: TableContent) -> String? {
        let hint = JobPolicy.hint(for: .sort)
        if waits { return "sort by \(name): waiting for the rest of the file, \(content.json.tree.readNote) \(hint)" }
        if !orders { return "sorting by \(name)… \(Int(sort.progress * 100))% \(hint)" }
        return "sorting by \(name)… \(Int(sort.orderingProgress * 100))% ordered \(hint)"
    }

    mutating func step(in content: inout TableContent) -> JobStep {
        guard let records = content.view.recordsNow else { return .ended(said: nil) }
        let readAll = sort.step(records: records)
        guard readAll else { return .working }
        guard content.view.isWhole || content.json.tree.hasReadAllThereIsNow else {
            waits = true
            return .caughtUp
        }
        waits = false
        orders = true
        guard let order = sort.orderingStep() else { return .working }
        content.view.sort(order, by: column, descending: descending)
        return .ended(said: "sorted by \(name): \(StatusLine.grouped(content.view.grid.source.rowCount)) rows"
            + (content.view.isWhole ? "" : " read so far (rows that arrive show after them)"))
    }
}
