import DocumentData
import TerminalUI

// MARK: - `T`: an array's records handed to a table

extension TreeContent {
    /// `T` in the tree: the records of the focused array — or of the nearest array holding the
    /// focus whose first elements include an object (JSON Lines: its lines) — as a table, the
    /// focused node's cell selected.
    /// - Returns: what to say.
    mutating func showTable() -> String? {
        guard let records = recordsAtFocus else { return "T: \(Self.noRecordsHere)" }
        guard !records.columns.isEmpty else { return "T: the records of \(records.path) have no members" }
        return showTable(of: records)
    }

    /// What `T` and `:where` say where there is no array of records.
    static let noRecordsHere = "no array of records here (focus an array of objects; a JSON Lines file's lines are one)"

    /// The records `T` and `:where` work on: the focused array's — or the nearest array holding
    /// the focus whose first elements include an object (JSON Lines: its lines).
    var recordsAtFocus: RecordTable? {
        let tree = json.tree
        let focus = view.focusedIndexes ?? []
        for length in stride(from: focus.count, through: 0, by: -1) {
            let container = Array(focus.prefix(length))
            guard let records = tree.children(atChildIndexes: container), RecordTable.holdsRecords(records, in: tree) else { continue }
            let path = view.outline.path(ofChildIndexes: container) ?? JSONPath(components: [])
            return RecordTable(tree: tree, records: records, path: path, container: container)
        }
        return nil
    }

    /// `--view table`: the records the CSV export writes — the root's children when it is an
    /// array (JSON Lines: its lines), else those of its first member that is an array of
    /// objects. While the file is read and none is found yet, tried again at each take-in.
    public mutating func showRecordsTable() {
        let tree = json.tree
        guard let records = RecordTable(recordsOf: tree), !records.columns.isEmpty else {
            // (None yet, or records with no member yet: tried again as the file is read.)
            waitsForTable = tree.isScanning
            if !tree.isScanning {
                jobs.say("--view table: no records in \(json.fileName) (an array of objects, or a root with one): the tree shows it")
            }
            return
        }
        waitsForTable = false
        _ = showTable(of: records)
    }

    /// Hands `records` to a table, the focused node's cell selected; the tree's filter of these
    /// records (applied, or still looking) filters its rows — one filter, the same answers —
    /// and comes back with `T`. A filter of another container waits in the tree, as it was.
    /// - Returns: what to say.
    private mutating func showTable(of records: RecordTable) -> String? {
        var tree = self
        // (`T` replaces the table `--view table` waited for.)
        tree.waitsForTable = false
        var taken: ChildFilter?
        if let running = jobs.job(.filter, as: ChildFilterJob.self), running.container == records.container {
            // A filter of these records still looking goes on in the table, over its rows.
            taken = running.filter
            tree.jobs.stop([.filter])
        } else if let applied = json.filter, applied.container == records.container {
            taken = applied.filter
        }
        if json.filter?.container == records.container { tree.clearFilter() }
        let table = TableContent(records: records, from: tree, filteredBy: taken)
        handover = table
        return "\(records.path): a table of \(records.columns.count) columns (T: the tree again)"
    }
}

extension TreeContent {
    /// The focused array's records (as `T` finds them): those the filter keeps when it filters
    /// that array.
    var recordsShown: (RecordTable, [Int]?)? {
        guard let records = recordsAtFocus else { return nil }
        guard json.filter?.container == records.container else { return (records, nil) }
        return (records, view.outline.keptChildren(ofNodeAt: records.container))
    }
}
