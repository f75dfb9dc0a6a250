import DocumentData

/// A view of a JSON document with a focused node — the tree's focus, a table's selected cell —
/// which a search, a `:goto` and `y` work from.
protocol NodeFocusing: JobRunning {
    /// What the tree and the table share.
    var json: OpenJSON { get set }
    /// The document's outline: paths and offsets of nodes.
    var outline: JSONOutline { get }
    /// The focused node's child indexes from the root (empty: the root); nil when there is none.
    var focusedIndexes: [Int]? { get }
    /// The node a search goes on from: the focused one, or a match inside it a search focused
    /// last (a table's cell holds more than its node's row).
    var searchFocus: [Int]? { get }
    /// Focuses the node at `indexes` (child indexes from the root), opening its ancestors — and
    /// itself when `opensString` and it is a long string cut short (a search's match in it).
    mutating func focus(nodeAt indexes: [Int], opensString: Bool) -> FocusOutcome
    /// Focuses the last node (`G`), as far as the file is read.
    mutating func focusLast()
    /// Takes in what the background scan found.
    /// - Returns: whether the screen changed (rows arrived on it, a view handed over).
    mutating func takeIn() -> Bool
    /// `:sort [-]COLUMN` (a table's rows; a tree says so).
    mutating func sort(by text: String?) -> String?
    /// `:where EXPR` (a table's rows; a tree's focused records).
    mutating func applyWhere(_ text: String?) -> String?
    /// `:freq`, `:describe` (a table's records; a tree's focused records, as a table).
    mutating func summarize(_ summary: SummaryRequest) -> String?
    /// The records the view shows, for `:write`: their table, and the records shown in their
    /// order (nil: all, in the file's order); nil when it shows no records.
    var recordsShown: (RecordTable, [Int]?)? { get }
    /// The frequency table or column summary shown over the records, which `:write` writes
    /// instead of them.
    var summaryShownTable: SummaryTable? { get }
    /// What work on the nodes (a search, `:goto`, `:sort`, `:where`, `y`) says while a view over
    /// them shows instead (a summary); nil: it runs.
    var nodesHiddenNote: String? { get }
    /// What `y` says when nothing is focused.
    var emptyNote: String { get }
    /// What `:goto` says when the node it found is in what the filter leaves out.
    func leftOutNote(_ indexes: [Int], path: JSONPath) -> String
}

/// Where focusing a node came to.
enum FocusOutcome: Equatable {
    /// It is focused (or the view gave way to one that shows it, saying so).
    case focused(said: String?)
    /// It is in what the filter leaves out.
    case leftOut
}

extension NodeFocusing {
    var searchFocus: [Int]? { focusedIndexes }
    var summaryShownTable: SummaryTable? { nil }
    var nodesHiddenNote: String? { nil }

    mutating func answerCaveat(checkingAll: Bool) -> String? {
        if checkingAll { json.tree.checkGrammarNow() }
        return json.answerCaveat
    }

    /// The focused node's steps from the root.
    var focusedSteps: [(table: ChildTable, index: Int)]? {
        focusedIndexes.flatMap { json.tree.steps(toChildIndexes: $0) }
    }

}

/// A frequency table or a column summary asked for (`v`, `:freq`, `I`, `:describe`).
enum SummaryRequest: Equatable {
    /// Of the columns named (nil: the selected one; in a tree, the focused member's).
    case frequency([String]?)
    case describe
}
