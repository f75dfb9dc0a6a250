import DocumentData
import TerminalUI
import Widgets

/// A frequency table or a column summary shown over a table's records: the ``SummaryTable``
/// so far in a ``LazyTable`` (its header row and rank pinned), what it is of, and whether its
/// counts are of the whole array.
struct SummaryView {
    /// What is summarised.
    enum Subject: Equatable {
        /// The frequency table of these columns (`v`, `:freq`).
        case frequency([RecordColumn])
        /// Every column's summary (`I`, `:describe`).
        case describe
    }

    let subject: Subject
    var grid: LazyTable<SummaryRows>
    /// Whether the counts are of every record (the pass ended over the whole array).
    var isWhole = false
    /// Whether the pass was stopped before its end (Esc): the counts are of the records read.
    var isStopped = false
    /// The `:where` whose records are counted, if any: what Enter's records are within, and
    /// what a count made again counts.
    let keptBy: RecordQuery?

    init(_ subject: Subject, table: SummaryTable, keptBy: RecordQuery?, width: Int, height: Int, theme: Theme) {
        self.subject = subject
        self.keptBy = keptBy
        grid = LazyTable(
            source: SummaryRows(table: table, theme: theme), width: width, height: height, style: RecordTableView.style(theme))
    }

    /// How the status line names it.
    var title: String {
        switch subject {
        case .frequency(let columns): "frequency of \(columns.map(\.name).joined(separator: ", "))"
        case .describe: "summary of the columns"
        }
    }

    /// What the status line says of its counts: their note, and whether they are partial.
    var note: String {
        grid.source.table.note + (isStopped ? " (stopped: Esc again or q returns)" : "")
    }

    /// Shows `table` (the counts read further), the same row and column selected.
    mutating func show(_ table: SummaryTable) {
        let selected = grid.selectedRowID
        let column = grid.selectedColumn
        let theme = grid.source.theme
        grid.replaceRows(from: 0) { $0 = SummaryRows(table: table, theme: theme) }
        // (The columns' widths are the new rows' too: a table first shown empty widens.)
        grid.update { _ in }
        if let selected { _ = grid.select(rowID: selected, alignment: .center) }
        if let column { _ = grid.select(column: column) }
    }

    /// Whether the selected row counts missing members.
    var selectedRowIsMissing: Bool {
        guard let row = grid.selectedRow, let first = grid.source.table.rows[row].first else { return false }
        return first == .text("(missing)", role: .note)
    }

    /// What Enter on the selected row opens.
    var selectedTarget: SummaryTarget? { grid.selectedRow.flatMap { grid.source.table.targets[$0] } }

    /// Draws with `theme` from now on.
    mutating func restyle(with theme: Theme) {
        grid.style = RecordTableView.style(theme)
        grid.update { $0.theme = theme }
    }
}
