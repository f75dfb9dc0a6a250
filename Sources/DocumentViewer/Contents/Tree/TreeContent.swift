import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// Any JSON document that is not a stack document, and JSON Lines, as the ``Viewer`` shows
/// them: its nodes as a tree that folds, the enclosing containers pinned at the top, the focused
/// node's path on the status line. `T` hands the records of an array to a `TableContent`.
///
/// Components, each changed by its own methods: what it shares with a table of the same
/// document (`OpenJSON`), the rows and the focus (`TreeView`), its whole-file jobs.
public struct TreeContent {
    /// The document, the marks, the filter, the last search, what stays said.
    var json: OpenJSON
    /// The rows, the position and the focus.
    var view: TreeView
    /// The search, the filter, the lookup and the jump running; what the last one said.
    var jobs = JobList<TreeContent>()
    /// Whether the last frame showed the last row.
    var showsEnd = false
    /// `--view table` while the records are not read yet: shown when they are.
    var waitsForTable = false
    /// The content `T` hands over to (a table of the focused records), until the viewer takes it.
    var handover: (any ViewerContent)?

    /// The content of `tree` on a screen of `size`, the root focused at the top.
    init(
        tree: JSONTree, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        let options = StackOptions(
            pinsHeaders: true, pinsFooters: false, prefetchScreens: prefetchScreens, retainScreens: retainScreens,
            initialEstimates: [.header: 1, .item: 1, .footer: 1, .loading: 1])
        json = OpenJSON(tree: tree, fileName: fileName, size: size, theme: theme, options: options)
        view = Self.view(of: tree, in: json)
    }

    /// The view of `tree`, the root focused.
    private static func view(of tree: JSONTree, in json: OpenJSON) -> TreeView {
        TreeView(
            outline: JSONOutline(tree: tree), width: json.size.width, height: json.height, theme: json.theme,
            options: json.options)
    }

    /// The screen size.
    public var size: TerminalSize { json.size }

    /// The focused node's path, as the status line shows it.
    public var focusedPath: String? { view.focusedPath?.description }

    /// The rows' engine, for statistics and tests.
    public var stack: LazyStack<TreeRows> { view.stack }

    /// Focuses the node at `path` (`--scroll-to`), opening its ancestors.
    /// - Returns: false, changing nothing, when `path` is not a path or names no node.
    @discardableResult
    mutating func reveal(path text: String) -> Bool {
        guard let path = try? JSONPath(parsing: text) else { return false }
        return view.reveal(path: path)
    }

    /// Draws with `theme` from now on (the terminal turned out to have no colours).
    mutating func useTheme(_ theme: Theme) {
        json.theme = theme
        view.restyle(with: theme)
    }

