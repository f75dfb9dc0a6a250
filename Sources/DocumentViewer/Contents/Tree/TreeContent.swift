import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// Any JSON document that is not a stack document, and JSON Lines, as the ``Viewer`` shows
/// them: its nodes as a tree that folds, the enclosing containers pinned at the top, the focused
/// node's path on the status line.
public struct TreeContent {
    /// The file's base name, for what the status line says of it.
    let fileName: String
    /// The screen size.
    public private(set) var size: TerminalSize

    var theme: Theme
    /// The rows, the position and the focus.
    var view: TreeView
    /// The marked nodes.
    var marks = TreeMarks()
    /// What a search or a lookup says (progress, an answer), until the next key.
    var notice: String?
    /// What the filter says: its progress while it runs (a key leaves it), its answer until the
    /// next key.
    var filterNotice: String?
    /// When the scan's finds were last taken in, and whether the last frame showed the last row.
    var lastTakeIn = ContinuousClock.now - .seconds(1)
    var showsEnd = false
    /// A jump beyond what the scan has found so far — a `:goto` path, or `G` to the last node —
    /// tried again as it finds more, until the scan ends or a key.
    var pendingJump: PendingJump?
    /// The `:goto` path being looked for, a step a tick.
    var pathLookup: PathLookup?
    /// Why the scan stopped before the end of the file, once it did.
    var problem: String?
    /// The search running, a window a tick.
    var search: TreeSearch?
    /// The last pattern searched and its direction, for `n` and `N`.
    var lastSearch: (pattern: RegexPattern, forward: Bool)?
    /// Where the last match was, and the node it focused.
    var lastMatch: (range: Range<Int>, indexes: [Int])?
    /// The first match the running search passed over because it is in the focused node.
    var skipped: Range<Int>?
    /// Matches the running search passed over because the filter leaves their node out.
    var hiddenMatches: Set<Int> = []
    /// The `&` filter being applied, a window a tick, and the one applied — each with the
    /// container whose children it filters (child indexes from the root; empty: the root).
    var filtering: TreeFilter?
    var filteringContainer: [Int] = []
    var appliedFilter: ChildFilter?
    /// A `:where` on a container's records being applied, a window a tick (a tree's; a table's
    /// is `querying`).
    var treeQuerying: RecordFilter?
    var appliedContainer: [Int] = []
    /// Whether the view keeps to the last node as a growing input's records arrive (`F`,
    /// `--follow`), until a key.
    var follows = false
    /// The records of an array shown as a table (`T`), over the tree; nil: the tree shows.
    var table: RecordTableView?
    /// The tree's focus the table last agreed with: when a search or a `:goto` moves it, the
    /// table follows.
    var tableFocusSeen: [Int]?
    /// `--view table` while the records are not read yet: shown when they are.
    var waitsForTable = false
    /// `G` in a table while the file is read: the last row stays selected as rows arrive.
    var followsTableEnd = false
    /// The table's `:sort` being read, a window a tick.
    var sorting: RecordSort?
    /// The table's row filter (`:where`, `&`) looking through the records, a window a tick
    /// (while the file is read, as it arrives).
    var querying: RecordFilter?
    /// What the table's rows are filtered by (`:where`, `&`), given back to the tree by `T`.
    var tableFilter: ChildFilter?
    /// The list's options, for a view made again (a followed file read again from its start).
    let options: StackOptions
    /// A search, a filter or a lookup runs a window a tick, a frame of progress between windows
    /// (on a terminal; `JobPolicy` says which keys stop which); when false (`render`), it ends
    /// before the key's frame.
    var runsWorkInSteps = false

