import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// The viewer of every document: events in, frames out, with no terminal — `tstack browse` is
/// this program run on the real terminal (``Viewer`` is the `TerminalApp`), `tstack render` the
/// same run on the in-memory one.
///
/// It owns what is the same whatever the document: the keys (one table, ``ViewerKeys``, read as
/// chords), the `:` `/` `?` `&` prompt with its history and completion, the help and marks
/// boxes, the status line's message, the clipboard, and the run loop's side. What it shows is a
/// *content* (`ViewerContent`): a stack document, or any JSON or JSON Lines as a tree, which
/// supplies its rows, its moves and verbs, its search and filter, and its marks.
public struct Viewer {
    /// The file's base name, shown in the status line.
    public let fileName: String
    /// The screen size.
    public private(set) var size: TerminalSize
    /// Whether `q` was pressed.
    public private(set) var isFinished = false

    /// What is shown.
    var content: any ViewerContent
    private(set) var theme: Theme
    /// The `:` `/` `?` `&` line and its history.
    var prompt = Prompt()
    /// The chord being read (`z`, `y` waiting for a second key).
    var keys = KeyReader()
    /// The count typed before a move (`5` of `5j`, `10` of `10G`), until the move.
    var count: Int?
    /// The help or marks box, shown until a key closes it.
    var overlay: Overlay?
    /// What the last command said (`detail 2`, `no marks`, a usage error), until the next key:
    /// set from what the key's command returned (``handle(_:)``), or from why work it started
    /// or was running stopped when the file changed on disk (`Viewer+FileOnDisk.swift`).
    var feedback: String?
    /// Text for the clipboard, until the run loop takes it.
    var clipboard: String?
    /// The pace of frames, kept by the run loop's side.
    var pacing = FramePacing()
    /// The file on disk: watched for changes, and opened again by `R` (nil: standard input, a
    /// followed file, a document given as a value).
    var disk: FileOnDisk?
    /// The status line last drawn and its cells.
    private var drawnStatus: (line: StatusLine, style: Style, cells: [Cell])?

    /// A viewer of a stack document on a screen of `size`, scrolled to the top with the first
    /// item focused. Headers (and footers) pin as the document's `pinned` field says.
    public init(
        document: StackDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.init(
            DocumentContent(
                document: document, loading: nil, size: size, theme: theme, prefetchScreens: prefetchScreens,
                retainScreens: retainScreens),
            fileName: fileName, size: size, theme: theme)
    }

    /// A viewer of a big stack document as read so far; it takes in more on ticks.
    public init(
        loading: LazyDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.init(
            DocumentContent(
                document: loading.document, loading: loading, size: size, theme: theme,
                prefetchScreens: prefetchScreens, retainScreens: retainScreens),
            fileName: fileName, size: size, theme: theme)
    }

    /// A viewer of `tree` (any JSON, or JSON Lines), the root focused at the top.
    public init(
        tree: JSONTree, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.init(
            TreeContent(
                tree: tree, fileName: fileName, size: size, theme: theme, prefetchScreens: prefetchScreens,
                retainScreens: retainScreens),
            fileName: fileName, size: size, theme: theme)
    }

    private init(_ content: any ViewerContent, fileName: String, size: TerminalSize, theme: Theme) {
        self.content = content
        self.fileName = fileName
        self.size = size
        self.theme = theme
    }

    // MARK: - What it shows

    /// The stack document shown, if that is what is shown.
    public var document: DocumentContent? { content as? DocumentContent }
    /// The tree shown, if that is what is shown.
    public var tree: TreeContent? { content as? TreeContent }
    /// The table of records shown, if that is what is shown.
    var table: TableContent? { content as? TableContent }
    /// The focused item's id, or node's path.
    public var focusedID: String? { content.focusedID }
    /// The text of the prompt while it is open, else nil.
    public var promptText: String? { prompt.current?.text }

    /// Background work (a search, a filter, a lookup) runs a step a tick, with a frame of
    /// progress between steps, and a key stops it (on a terminal), and the rows nobody has
    /// looked at are measured while idle; when false (`render`), the work ends before the key's
    /// frame, and only the rows a frame needs are measured (the frames do not depend on how
    /// fast the machine is).
    public var searchesInSteps: Bool {
        get { content.runsWorkInSteps }
        set { content.runsWorkInSteps = newValue }
    }

    /// A jump of more than a screen in a stack document shows frames on the way (on a terminal,
    /// unless turned off).
    public var animatesJumps: Bool {
        get { content.animatesJumps }
        set { content.animatesJumps = newValue }
    }