    /// Sends one line per layout decision to `log` (`--log FILE`).
    mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        view.setLayoutLog(log)
    }

    // MARK: - Events

    /// A key was pressed: what the last job said goes (a running filter's progress stays).
    mutating func keyPressed() {
        jobs.keyPressed()
    }

    /// A tree has no keys of its own beyond the table's.
    func handleUnbound(_ key: Key) -> Bool { false }

    /// A click focuses the node under it, or jumps on the scrollbar.
    mutating func click(x: Int, y: Int) { view.click(x: x, y: y) }

    /// Carries out `action`.
    /// - Returns: what to say.
    mutating func perform(_ action: ViewerAction) -> String? {
        // A move is the tree widget's own (its keys, its page).
        if let move = ViewerKeys.listMove(for: action) {
            view.perform(move)
            // The last node of what was read: the focus goes on to the last as more is read.
            if move == .selectLast, json.tree.isScanning { wait(PendingJumpJob(.bottom)) }
            return nil
        }
        switch action {
        case .scrollLines(let lines): view.scroll(by: lines)
        case .toggleFold: view.toggleFocused()
        case .openFold: view.openFocused()
        case .closeFold: view.closeFocused()
        case .closeAll:
            view.closeAll()
            // Closing all drops what was open below the root's children, a filter's container too.
            if let applied = json.filter, !applied.container.isEmpty { json.filter = nil }
        case .openAll:
            view.openEverything()
            return "zR: every container opens as it shows (zM closes them all)"
        case .closeSiblings: return view.foldSiblings(open: false)
        case .openSiblings: return view.foldSiblings(open: true)
        case .openOrChild: view.openOrEnter()
        case .closeOrParent: view.closeOrLeave()
        case .nextSibling: if !view.focusSibling(forward: true) { return "no next sibling" }
        case .previousSibling: if !view.focusSibling(forward: false) { return "no previous sibling" }
        case .parent: if !view.focusOpenParent() { return "the root has no parent" }
        case .matchingBracket: return focusMatchingBracket()
        case .placeFocus(let alignment): view.placeFocus(alignment)
        case .searchKey(let forward): return searchFocusedKey(forward: forward)
        case .nextMatch: return repeatSearch(reversed: false)
        case .previousMatch: return repeatSearch(reversed: true)
        case .follow: return follow()
        case .toggleMark: return toggleMark()
        case .toggleTable: return showTable()
        case .frequencyOfColumn: return summarize(.frequency(nil))
        case .describeColumns: return summarize(.describe)
        case .nextMark: return nextMark()
        default: break
        }
        return nil
    }

    /// `:sort` in a tree: only a table's rows sort.
    func sort(by text: String?) -> String? { "sort: a table's rows (T on an array of records shows one)" }

    /// `m`: marks the focused node, or unmarks it.
    mutating func toggleMark() -> String? {
        guard let indexes = view.focusedIndexes else { return nil }
        return json.toggleMark(indexes, path: view.focusedPath?.description ?? "")
    }

    /// `'`: the next marked node after the focus, opening its ancestors; wraps at the end.
    mutating func nextMark() -> String? {
        let marks = json.marks
        guard !marks.isEmpty else { return "no marks: m marks the focused node" }
        for indexes in marks.following(view.focusedIndexes ?? []) where indexes != view.focusedIndexes {
            if view.reveal(childIndexes: indexes) { return nil }
        }
        return marks.contains(view.focusedIndexes ?? [-1]) ? "the only mark is here" : "no marks in what the filter shows"
    }

    /// The marks box: each mark's path, in document order.
    var markListing: (title: String, lines: [String]) { markListing(of: json.marks) }

    /// The marks box of `marks`.
    func markListing(of marks: TreeMarks) -> (title: String, lines: [String]) {
        let lines = marks.inDocumentOrder.compactMap { view.outline.path(ofChildIndexes: $0)?.description }
        return ("Marks (\(marks.count))", lines.isEmpty ? ["No marks: m marks the focused node."] : lines)
    }

    /// Takes in what the scan found: rows arriving below the screen change nothing on it.
    /// - Returns: whether they show (the end was on screen), or the table `--view table` waited
    ///   for is handed over.
    mutating func takeIn() -> Bool {
        let rows = stack.rowCount
        takeScanned()
        return (showsEnd && stack.rowCount > rows) || handover != nil
    }

    /// Takes in the root's children the background scan found (rows added at the end), says so
    /// when it stopped at an error, and lets what waited for the scan go on: a jump to what it
    /// found, a search that looked at all that was read before.
    public mutating func takeScanned() {
        let tree = json.tree
        guard tree.isScanning else { return }
        view.takeScanned()
        if json.follows { view.focusLast() }
        jobs.inputGrew()
        if !jobs.runsInSteps { runToEnd() }
        if let reason = tree.restartReason {
            restart(saying: reason)
        } else {
            json.noteScanFailure()
        }
        // Last: the table `--view table` waits for is made of the tree as the take-in left it.
        if waitsForTable { showRecordsTable() }
    }

    /// A followed file of JSON Lines was truncated or replaced: it is read again from its start
    /// (marks and a filter, which named the old file's records, go); following goes on.
    private mutating func restart(saying reason: String) {
        let old = json.tree
        guard old.isJSONLines, let file = old.followedFile,
            let fresh = try? ChangeSignal.allowingWaits({ try JSONTree(following: GrowingFile(path: file.path), jsonLines: true) })
        else {
            json.problem = "\(reason): the view shows what was read before"
            return
        }
        json.restart(with: fresh)
        view = Self.view(of: fresh, in: json)
        jobs.stopAll()
        // (An event, not a state: said until the next key, as a stack document says it.)
        jobs.say(reason)
        if json.follows { view.focusLast() }
    }

    /// JSON Lines: the focused node's line in the file.
    var place: String? {
        guard json.tree.isJSONLines, let focus = view.focus,
            let first = view.outline.row(focus).steps.first else { return nil }
        return "line \(StatusLine.grouped(first.table.lineNumber(of: first.index)))"
    }

    /// While the file is read: how far, and what waits for it, for the status line.
    var readingNote: String? {
        json.readingNote(pendingJump: jobs.job(.pendingJump, as: PendingJumpJob<TreeContent>.self)?.readingNote(in: self))
    }

    /// Changes the screen size.
    public mutating func resize(to newSize: TerminalSize) {
        json.size = newSize
        view.resize(width: newSize.width, height: json.height)
    }

    // MARK: - Frames

    /// Draws the tree into `area`, with the marks in the gutter.
    /// - Returns: the status line of the frame, its message left to the viewer.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, promptIsOpen: Bool) -> StatusLine {
        var frame = view.draw(into: &buffer, area: area)
        // After zR, what shows opens, and what that brings on screen in turn (a screen's worth
        // of levels at most).
        // (`where` would go on asking after a frame that opened nothing: a loop that stops.)
        var levels = 0
        while levels < area.height, view.openShown(frame) {
            for y in area.y..<(area.y + area.height) { buffer.fill(.plain, y: y) }
            frame = view.draw(into: &buffer, area: area)
            levels += 1
        }
        showsEnd = frame.isAtBottom
        json.noteMalformed()
        let renderer = FrameRenderer(theme: json.theme, viewport: area.height)
        // The last search's matches on screen, as a stack document's (right of the gutter, left
        // of the scrollbar).
        if let last = json.lastSearch {
            renderer.highlight(last.pattern, columns: 2..<max(2, area.width - 1), into: &buffer)
        }
        let marks = json.marks
        if !marks.isEmpty {
            for placed in frame.rows {
                // One lookup a row: its role and its child indexes.
                let row = view.outline.row(placed.index)
                guard row.role != .closing, marks.contains(row.steps.map(\.index)) else { continue }
                renderer.drawMark(x: 1, y: placed.origin, into: &buffer)
            }
        }
        return StatusLine(
            focusedID: focusedPath, fileName: view.focusedIndexes?.first.flatMap { json.tree.mergedFile(ofRecord: $0) } ?? "",
            section: nil, position: nil,
            progress: StatusLine.progress(of: frame, rowCount: stack.rowCount),
            contentSize: frame.contentSize, detailLevel: nil, markCount: marks.count, loadingNote: readingNote,
            place: place, filterNote: filterNote)
    }
}

