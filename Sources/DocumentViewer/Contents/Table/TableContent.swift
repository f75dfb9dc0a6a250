import DocumentData
import StackEngine
import TerminalUI
import Widgets

/// The records of one array of a JSON document — a JSON Lines file's lines, an API's `data`, a
/// GeoJSON's `features` — as the ``Viewer`` shows them (`T` in a tree, `--view table`): a row a
/// record, a column a member, the header row and the record's index pinned; `:sort`, `:where`
/// and `&` over the whole array as it is read.
///
/// Components, each changed by its own methods: what it shares with the tree of the same
/// document (``OpenJSON``), the rows and the selected cell (``RecordTableView``), its
/// whole-file jobs, and the tree it hands the focus back to with `T`.
struct TableContent {
    var json: OpenJSON
    /// The rows, the columns and the selected cell.
    var view: RecordTableView
    /// The tree as `T` left it (its folds and scroll position), given the focus back by `T`.
    var tree: TreeContent
    /// The sort, the row filter, the search, the lookup running; what the last one said.
    var jobs = JobList<TableContent>()
    /// What the rows are filtered by (`:where`, `&`), given back to the tree by `T`.
    var rowFilter: ChildFilter?
    /// The content `T` (or a node outside the table) hands over to, until the viewer takes it.
    var handover: (any ViewerContent)?
    /// The frequency tables and column summaries opened over the records (`v`, `I`), the one
    /// shown last; q closes it.
    var summaries: [SummaryView] = []
    /// Whether the records show as Enter on the summary's row filtered them (q: back to it),
    /// and the filter they had before, given back then.
    var showsRecordsOfSummary = false
    var filterBeforeSummaryRecords: ChildFilter?

    /// A table of `records`, handed over from `tree`: its focused node's cell selected, its marks
    /// shown, its rows filtered by `filter` (the tree's of these records).
    init(records: RecordTable, from tree: TreeContent, filteredBy filter: ChildFilter?) {
        json = tree.json
        self.tree = tree
        view = RecordTableView(records: records, width: json.size.width, height: json.height, theme: json.theme)
        jobs.runsInSteps = tree.jobs.runsInSteps
        if let focus = tree.view.focusedIndexes { view.select(nodeAt: focus) }
        view.showMarks(of: json.marks)
        if let filter { startRowFilter(filter) }
    }

    /// `T` or Enter: back to the tree, the selected cell's node focused (or a match a search
    /// found inside it).
    mutating func handBack() {
        handover = treeTakingOver(focusing: searchFocus) ?? treeTakingOver()
    }

    /// The tree this table goes back to, as the table leaves it: what they share, the rows'
    /// filter the tree's again on the same records, nothing said of its own (a key came).
    /// - Returns: nil when `focus` is given and the tree's filter leaves that node out.
    private func treeTakingOver(focusing focus: [Int]? = nil, opensString: Bool = false) -> TreeContent? {
        var back = tree
        back.json = json
        back.jobs.runsInSteps = jobs.runsInSteps
        back.jobs.keyPressed()
        back.handover = nil
        if let focus, back.focus(nodeAt: focus, opensString: opensString) == .leftOut { return nil }
        if let rowFilter { back.filterChildren(of: view.container, by: rowFilter) }
        return back
    }

    // MARK: - Events

    /// A key was pressed: what the last job said goes.
    mutating func keyPressed() {
        jobs.keyPressed()
    }

    mutating func click(x: Int, y: Int) {
        guard summaryShown == nil else { return summaries[summaries.count - 1].grid.click(x: x, y: y) }
        view.grid.click(x: x, y: y)
    }

    /// Carries out `action`.
    /// - Returns: what to say.
    mutating func perform(_ action: ViewerAction) -> String? {
        if summaryShown != nil { return performInSummary(action) }
        // A move is the table widget's own (its keys, its page: the rows' less the header row).
        if let move = ViewerKeys.tableMove(for: action) {
            view.grid.perform(move)
            // The last row of what was read: the selection goes on to the last as more is read.
            if move == .rows(.selectLast), json.tree.isScanning { wait(PendingJumpJob(.bottom)) }
            return nil
        }
        switch action {
        case .scrollLines(let lines): view.grid.scroll(by: lines)
        case .placeFocus(let alignment): view.grid.scrollSelection(to: alignment)
        case .searchKey(let forward): return searchFocusedKey(forward: forward)
        case .sortBySelectedColumn(let descending): return sortBySelectedColumn(descending: descending)
        case .toggleTable: handBack()
        case .nextMatch: return repeatSearch(reversed: false)
        case .previousMatch: return repeatSearch(reversed: true)
        case .follow: return follow()
        case .toggleMark: return toggleMark()
        case .nextMark: return nextMark()
        case .frequencyOfColumn: return showFrequency(of: nil)
        case .describeColumns: return describeColumns()
        default: break
        }
        return nil
    }