    /// The one line of messages after a key: the chord being typed, what the last key said,
    /// what the work in progress says (a search's answer, a filter's progress), what stays said.
    /// Each has one owner. Once the file shrank or was rewritten under the view, that comes
    /// first, whatever else is said: the screen may show two versions of it.
    public var message: String? {
        if let pending = keys.pending { return KeyNames.short(pending) + "…" }
        guard !content.hidesMessages else { return nil }
        let said = feedback ?? content.workNotice
        if let change = disk?.change, change.mixesVersions, let note = disk?.note(fileName: fileName) {
            // (What names the change already says it: a job stopped or refused for it.)
            return said.map { $0.contains("\(fileName) \(change)") ? $0 : "\(note) · \($0)" } ?? note
        }
        return said ?? disk?.note(fileName: fileName) ?? content.standingNote
    }

    /// Where the document stops being JSON, once the scan, its grammar check or a row found it
    /// (`FILE:LINE:COLUMN: what was expected`); nil while none did.
    public var malformation: String? {
        guard let error = (tree?.json ?? table?.json)?.tree.firstMalformed else { return nil }
        return "\(fileName):\(error.line):\(error.column): \(error.message)"
    }

    /// Why the input could not be read whole (standard input that could not be kept: a full
    /// disk under `TMPDIR`); what shows is what was read before. Nil when it was read whole.
    public var inputFailure: String? {
        (tree?.json ?? table?.json)?.tree.inputFailure.map { "\($0)" }
    }

    /// What the engine did so far and the longest frame.
    public var statistics: ViewerStatistics {
        ViewerStatistics(rows: content.rowCount, counters: content.counters, maxFrameMicros: pacing.longestFrameMicros)
    }

    /// Lines available to the content: all but the status line.
    var contentHeight: Int { max(0, size.height - 1) }

    // MARK: - Events

    /// Applies one input event: a key, the mouse or a resize; unless ``searchesInSteps``, the
    /// work it started (a search, a filter, a lookup) runs to its end, or until it waits for
    /// the input.
    public mutating func handle(_ event: InputEvent) {
        defer {
            refuseWholeFileWorkOnAChangedFile()
            if !searchesInSteps { content.runToEnd() }
            takeHandover()
        }
        switch event {
        case .resize(let newSize): return resize(to: newSize)
        case .tick, .signal: return
        case .key, .mouse, .paste: break
        }
        feedback = nil
        content.keyPressed()
        // The policy of background work: a key stops what would move the focus; Esc on the
        // rows (bound to `.cancel`) stops the rest too, and says what it stopped.
        if event != .key(.escape) || overlay != nil || prompt.isOpen {
            content.stop(JobPolicy.stopped(byEscape: false, among: content.runningJobs))
        }
        if overlay != nil { return handleInBox(event) }
        if prompt.isOpen {
            if case .key(let key) = event { type(key) }
            if case .paste(let text) = event { prompt.paste(text) }
            return
        }
        // The mouse forgets the first key of a chord.
        if case .mouse = event { keys.reset() }
        switch event {
        case .mouse(.click(let x, let y)): content.click(x: x, y: y)
        case .mouse(.wheel(let notches)): feedback = content.perform(.scrollLines(notches * ViewerKeys.wheelLines))
        case .key(let key): read(key)
        case .paste: feedback = "paste ignored: paste into a line (/ ? & or :)"
        default: break
        }
    }

    /// Shows the content the one shown hands over to (`T`), if any.
    mutating func takeHandover() {
        while let next = content.takeHandover() { content = next }
    }

    /// A key read as a chord of the content's bindings, after a count (`5j`) when one was typed.
    private mutating func read(_ key: Key) {
        // Esc forgets the first key of a chord, and a count.
        if keys.pending != nil || count != nil, key == .escape {
            count = nil
            return keys.reset()
        }
        if keys.pending == nil, case .character(let character) = key, let digit = character.wholeNumberValue,
            character.isASCII, digit > 0 || count != nil,
            count != nil || ViewerKeys.table.action(for: KeyChord(key), in: content.keyContext) == nil {
            // (`0` alone is a key of its own: the first column.)
            count = min((count ?? 0) * 10 + digit, ViewerKeys.largestCount)
            feedback = "\(count ?? 0)"
            return
        }
        let reading = keys.read(key, in: ViewerKeys.table, context: content.keyContext)
        // (A count waits through the first key of a chord: `12zz`.)
        if case .pending = reading { return }
        let times = count
        count = nil
        switch reading {
        case .pending: return
        case .action(let action):
            guard let times else {
                feedback = perform(action)
                return
            }
            feedback = perform(action, times: times)
        case .unbound(let chord):
            if chord.prefix == nil, content.handleUnbound(key) { return }
            feedback = "no command on \(CellText.inert(chord.shortName)) — F1 for help"
        }
    }

