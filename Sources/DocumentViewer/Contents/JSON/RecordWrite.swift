import DocumentData
import TerminalUI

// MARK: - `:write FILE`: the records shown, to a file

extension ViewerContent where Self: NodeFocusing {
    /// `:write FILE` (`:w!` with `overwrites`): writes the records the view shows
    /// (``recordsShown``: kept by `&` or `:where`, in `:sort`'s order) as CSV, a JSON array or
    /// JSON Lines by the file's extension, as a whole-file job: a temporary file renamed over
    /// `path` once whole, none left when Esc stops it or it fails.
    /// - Returns: why it cannot begin.
    mutating func write(to path: String, overwrites: Bool) -> String? {
        let shown = CellText.inert(path)
        let format: RecordsExport.Format?
        switch path.split(separator: ".").last.map({ $0.lowercased() }) {
        case "csv"?: format = nil
        case "json"?: format = .array
        case "jsonl"?, "ndjson"?: format = .lines
        default: return ":write \(shown): the file's extension says how: .csv, .json or .jsonl (.ndjson)"
        }
        if let summary = summaryShownTable {
            // (A whole-file answer: never the counts so far.)
            guard summary.isWhole else { return ":write: the counts are not whole yet (so far): write once they are" }
            return startWriting(to: path, overwrites: overwrites) { SummaryExport(summary, format: format) }
        }
        guard let (records, order) = recordsShown else { return ":write: no records here (an array of objects, JSON Lines)" }
        let tree = json.tree
        // (A whole-file answer: never from part of the input.)
        guard !tree.isScanning else { return ":write: \(json.fileName) is still being read (\(tree.readNote)): write once it is read" }
        if let format { return startWriting(to: path, overwrites: overwrites) { RecordsExport(records, order: order, format: format) } }
        return startWriting(to: path, overwrites: overwrites) { TableExport(records, order: order) }
    }

    /// Starts `writer`'s export into a new file at `path`.
    /// - Returns: why it cannot begin.
    private mutating func startWriting(
        to path: String, overwrites: Bool, _ writer: () -> some ExportWriting
    ) -> String? {
        let file: PendingFile
        do {
            file = try PendingFile(path: path, overwrites: overwrites)
        } catch {
            return ":write: \(CellText.inert(error.description))"
        }
        start(ExportJob(writer(), to: ExportSink(writing: file)))
        return nil
    }
}