// MARK: - The focused node, for a search, a lookup and `y`

extension TreeContent: NodeFocusing {
    var outline: JSONOutline { view.outline }
    var focusedIndexes: [Int]? { view.focusedIndexes }
    var emptyNote: String { "the tree is empty" }

    mutating func focus(nodeAt indexes: [Int], opensString: Bool) -> FocusOutcome {
        guard view.reveal(childIndexes: indexes) else { return .leftOut }
        // A match in a long string cut short: the string unfolds, as containers do.
        if opensString, let focus = view.focus, !view.outline.canOpen(focus) { view.openFocused() }
        return .focused(said: nil)
    }

    mutating func focusLast() { view.focusLast() }

    func leftOutNote(_ indexes: [Int], path: JSONPath) -> String {
        "goto: \(path) is in what the filter leaves out"
    }
}

extension TreeContent {
    /// `%`: from an open container to its last child (its closing bracket is below it), from
    /// the last child of a container back to the container — jless's matching bracket, for a
    /// focus that is on nodes.
    /// - Returns: what to say when neither applies.
    mutating func focusMatchingBracket() -> String? {
        guard let focus = view.focus, let indexes = view.focusedIndexes else { return emptyNote }
        let tree = json.tree
        if view.outline.isOpen(focus), let children = tree.children(atChildIndexes: indexes), children.count > 0,
            let last = tree.child(atIndex: -1, in: children) {
            _ = self.focus(nodeAt: indexes + [last], opensString: false)
            return nil
        }
        if let index = indexes.last, let parent = tree.children(atChildIndexes: Array(indexes.dropLast())),
            tree.child(atIndex: -1, in: parent) == index {
            _ = self.focus(nodeAt: Array(indexes.dropLast()), opensString: false)
            return nil
        }
        return "%: on an open container, its last child; on a last child, its container"
    }
}