    /// In a box: the moving keys scroll it when it is longer than the screen; any other key (or
    /// a click) closes it, and does nothing else.
    private mutating func handleInBox(_ event: InputEvent) {
        let viewport = contentHeight
        guard let action = ViewerKeys.action(for: event, in: .box), action != .closeBox,
            overlay?.scroll(for: action, viewport: viewport) == true else {
            overlay = nil
            return
        }
    }

    /// Carries out `action` after a count: a move `times` times (`5j`, `3J`), `G` and `g` to
    /// row `times` (`10G`, as vim goes to a line); any other action once, saying the count is
    /// not for it.
    /// - Returns: what it has to say on the status line, if anything.
    mutating func perform(_ action: ViewerAction, times: Int) -> String? {
        switch action {
        case .top, .bottom:
            var said = perform(.top)
            for _ in 1..<times { said = perform(.nextItem) ?? said }
            return said
        case _ where ViewerKeys.takesCount(action):
            var said: String?
            for _ in 0..<times { said = perform(action) ?? said }
            return said
        default:
            let said = perform(action)
            return said ?? "a count moves (5j, 10G, 3J): \(times) was not for this key"
        }
    }

    /// Carries out `action`.
    /// - Returns: what it has to say on the status line, if anything.
    @discardableResult
    public mutating func perform(_ action: ViewerAction) -> String? {
        switch action {
        case .openPrompt: prompt.open(.command)
        case .searchForward: prompt.open(.searchForward)
        case .searchBackward: prompt.open(.searchBackward)
        case .filter: prompt.open(.filter)
        case .help: showHelp()
        case .quit: if !content.closeView() { isFinished = true }
        case .reload: return reload()
        case .cancel:
            let stopped = JobPolicy.stopped(byEscape: true, among: content.runningJobs)
            let said = content.stop(stopped)
            if stopped.isEmpty, content.closeView() { return nil }
            return said ?? JobPolicy.message(forStopped: stopped)
        case .copy(let target):
            switch content.copy(target) {
            case .success(let copied):
                clipboard = copied.text
                return copied.said
            case .failure(let refusal):
                return refusal.message
            }
        default: return content.perform(action)
        }
        return nil
    }

    /// Feeds a key to the open prompt; on Enter, runs the command or starts the search or the
    /// filter.
    private mutating func type(_ key: Key) {
        // (Completion reads the content while the prompt changes: a copy, made for the
        // completing key only — a copy held while the content changes would make a tree that
        // folds copy its outline.)
        let completing = ViewerKeys.action(for: .key(key), in: .prompt) == .field(.complete) ? content : nil
        switch prompt.type(key, complete: { text in completing.map { Self.complete(text, in: $0) } ?? (text, nil) }) {
        case .command(let line)?: feedback = run(line)
        case .search(let pattern, let forward)?: feedback = self.content.startSearch(pattern, forward: forward)
        case .filter(let pattern)?: feedback = self.content.startFilter(pattern)
        case nil: break
        }
    }

    /// Runs a command line; a mistake leaves everything as it was.
    /// - Returns: what to say on the status line: why a mistake is one, or the command's answer.
    mutating func run(_ line: String) -> String? {
        switch ViewerCommand.parse(line) {
        case .failure(.empty): return nil
        case .failure(let error): return error.description
        case .success(.stats): return statistics.json
        case .success(.marks):
            let listing = content.markListing
            overlay = Overlay(title: listing.title, lines: listing.lines)
        case .success(.help): showHelp()
        case .success(.quit): isFinished = true
        case .success(.reload): return reload()
        case .success(let command): return content.run(command)
        }
        return nil
    }