    /// The content of `tree` on a screen of `size`, the root focused at the top.
    init(
        tree: JSONTree, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.fileName = fileName
        self.size = size
        self.theme = theme
        options = StackOptions(
            pinsHeaders: true, pinsFooters: false, prefetchScreens: prefetchScreens, retainScreens: retainScreens,
            initialEstimates: [.header: 1, .item: 1, .footer: 1, .loading: 1])
        view = TreeView(
            outline: JSONOutline(tree: tree), width: size.width, height: Self.height(for: size), theme: theme,
            options: options)
    }

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
        self.theme = theme
        view.restyle(with: theme)
        table?.restyle(with: theme)
    }

    /// Sends one line per layout decision to `log` (`--log FILE`).
    mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        view.setLayoutLog(log)
    }

    // MARK: - Events

    /// A key was pressed: what the work in progress said goes (a running filter's progress stays).
    mutating func keyPressed() {
        notice = nil
        followsTableEnd = false
        if filtering == nil { filterNotice = nil }
    }

    /// A tree has no keys of its own beyond the table's.
    func handleUnbound(_ key: Key) -> Bool { false }

    /// A click focuses the node under it, or jumps on the scrollbar.
    mutating func click(x: Int, y: Int) {
        if table != nil { table?.table.click(x: x, y: y) } else { view.click(x: x, y: y) }
    }

    /// Carries out `action`.
    /// - Returns: what to say.
    mutating func perform(_ action: ViewerAction) -> String? {
        // A page is the viewport less one line, half a page half the viewport, as in a stack document.
        if table != nil { return performInTable(action) }
        let page = max(1, Self.height(for: size) - 1)
        let half = max(1, Self.height(for: size) / 2)
        switch action {
        case .nextItem: view.moveFocus(forward: true)
        case .previousItem: view.moveFocus(forward: false)
        case .scrollLines(let lines): view.scroll(by: lines)
        case .pageDown: view.page(by: page)
        case .pageUp: view.page(by: -page)
        case .halfPageDown: view.page(by: half)
        case .halfPageUp: view.page(by: -half)
        case .toggleFold: view.toggleFocused()
        case .openFold: view.openFocused()
        case .closeFold: view.closeFocused()
        case .closeAll:
            view.closeAll()
            // Closing all drops what was open below the root's children, a filter's container too.
            if appliedFilter != nil, !appliedContainer.isEmpty {
                appliedFilter = nil
                appliedContainer = []
            }
        case .openAll:
            view.openEverything()
            return "zR: every container opens as it shows (zM closes them all)"
        case .closeSiblings: return view.foldSiblings(open: false)
        case .openSiblings: return view.foldSiblings(open: true)
        case .openOrChild: view.openOrEnter()
        case .closeOrParent: view.closeOrLeave()
        case .nextSibling: if !view.focusSibling(forward: true) { return "no next sibling" }
        case .previousSibling: if !view.focusSibling(forward: false) { return "no previous sibling" }
        case .top: view.focusRoot()
        case .bottom:
            view.focusLast()
            // The last node of what was read: the focus goes on to the last as more is read.
            if view.outline.tree.isScanning { pendingJump = .bottom }
        case .nextMatch: return repeatSearch(reversed: false)
        case .previousMatch: return repeatSearch(reversed: true)
        case .follow: return follow()
        case .toggleMark: return toggleMark()
        case .toggleTable: return showTable()
        case .nextMark: return nextMark()
        default: break
        }
        return nil
    }

    /// Runs the commands that concern the tree: `goto PATH` (or `:PATH`), `top`, `bottom`.
    /// - Returns: what to say.
    mutating func run(_ command: PromptCommand) -> String? {
        switch command {
        case .goto(let path, _): return goto(path)
        case .top: return perform(.top)
        case .bottom: return perform(.bottom)
        case .detail: return "detail: only a stack document has detail levels"
        case .sort(let column): return sort(by: column)
        case .where(let text): return applyWhere(text)
        case .stats, .marks, .help, .quit: return nil
        }
    }

    mutating func goto(_ text: String) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath(parsing: text)
        } catch {
            return "goto: \(error)"
        }
        pendingJump = nil
        // In a table, the tree's focus is the cell's first: the table follows where it goes.
        if table != nil { focusTreeOnCell() }
        lookUp(path)
        // (What the lookup says is its notice.)
        return nil
    }

    /// Starts looking for the node at `path`: a step now (all of it, unless ``runsWorkInSteps``),
    /// the rest a step a tick — a key in an object of millions is a search of its bytes, with
    /// progress, and a key stops it.
    mutating func lookUp(_ path: JSONPath) {
        pathLookup = PathLookup(path: path, in: view.outline.tree)
        continueLookup()
        while !runsWorkInSteps, pathLookup != nil { continueLookup() }
    }

    /// The next step of the `:goto` lookup: on an answer, the node focused, or — while the file
    /// is read — the jump waiting for the scan to find more.
    mutating func continueLookup() {
        defer { followTreeFocus() }
        guard var lookup = pathLookup else { return }
        let outcome = lookup.step()
        pathLookup = lookup
        switch outcome {
        case .searching:
            notice = "goto \(lookup.path): looking for the key… \(Int(lookup.progress * 100))% \(JobPolicy.hint(for: .lookup))"
        case .found(let indexes):
            pathLookup = nil
            notice = nil
            if view.reveal(childIndexes: indexes) {
                if case .path? = pendingJump { pendingJump = nil }
            } else {
                notice = "goto: \(lookup.path) is in what the filter leaves out"
            }
        case .notFound:
            pathLookup = nil
            if view.outline.tree.isScanning {
                // It may be further on than the scan got: looked for again as the scan finds more.
                pendingJump = .path(lookup.path)
                notice = nil
            } else {
                if case .path? = pendingJump { pendingJump = nil }
                notice = "goto: no node at \(lookup.path)"
            }
        }
    }

    /// Tries the jump waiting for the scan again, after a take-in: a path looked for again (the
    /// lookup a step a tick), or the last node focused again; it ends with the scan.
    mutating func retryPendingJump() {
        switch pendingJump {
        case .path(let path)?:
            if pathLookup == nil { lookUp(path) }
        case .bottom?:
            view.focusLast()
            if !view.outline.tree.isScanning { pendingJump = nil }
        default:
            return
        }
    }

    /// `m`: marks the focused node, or unmarks it.
    mutating func toggleMark() -> String? {
        guard let indexes = view.focusedIndexes else { return nil }
        let path = view.focusedPath?.description ?? ""
        return marks.toggle(indexes) ? "marked \(path) (\(marks.count) marked)" : "unmarked \(path)"
    }

    /// `'`: the next marked node after the focus, opening its ancestors; wraps at the end.
    mutating func nextMark() -> String? {
        guard !marks.isEmpty else { return "no marks: m marks the focused node" }
        for indexes in marks.following(view.focusedIndexes ?? []) where indexes != view.focusedIndexes {
            if view.reveal(childIndexes: indexes) { return nil }
        }
        return marks.contains(view.focusedIndexes ?? [-1]) ? "the only mark is here" : "no marks in what the filter shows"
    }

    /// The marks box: each mark's path, in document order.
    var markListing: (title: String, lines: [String]) {
        let lines = marks.inDocumentOrder.compactMap { view.outline.path(ofChildIndexes: $0)?.description }
        return ("Marks (\(marks.count))", lines.isEmpty ? ["No marks: m marks the focused node."] : lines)
    }

    /// Takes in the root's children the background scan found (rows added at the end), says so
    /// when it stopped at an error, and lets what waited for the scan go on: a jump to what it
    /// found, a search that looked at all that was read before.
    public mutating func takeScanned() {
        let tree = view.outline.tree
        guard tree.isScanning else { return }
        view.takeScanned()
        if follows, table == nil { view.focusLast() }
        if table != nil {
            if table?.takeRecords() == false {
                sorting = nil
                querying = nil
                notice = "the records were read again: the rows are in the file's order"
            }
            if follows || followsTableEnd { table?.table.selectLastRow() }
            if !tree.isScanning { followsTableEnd = false }
        }
        if waitsForTable { showRecordsTable() }
        if sorting != nil { continueSort() }
        if querying != nil { continueRowFilter() }
        dropFilterTooComplex()
        retryPendingJump()
        if let search, search.isWaiting { continueSearch() }
        if let reason = tree.restartReason {
            restart(saying: reason)
        } else if let failure = tree.scanFailure ?? (tree.isScanning ? nil : tree.inputFailure) {
            problem = "\(failure) (shown: what was read before)"
        }
    }

    /// `F`, `--follow`: keeps the focus on the last node as a growing input's records arrive,
    /// until a key.
    public mutating func follow() -> String? {
        let tree = view.outline.tree
        guard tree.isGrowing, tree.isScanning else {
            return ViewerJob.nothingToFollow
        }
        follows = true
        view.focusLast()
        return nil
    }

    /// A followed file of JSON Lines was truncated or replaced: it is read again from its start
    /// (marks and a filter, which named the old file's records, go); following goes on.
    private mutating func restart(saying reason: String) {
        let old = view.outline.tree
        guard old.isJSONLines, let file = old.followedFile,
            let fresh = try? JSONTree(following: GrowingFile(path: file.path), jsonLines: true) else {
            problem = "\(reason): the view shows what was read before"
            return
        }
        view = TreeView(
            outline: JSONOutline(tree: fresh), width: size.width, height: Self.height(for: size), theme: theme,
            options: options)
        // What pointed into the old file goes with it.
        marks = TreeMarks()
        appliedFilter = nil
        appliedContainer = []
        notice = nil
        filterNotice = nil
        search = nil
        filtering = nil
        treeQuerying = nil
        lastMatch = nil
        skipped = nil
        hiddenMatches = []
        pendingJump = nil
        pathLookup = nil
        problem = reason
        // A table of the file's lines shows the new file's (a sort or a `:where` of the old one goes).
        let showedLines = table?.container == []
        closeTable()
        if showedLines { showRecordsTable() }
        if follows { view.focusLast() }
    }

    /// JSON Lines: the focused node's line in the file.
    var place: String? {
        guard view.outline.tree.isJSONLines, let focus = view.focus,
            let first = view.outline.row(focus).steps.first else { return nil }
        return "line \(StatusLine.grouped(first.table.lineNumber(of: first.index)))"
    }

    /// While the file is read: how far, and what waits for it, for the status line.
    var readingNote: String? {
        let tree = view.outline.tree
        if follows { return "following \(JobPolicy.hint(for: .follow))" }
        switch pendingJump {
        case .path(let path)?: return "goto \(path): reading on to find it, \(tree.readNote) \(JobPolicy.hint(for: .pendingJump))"
        case .bottom?: return "G: on to the last node as it is read, \(tree.readNote) \(JobPolicy.hint(for: .pendingJump))"
        default: break
        }
        guard tree.isScanning, tree.size > 0 else { return nil }
        if tree.isSpooled { return "reading, \(ByteCount(tree.size)) so far (kept in a temporary file)" }
        if tree.isGrowing { return "reading, \(ByteCount(tree.scannedBytes)) so far" }
        return "reading \(tree.scannedBytes * 100 / tree.size)%"
    }

    /// Changes the screen size.
    public mutating func resize(to newSize: TerminalSize) {
        size = newSize
        view.resize(width: newSize.width, height: Self.height(for: newSize))
        table?.table.resize(width: newSize.width, height: Self.height(for: newSize))
    }

    // MARK: - Frames

    /// Lines for the tree: all but the status line.
    static func height(for size: TerminalSize) -> Int { max(0, size.height - 1) }

    /// Draws the tree into `area`, with the marks in the gutter.
    /// - Returns: the status line of the frame, its message left to the viewer.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, promptIsOpen: Bool) -> StatusLine {
        followTreeFocus()
        if let status = drawTable(into: &buffer, area: area) { return status }
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
        // A row that found the file malformed: said once, where (the scan checks the skeleton only).
        if problem == nil, let error = view.outline.tree.firstMalformed {
            problem = "\(fileName):\(error.line):\(error.column): \(error.message) (the file is malformed there)"
        }
        let renderer = FrameRenderer(theme: theme, viewport: area.height)
        // The last search's matches on screen, as a stack document's (right of the gutter, left
        // of the scrollbar).
        if let last = lastSearch {
            renderer.highlight(last.pattern, columns: 2..<max(2, area.width - 1), into: &buffer)
        }
        if !marks.isEmpty {
            for placed in frame.rows {
                // One lookup a row: its role and its child indexes.
                let row = view.outline.row(placed.index)
                guard row.role != .closing, marks.contains(row.steps.map(\.index)) else { continue }
                renderer.drawMark(x: 1, y: placed.origin, into: &buffer)
            }
        }
        return StatusLine(
            focusedID: focusedPath, fileName: "", section: nil, position: nil,
            progress: StatusLine.progress(
                lastVisibleRow: max(0, frame.visibleRange.upperBound - 1), rowCount: stack.rowCount,
                atTop: frame.isAtTop, atBottom: frame.isAtBottom),
            contentSize: frame.contentSize, detailLevel: nil, markCount: marks.count, loadingNote: readingNote,
            place: place, filterNote: filterNote)
    }
}
