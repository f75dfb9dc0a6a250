import ListWidget
import StackDocument
import StackEngine
import TerminalUI

/// The viewer of any JSON document that is not a stack document: its nodes as a tree that folds,
/// the enclosing containers pinned at the top, the focused node's path on the status line. Events
/// in, frames out, as ``Browser``: `tstack browse` runs it on the terminal, `tstack render` on the
/// in-memory one.
public struct TreeBrowser {
    /// The file's base name, shown in the status line.
    public let fileName: String
    /// The screen size.
    public private(set) var size: TerminalSize
    /// Whether `q` was pressed.
    public private(set) var isFinished = false

    var theme: Theme
    /// The rows, the position and the focus.
    var view: TreeView
    /// The `:` line and its history.
    var prompt = PromptLine()
    /// The help box (F1) or the marks box, shown until the next key.
    var overlay: Overlay?
    /// The marked nodes.
    var marks = TreeMarks()
    /// The first key of a two-key command (`z`), while the second is awaited.
    var pendingPrefix: Character?
    /// What the last command said, until the next key.
    var feedback: String?
    /// When the last frame was drawn and the scan's finds last taken in, whether the screen
    /// changed since, and whether the last frame showed the last row.
    var pacing = FramePacing()
    var lastTakeIn = ContinuousClock.now - .seconds(1)
    var showsEnd = false
    /// A jump beyond what the scan has found so far — a `:goto` path, or `G` to the last node —
    /// tried again as it finds more, until the scan ends or a key.
    var pendingJump: PendingJump?
    /// The `:goto` path being looked for, a step a tick.
    var pathLookup: PathLookup?
    /// Why the scan stopped before the end of the file, once it did.
    var problem: String?
    /// Text for the clipboard, until the run loop takes it.
    var clipboard: String?
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
    /// The `&` filter being applied, a window a tick, and the one applied.
    var filtering: TreeFilter?
    var appliedFilter: RegexPattern?
    /// Whether the view keeps to the last node as a growing input's records arrive (`F`,
    /// `--follow`), until a key.
    var follows = false
    /// The list's options, for a view made again (a followed file read again from its start).
    let options: StackOptions
    /// A search runs a window a tick, a frame of progress between windows, and a key stops it
    /// (on a terminal); when false (`render`), it ends before the key's frame.
    public var searchesInSteps = false

    /// The most bytes `y` and `Y` copy (terminals refuse longer OSC 52 sequences).
    static let clipboardLimit = 1 << 20