    /// Completes the last word of a command line: a command name, or the target after `goto`
    /// and `scroll-to` (an id, a path). One candidate is completed; several complete their
    /// common prefix and are listed above the line.
    /// - Returns: the line completed, and what to say about it.
    static func complete(_ text: String, in content: any ViewerContent) -> (text: String, hint: String?) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let prefix = words.last ?? ""
        let candidates: [String]
        if words.count <= 1, prefix.hasPrefix(".") {
            candidates = content.completions(of: prefix, limit: 50)
        } else if words.count <= 1 {
            candidates = ViewerCommand.names.filter { $0.hasPrefix(prefix) }
        } else if words.count == 2, ["goto", "scroll-to"].contains(words[0]) {
            candidates = content.completions(of: prefix, limit: 50)
        } else {
            candidates = []
        }
        guard let first = candidates.first else { return (text, "no completion for \"\(CellText.inert(prefix))\"") }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        // (Candidates written otherwise than typed — a path's key quoted, `.["a-b"]` — never
        // shorten what was typed.)
        if common.count < prefix.count { common = prefix }
        let listed = candidates.count > 1
            ? candidates.prefix(8).map { CellText.inert($0) }.joined(separator: "  ") + (candidates.count > 8 ? "  …" : "") : nil
        let completed = (words.dropLast() + [common]).joined(separator: " ")
        return (candidates.count == 1 ? completed + " " : completed, listed)
    }

    /// Shows every key and command of the content, with its own lines (a document's shortcuts).
    mutating func showHelp() {
        overlay = Overlay(
            title: content.helpTitle, lines: ViewerKeys.helpLines(for: content.keyContext, extra: content.extraHelpLines))
    }

    /// Focuses the item with `id` (a stack document) or the node at the path `id` (a tree), for
    /// `--scroll-to`.
    /// - Returns: false, changing nothing, when there is none.
    @discardableResult
    public mutating func scroll(toID id: String, alignment: ScrollAlignment = .top) -> Bool {
        defer { takeHandover() }
        return content.reveal(id, alignment: alignment)
    }

    /// Changes the screen size, keeping the focus on screen.
    public mutating func resize(to newSize: TerminalSize) {
        size = newSize
        content.resize(to: newSize)
    }

    /// Draws with `theme` from now on (the terminal turned out to have no colours).
    public mutating func useTheme(_ theme: Theme) {
        self.theme = theme
        content.useTheme(theme)
    }

    /// Sends one line per layout decision to `log` (`--log FILE`).
    public mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        content.setLayoutLog(log)
    }

    /// `F`, `--follow`: keeps to the end of a growing input as it arrives, until a key.
    @discardableResult
    public mutating func follow() -> String? {
        let said = content.perform(.follow)
        feedback = said
        return said
    }

    /// Writes the whole document as it shows to `sink`: a stack document as text at the
    /// screen's width, a tree as JSON, a table's records as CSV. An export is a whole-file job
    /// like a search: unless jobs run in steps (``searchesInSteps``), it is written before
    /// this returns; `sink` then says what it met.
    public mutating func export(to sink: ExportSink) {
        content.export(to: sink)
    }

    /// `--view table`: a tree's records as a table — the root's children when it is an array
    /// (JSON Lines: its lines), else those of its first member that is an array of objects —
    /// as soon as they are read.
    /// - Returns: false, changing nothing, when a stack document is shown.
    @discardableResult
    public mutating func showRecordsTable() -> Bool {
        guard var tree = content as? TreeContent else { return false }
        tree.showRecordsTable()
        content = tree
        takeHandover()
        return true
    }

    // MARK: - Frames

    /// Below this size the screen only says it is too small (keys still work).
    public static let minimumSize = TerminalSize(width: 12, height: 3)

    /// The whole screen: the content's rows, a box over them, then the prompt or the status line.
    /// - Complexity: O(screen): only the rows on screen are built and drawn.
    public mutating func render() -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        if size.width < Self.minimumSize.width || size.height < Self.minimumSize.height {
            buffer.write("terminal too small: \(size.width)x\(size.height)", style: theme.status, x: 0, y: 0)
            return buffer
        }
        let area = Rect(x: 0, y: 0, width: size.width, height: contentHeight)
        var status = content.draw(into: &buffer, area: area, promptIsOpen: prompt.isOpen)
        overlay?.draw(into: &buffer, viewport: contentHeight, style: theme.overlay)
        let y = size.height - 1
        if let prompt = prompt.current {
            prompt.draw(into: &buffer, y: y)
            // Completion candidates (or why there are none) show just above the prompt.
            if let hint = prompt.hint, y > 0 {
                buffer.fill(theme.overlay, y: y - 1)
                buffer.write(" " + hint, style: theme.overlay, x: 0, y: y - 1)
            }
        } else {
            // (A content names the file of its focus when it shows several: merged logs.)
            if status.fileName.isEmpty { status.fileName = fileName }
            status.message = message
            // The line is composed of text, numbers and widths: drawn again only when it changed
            // (a Down press changes it about one time in ten).
            if let drawn = drawnStatus, drawn.line == status, drawn.style == theme.status, drawn.cells.count == size.width {
                buffer.write(drawn.cells, x: 0, y: y)
            } else {
                status.draw(into: &buffer, y: y, style: theme.status)
                drawnStatus = (status, theme.status, Array(buffer.row(y)))
            }
        }
        return buffer
    }
}