    /// Takes in what the scan found.
    /// - Returns: whether the screen changed: the last row kept selected as rows arrive, a
    ///   view of a file read again handed over.
    mutating func takeIn() -> Bool {
        takeScanned()
        return json.follows || handover != nil
    }

    /// Takes in what the scan found (the tree's rows behind the table too), and the records read
    /// since; a followed file read again from its start hands over to a view of the new file.
    mutating func takeScanned() {
        let old = json.tree
        guard old.isScanning else { return }
        tree.json = json
        tree.takeScanned()
        json = tree.json
        // What the tree behind says (a filter of its own dropped) is said over the table.
        if let said = tree.jobs.said {
            jobs.say(said)
            tree.jobs.keyPressed()
        }
        guard json.tree === old else {
            // Read again from its start: a table of the file's lines shows the new file's (a sort
            // or a `:where` of the old one goes), any other the tree.
            jobs.stopAll()
            var fresh = tree
            fresh.jobs.runsInSteps = jobs.runsInSteps
            if view.container.isEmpty { fresh.showRecordsTable() }
            handover = fresh.handover ?? fresh
            return
        }
        if !view.takeRecords() {
            jobs.stop([.sort, .query, .summary])
            rowFilter = nil
            summaries = []
            showsRecordsOfSummary = false
            filterBeforeSummaryRecords = nil
            jobs.say("the records were read again: the rows are in the file's order")
        }
        if json.follows { view.grid.selectLastRow() }
        jobs.inputGrew()
        if !jobs.runsInSteps { runToEnd() }
    }

    /// Changes the screen size.
    mutating func resize(to newSize: TerminalSize) {
        json.size = newSize
        view.grid.resize(width: newSize.width, height: json.height)
        for index in summaries.indices { summaries[index].grid.resize(width: newSize.width, height: json.height) }
        tree.resize(to: newSize)
    }

    /// Draws with `theme` from now on.
    mutating func useTheme(_ theme: Theme) {
        json.theme = theme
        view.restyle(with: theme)
        for index in summaries.indices { summaries[index].restyle(with: theme) }
        tree.useTheme(theme)
    }

    // MARK: - Marks: a row (its record) marked

    /// `m`: marks the selected row's record, or unmarks it (a mark of the tree's: `T` shows it on
    /// the record's node).
    mutating func toggleMark() -> String? {
        guard let row = view.grid.selectedRow else { return nil }
        let indexes = view.container + [view.grid.source.record(ofRow: row)]
        let said = json.toggleMark(indexes, path: outline.path(ofChildIndexes: indexes)?.description ?? "")
        view.showMarks(of: json.marks)
        return said
    }

    /// `'`: the next marked record's row after the selected one (in the file's order), wrapping;
    /// marks elsewhere in the tree are passed over.
    mutating func nextMark() -> String? {
        let container = view.container
        let here = container + [view.grid.selectedRow.map(view.grid.source.record(ofRow:)) ?? -1]
        let rows = json.marks.following(here).filter {
            $0.count == container.count + 1 && $0.starts(with: container) && $0 != here
        }
        for indexes in rows where view.select(nodeAt: indexes) == .selected { return nil }
        return json.marks.contains(here) ? "the only marked row is here" : "no marked rows: m marks the selected row"
    }

    /// The marks box: each mark's path, in document order.
    var markListing: (title: String, lines: [String]) { tree.markListing(of: json.marks) }

    /// While the file is read: how far, and what waits for it, for the status line.
    var readingNote: String? {
        json.readingNote(pendingJump: jobs.job(.pendingJump, as: PendingJumpJob<TableContent>.self)?.readingNote(in: self))
    }
}

// MARK: - The selected cell's node, for a search, a lookup and `y`

extension TableContent: NodeFocusing {
    var outline: JSONOutline { tree.view.outline }
    var focusedIndexes: [Int]? { view.selectedSteps?.map(\.index) }
    var emptyNote: String { "the table is empty" }

    /// The selected cell's node, or the last match when it is inside it: `n` goes on from the
    /// match, not from the cell's start again.
    var searchFocus: [Int]? {
        guard let cell = focusedIndexes else { return nil }
        if let match = json.lastMatch, match.count > cell.count, match.starts(with: cell) { return match }
        return cell
    }

    /// Selects the node's cell; a node outside the table hands over to the tree, focused there.
    mutating func focus(nodeAt indexes: [Int], opensString: Bool) -> FocusOutcome {
        switch view.select(nodeAt: indexes) {
        case .selected: return .focused(said: nil)
        case .hidden: return .leftOut
        case .outside:
            guard let back = treeTakingOver(focusing: indexes, opensString: opensString) else { return .leftOut }
            handover = back
            return .focused(said: "\(back.focusedPath ?? ".") is outside the table: the tree shows it")
        }
    }

    mutating func focusLast() { view.grid.selectLastRow() }

    func leftOutNote(_ indexes: [Int], path: JSONPath) -> String {
        "\(outline.path(ofChildIndexes: indexes)?.description ?? ".") is in a row the filter leaves out"
    }
}