    /// A viewer of `tree` on a screen of `size`, the root focused at the top.
    public init(
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
            outline: TreeOutline(tree: tree), width: size.width, height: Self.height(for: size), theme: theme,
            options: options)
    }

    /// The focused node's path, as the status line shows it.
    public var focusedPath: String? { view.focusedPath?.description }

    /// The rows' engine, for statistics and tests.
    public var stack: LazyStack<TreeRows> { view.stack }

    /// What the engine did so far and the longest frame.
    public var statistics: BrowserStatistics {
        BrowserStatistics(rows: stack.rowCount, counters: stack.counters, maxFrameMicros: pacing.longestFrameMicros)
    }

    /// Focuses the node at `path` (`--scroll-to`), opening its ancestors.
    /// - Returns: false, changing nothing, when `path` is not a path or names no node.
    @discardableResult
    public mutating func reveal(path text: String) -> Bool {
        guard let path = try? JSONPath(parsing: text) else { return false }
        return view.reveal(path: path)
    }

    /// Draws with `theme` from now on (the terminal turned out to have no colours).
    public mutating func useTheme(_ theme: Theme) {
        self.theme = theme
        view.restyle(with: theme)
    }

    /// Sends one line per layout decision to `log` (`--log FILE`).
    public mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        view.setLayoutLog(log)
    }

    // MARK: - Events

    /// Applies one event: a key, the mouse, a resize.
    public mutating func handle(_ event: InputEvent) {
        switch event {
        case .resize(let newSize): return resize(to: newSize)
        case .tick, .signal: return
        case .mouse(.wheel(let notches)): return view.scroll(by: notches * KeyMap.wheelLines)
        case .mouse(.click(let x, let y)): return view.click(x: x, y: y)
        case .key(let key): handle(key)
        }
    }

    mutating func handle(_ key: Key) {
        feedback = nil
        pendingJump = nil
        pathLookup = nil
        // A key stops following (F follows again).
        follows = false
        if search != nil || filtering != nil {
            // Any key stops a search or a filter being applied; Esc does nothing else.
            feedback = search != nil ? "search stopped" : "filter cancelled"
            search = nil
            filtering = nil
            if key == .escape { return }
        }
        if overlay != nil {
            // Any key closes the help, and does nothing else.
            overlay = nil
            return
        }
        if prompt.isOpen {
            switch prompt.type(key, complete: { ($0, nil) }) {
            case .command(let line)?: feedback = run(line)
            case .search(let pattern, let forward)?: feedback = startSearch(pattern, forward: forward)
            case .filter(let pattern)?: feedback = startFilter(pattern)
            default: break
            }
            if !searchesInSteps {
                finishSearch()
                while filtering != nil { continueFilter() }
            }
            return
        }
        if let prefix = pendingPrefix {
            pendingPrefix = nil
            if prefix == "z" { feedback = fold(key) }
            return
        }
        let page = max(1, Self.height(for: size) - 1)
        switch key {
        case .character("j"), .tab: view.moveFocus(forward: true)
        case .character("k"), .backTab: view.moveFocus(forward: false)
        case .down, .control("e"): view.scroll(by: 1)
        case .up, .control("y"): view.scroll(by: -1)
        case .pageDown, .character(" "), .control("f"), .character("f"): view.page(by: page)
        case .pageUp, .control("b"), .character("b"): view.page(by: -page)
        case .control("d"): view.page(by: max(1, page / 2))
        case .control("u"): view.page(by: -max(1, page / 2))
        case .enter: view.toggleFocused()
        case .right, .character("l"): view.openOrEnter()
        case .left, .character("h"): view.closeOrLeave()
        case .character("]"): if !view.focusSibling(forward: true) { feedback = "no next sibling" }
        case .character("["): if !view.focusSibling(forward: false) { feedback = "no previous sibling" }
        case .character("g"), .home: view.focusRoot()
        case .character("G"), .end:
            view.focusLast()
            // The last node of what was read: the focus goes on to the last as more is read.
            if view.outline.tree.isScanning { pendingJump = .bottom }
        case .character("z"): pendingPrefix = "z"
        case .character(":"): prompt.open(.command)
        case .character("/"): prompt.open(.searchForward)
        case .character("?"): prompt.open(.searchBackward)
        case .character("&"): prompt.open(.filter)
        case .character("n"): feedback = repeatSearch(reversed: false)
        case .character("N"): feedback = repeatSearch(reversed: true)
        case .character("F"): feedback = follow()
        case .character("m"): feedback = toggleMark()
        case .character("'"): feedback = nextMark()
        case .character("y"): feedback = copyPath()
        case .character("Y"): feedback = copyValue()
        case .function(1): overlay = Overlay(title: "Tree keys", lines: TreeHelp.lines)
        case .character("q"): isFinished = true
        default: break
        }
    }

    /// The second key after `z`: vim's folds.
    mutating func fold(_ key: Key) -> String? {
        switch key {
        case .character("o"): view.openFocused()
        case .character("c"): view.closeFocused()
        case .character("a"): view.toggleFocused()
        case .character("M"): view.closeAll()
        case .character("R"):
            view.openEverything()
            return "zR: every container opens as it shows (zM closes them all)"
        default: return nil
        }
        return nil
    }

    /// Runs a `:` line: `goto PATH` (or just `PATH`), `q`.
    /// - Returns: what to say.
    mutating func run(_ line: String) -> String? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first else { return nil }
        switch first {
        case "q", "quit":
            isFinished = true
            return nil
        case "goto":
            guard words.count == 2 else { return "usage: goto PATH (a jq path: .a.b[0])" }
            return goto(words[1])
        case "marks":
            overlay = Overlay(title: "Marks", lines: markListing)
            return nil
        default:
            return first.hasPrefix(".") ? goto(line) : "unknown command: \(CellText.inert(first))"
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
        lookUp(path)
        // (What the lookup said: the caller shows it.)
        return feedback
    }

    /// Starts looking for the node at `path`: a step now (all of it, unless ``searchesInSteps``),
    /// the rest a step a tick — a key in an object of millions is a search of its bytes, with
    /// progress, and a key stops it.
    mutating func lookUp(_ path: JSONPath) {
        pathLookup = PathLookup(path: path, in: view.outline.tree)
        continueLookup()
        while !searchesInSteps, pathLookup != nil { continueLookup() }
    }

    /// The next step of the `:goto` lookup: on an answer, the node focused, or — while the file
    /// is read — the jump waiting for the scan to find more.
    mutating func continueLookup() {
        guard var lookup = pathLookup else { return }
        let outcome = lookup.step()
        pathLookup = lookup
        switch outcome {
        case .searching:
            feedback = "goto \(lookup.path): looking for the key… \(Int(lookup.progress * 100))% (a key stops)"
        case .found(let indexes):
            pathLookup = nil
            feedback = nil
            if view.reveal(childIndexes: indexes) {
                if case .path? = pendingJump { pendingJump = nil }
            } else {
                feedback = "goto: \(lookup.path) is in what the filter leaves out"
            }
        case .notFound:
            pathLookup = nil
            if view.outline.tree.isScanning {
                // It may be further on than the scan got: looked for again as the scan finds more.
                pendingJump = .path(lookup.path)
                feedback = nil
            } else {
                if case .path? = pendingJump { pendingJump = nil }
                feedback = "goto: no node at \(lookup.path)"
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
    var markListing: [String] {
        let lines = marks.inDocumentOrder.compactMap { view.outline.path(ofChildIndexes: $0)?.description }
        return lines.isEmpty ? ["No marks: m marks the focused node."] : lines
    }

    /// `y`: the focused node's path to the clipboard.
    mutating func copyPath() -> String? {
        guard let focus = view.focus else { return nil }
        // The path with its keys whole (the one shown cuts a key of kilobytes); a path under a key
        // of megabytes is as long, and terminals refuse such OSC 52 sequences.
        let steps = view.outline.row(focus).steps
        guard let path = view.outline.wholePath(of: steps, keysUpTo: Self.clipboardLimit),
            path.description.utf8.count <= Self.clipboardLimit else {
            return "too long to copy: the path holds a key of over 1 MiB"
        }
        clipboard = path.description
        return "copied the path \(view.outline.path(of: steps))"
    }

    /// `Y`: the focused node's value, as the JSON it is in the file, to the clipboard.
    mutating func copyValue() -> String? {
        guard let focus = view.focus else { return nil }
        let tree = view.outline.tree
        let row = view.outline.row(focus)
        let range: Range<Int>
        if let last = row.steps.last {
            range = tree.valueRange(ofChild: last.index, in: last.table)
        } else if tree.isJSONLines {
            // The root of JSON Lines is the array of its lines, which the file does not write:
            // copied as the export writes it.
            guard tree.size <= Self.clipboardLimit else {
                return "too big to copy: \(StatusLine.grouped(tree.size)) bytes (at most 1 MiB)"
            }
            var lines: [String] = []
            do {
                try TreeExport.write(tree) { lines.append($0) }
            } catch {
                return "cannot copy: \(error)"
            }
            clipboard = lines.joined(separator: "\n")
            return "copied the value of . (the array of its lines)"
        } else if let root = tree.root {
            range = root.start..<(root.end + 1)
        } else {
            range = 0..<tree.size
        }
        guard range.count <= Self.clipboardLimit else {
            return "too big to copy: \(StatusLine.grouped(range.count)) bytes (at most 1 MiB)"
        }
        clipboard = String(decoding: tree.bytes(in: range), as: UTF8.self)
        return "copied the value of \(view.outline.path(of: row.steps)) (\(StatusLine.grouped(range.count)) bytes)"
    }

    /// Takes in the root's children the background scan found (rows added at the end), says so
    /// when it stopped at an error, and lets what waited for the scan go on: a jump to what it
    /// found, a search that looked at all that was read before.
    public mutating func takeScanned() {
        let tree = view.outline.tree
        guard tree.isScanning else { return }
        view.takeScanned()
        if follows { view.focusLast() }
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
            return "nothing to follow: the input ended (browse --follow FILE follows a file as it grows)"
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
            outline: TreeOutline(tree: fresh), width: size.width, height: Self.height(for: size), theme: theme,
            options: options)
        // What pointed into the old file goes with it.
        marks = TreeMarks()
        appliedFilter = nil
        search = nil
        filtering = nil
        lastMatch = nil
        skipped = nil
        hiddenMatches = []
        pendingJump = nil
        pathLookup = nil
        problem = reason
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
        if follows { return "following (a key stops)" }
        switch pendingJump {
        case .path(let path)?: return "goto \(path): reading on to find it, \(tree.readNote) (a key stops)"
        case .bottom?: return "G: on to the last node as it is read, \(tree.readNote) (a key stops)"
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
    }

    // MARK: - Frames

    /// Lines for the tree: all but the status line.
    static func height(for size: TerminalSize) -> Int { max(0, size.height - 1) }

    /// The whole screen: the tree, then the prompt or the status line.
    public mutating func render() -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        if size.width < Browser.minimumSize.width || size.height < Browser.minimumSize.height {
            buffer.write("terminal too small: \(size.width)x\(size.height)", style: theme.status, x: 0, y: 0)
            return buffer
        }
        let area = Rect(x: 0, y: 0, width: size.width, height: Self.height(for: size))
        var frame = view.draw(into: &buffer, area: area)
        // After zR, what shows opens, and what that brings on screen in turn (a screen's worth
        // of levels at most).
        // (`where` would go on asking after a frame that opened nothing: a loop that stops.)
        var levels = 0
        while levels < area.height, view.openShown(frame) {
            buffer = CellBuffer(width: size.width, height: size.height)
            frame = view.draw(into: &buffer, area: area)
            levels += 1
        }
        showsEnd = frame.isAtBottom
        // A row that found the file malformed: said once, where (the scan checks the skeleton only).
        if problem == nil, let error = view.outline.tree.firstMalformed {
            problem = "\(fileName):\(error.line):\(error.column): \(error.message) (the file is malformed there)"
        }
        if !marks.isEmpty {
            let renderer = FrameRenderer(theme: theme, viewport: Self.height(for: size))
            for placed in frame.rows {
                // One lookup a row: its role and its child indexes.
                let row = view.outline.row(placed.index)
                guard row.role != .closing, marks.contains(row.steps.map(\.index)) else { continue }
                renderer.drawMark(x: 1, y: placed.origin, into: &buffer)
            }
        }
        overlay?.draw(into: &buffer, viewport: Self.height(for: size), style: theme.overlay)
        let y = size.height - 1
        if let prompt = prompt.current {
            prompt.draw(into: &buffer, y: y)
        } else {
            StatusLine(
                focusedID: focusedPath, fileName: fileName, section: nil, position: nil,
                progress: StatusLine.progress(
                    lastVisibleRow: max(0, frame.visibleRange.upperBound - 1), rowCount: stack.rowCount,
                    atTop: frame.isAtTop, atBottom: frame.isAtBottom),
                contentSize: frame.contentSize, detailLevel: nil, markCount: marks.count, loadingNote: readingNote, place: place,
                filterNote: filterNote,
                message: pendingPrefix.map { "\($0)…" } ?? feedback ?? problem
            ).draw(into: &buffer, y: y, style: theme.status)
        }
        return buffer
    }
}
