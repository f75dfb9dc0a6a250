import StackDocument
import StackEngine
import TerminalUI

/// The document viewer: events in, frames out, with no terminal — `tstack browse` is this
/// program run on the real terminal (``Browser`` is a `TerminalApp`), `tstack render` the same
/// run on the in-memory one.
///
/// The browser is a few components, each owning its state and changed only by its own methods:
/// the document view (the rows, the scroll position, the focus, the strips of cards), the
/// prompt line, the search, the marks, the detail filter, the reading of a big document, the
/// animation of jumps. The browser routes each event to them and composes their frame; the one
/// line of messages is read from its owners (``message``).
public struct Browser {
    /// The file's base name, shown in the status line.
    public let fileName: String
    /// The screen size.
    public private(set) var size: TerminalSize
    /// Whether `q` was pressed.
    public internal(set) var isFinished = false
    /// A search through a big document runs a step per tick, with a frame of progress between
    /// steps, and any key stops it (on a terminal); when false (`render`), a search ends before
    /// the key's frame.
    public var searchesInSteps = false
    /// A jump of more than a screen shows frames on the way (on a terminal, unless turned off).
    public var animatesJumps = false

    private(set) var theme: Theme
    /// The rows on screen, the position and the focus.
    var view: DocumentView
    /// The `:` `/` `?` line and its history.
    var prompt = PromptLine()
    /// The last search, the scan in progress and what it says.
    var search = SearchState()
    /// The `&` filter being applied.
    var filtering = FilterState()
    /// The marked items and cards.
    var marks = Marks()
    /// The detail level shown.
    var detail = DetailFilter()
    /// The reading of a document still being scanned.
    var loading: DocumentLoading
    /// The frames on the way of a jump.
    var animation = JumpAnimation()
    /// The help or marks box, shown until the next key.
    var overlay: Overlay?
    /// What the last command said (`detail 2`, `no marks`, a usage error), until the next key:
    /// set in one place, ``handle(_:)``, from what the command returned.
    private(set) var feedback: String?
    /// The pace of frames and of taking in scanned items, kept by the run loop's side.
    var pacing = FramePacing()

    /// A browser of `document` on a screen of `size`, scrolled to the top with the first item
    /// focused. Headers (and footers) pin as the document's `pinned` field says.
    public init(
        document: StackDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.init(
            rows: DocumentRows(document: document, theme: theme), loading: nil, fileName: fileName, size: size,
            theme: theme, prefetchScreens: prefetchScreens, retainScreens: retainScreens)
    }

    /// A browser of `loading` as read so far; it takes in more on ticks (or with
    /// ``absorbLoadedItems()``).
    public init(
        loading: LazyDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.init(
            rows: DocumentRows(document: loading.document, theme: theme), loading: loading, fileName: fileName,
            size: size, theme: theme, prefetchScreens: prefetchScreens, retainScreens: retainScreens)
    }

    private init(
        rows: DocumentRows, loading: LazyDocument?, fileName: String, size: TerminalSize, theme: Theme,
        prefetchScreens: Double, retainScreens: Double
    ) {
        self.fileName = fileName
        self.size = size
        self.theme = theme
        let options = StackOptions(
            pinsHeaders: rows.document.pinned.contains(.headers),
            pinsFooters: rows.document.pinned.contains(.footers),
            prefetchScreens: prefetchScreens,
            retainScreens: retainScreens)
        view = DocumentView(rows: rows, size: size, options: options, theme: theme)
        self.loading = DocumentLoading(loading)
    }

    // MARK: - What it shows

    /// The rows of the document.
    public var rows: DocumentRows { view.rows }
    /// The vertical stack of document rows.
    public var stack: LazyStack<DocumentRows> { view.stack }
    /// The focused row: an item or a strip of cards; nil when the document has no items.
    public var focus: Int? { view.focus }
    /// The id of the focused item or card, if any.
    public var focusedID: String? { view.focusedID }
    /// The marked items and cards, by id.
    public var markedIDs: Set<String> { marks.ids }
    /// Items with a `detail` above this level are left out (1–3).
    public var detailLevel: Int { detail.level }
    /// The text of the `:` command line while it is open, else nil.
    public var promptText: String? { prompt.current?.text }
    /// Why the scan stopped early, or a warning about the document, once it ended.
    public var loadProblem: String? { loading.problem }

    /// The one line the status shows after a key: the search's notice (progress, a wrap, no
    /// match), the end of loading, or what the last command said. Each has one owner; none shows
    /// on the frames on the way of a jump.
    public var message: String? {
        guard !animation.isRunning else { return nil }
        return search.notice ?? filtering.notice ?? loading.notice ?? feedback
    }

    /// Lines available to the view: all but the status line.
    var viewportHeight: Int { DocumentView.height(for: size) }

    // MARK: - Events

    /// Applies one input event: a bound key, a mouse event or a resize.
    public mutating func handle(_ event: InputEvent) {
        if case .resize(let newSize) = event { return resize(to: newSize) }
        if event == .tick { return }
        // A key that jumped further than a screen shows its way, when jumps animate.
        defer {
            if animatesJumps, animation.start != nil { animation.begin(to: view.contentOffset, screen: viewportHeight) }
        }
        feedback = nil
        animation.keyPressed()
        loading.keyPressed()
        // A key stops a search in progress; Esc does nothing else. Esc cancels a filter being
        // applied (other keys let it go on).
        if search.keyPressed(isEscape: event == .key(.escape)), event == .key(.escape) { return }
        if filtering.keyPressed(isEscape: event == .key(.escape)) { return }
        if overlay != nil, case .key = event {
            // A moving key scrolls a box too long for the screen; any other key closes it, and
            // does nothing else.
            let viewport = viewportHeight
            let command = KeyMap.command(for: event)
            if command.map({ overlay?.scroll(for: $0, viewport: viewport) == true }) != true { overlay = nil }
            return
        }
        if prompt.isOpen {
            if case .key(let key) = event { feedback = type(key) }
            return
        }
        if let command = KeyMap.command(for: event) {
            feedback = perform(command)
        } else if case .key(.character(let character)) = event,
            let shortcut = rows.document.shortcuts.first(where: { $0.key == character }) {
            markJumpStart()
            view.scroll(toID: shortcut.target)
        }
    }

    /// Carries out `command`.
    /// - Returns: what it has to say on the status line, if anything.
    @discardableResult
    public mutating func perform(_ command: BrowserCommand) -> String? {
        switch command {
        case .nextItem: view.moveFocus(forward: true)
        case .previousItem: view.moveFocus(forward: false)
        case .scrollLines(let lines): view.scroll(by: lines)
        case .halfPageDown: view.page(by: max(1, viewportHeight / 2))
        case .halfPageUp: view.page(by: -max(1, viewportHeight / 2))
        case .pageDown: view.page(by: pageLines)
        case .pageUp: view.page(by: -pageLines)
        case .top:
            markJumpStart()
            view.scrollToTop()
        case .bottom:
            markJumpStart()
            view.scrollToBottom()
            if loading.isLoading { loading.wait(for: .bottom) }
        case .previousCard: view.moveCard(by: -1)
        case .nextCard: view.moveCard(by: 1)
        case .focusAt(let x, let y): view.click(x: x, y: y)
        case .openPrompt: prompt.open(.command)
        case .searchForward: prompt.open(.searchForward)
        case .searchBackward: prompt.open(.searchBackward)
        case .filter: prompt.open(.filter)
        case .follow: return follow()
        case .nextMatch: search.repeatLast(reversed: false, after: view.focusedOrdinal)
        case .previousMatch: search.repeatLast(reversed: true, after: view.focusedOrdinal)
        case .toggleMark: if let id = focusedID { marks.toggle(id) }
        case .nextMark: return jumpToNextMark()
        case .moreDetail: return setDetailLevel(detail.level + 1)
        case .lessDetail: return setDetailLevel(detail.level - 1)
        case .help: showHelp()
        case .quit: isFinished = true
        }
        return nil
    }

    /// Scrolls to the row or card with `id` and focuses it: an item or strip lands directly below
    /// the pinned header; a header id focuses its section's first item with the header at the top.
    /// Returns false, changing nothing, when there is no such id.
    @discardableResult
    public mutating func scroll(toID id: String, alignment: ScrollAlignment = .top) -> Bool {
        view.scroll(toID: id, alignment: alignment)
    }

    /// Changes the screen size, keeping the anchor row at the top and the focus on screen.
    public mutating func resize(to newSize: TerminalSize) {
        size = newSize
        view.resize(to: newSize)
    }

    /// Draws with `theme` from now on (the terminal turned out to have no colours).
    public mutating func useTheme(_ theme: Theme) {
        self.theme = theme
        view.restyle(with: theme)
    }

    /// Resolves rows ahead in the direction of travel; call it when no key is pending.
    public mutating func prefetch() {
        view.prefetch()
    }

    /// Sends one line per layout decision of every stack to `log` (`--log FILE`).
    public mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        view.setLayoutLog(log)
    }

    /// What the engine did so far and the longest frame.
    public var statistics: BrowserStatistics {
        BrowserStatistics(rows: stack.rowCount, counters: stack.counters, maxFrameMicros: pacing.longestFrameMicros)
    }

    // MARK: - Helpers

    /// Lines a page scrolls: the viewport less one, so with a one-line pinned header nothing is
    /// skipped, and without one a line of context stays.
    var pageLines: Int { max(1, viewportHeight - 1) }

    /// Notes that the key being handled jumps, so its way can be shown.
    mutating func markJumpStart() {
        animation.markStart(at: view.contentOffset)
    }

    /// Focuses the next marked item after the focus, wrapping at the end.
    /// - Returns: what to say when there is none.
    private mutating func jumpToNextMark() -> String? {
        guard let next = marks.next(after: focusedID, at: view.focusPosition, in: rows) else {
            return marks.isEmpty ? "no marks" : "no marks at detail \(detail.level)"
        }
        view.reveal(id: next)
        return nil
    }

    /// Shows items up to `level` (1–3). The focused item stays where it was on the screen; when
    /// it is filtered out, its nearest neighbour that remains takes the focus there.
    /// - Returns: what to say: the level now.
    mutating func setDetailLevel(_ level: Int) -> String? {
        let level = DetailFilter.clamped(level)
        let said = "detail \(level)"
        guard level != detail.level else { return said }
        detail.set(level)
        show(detailLevel: level, filter: rows.filter)
        return said
    }

    /// Shows the document's items up to `level` that `filter` lets through (nil: all). The
    /// focused item stays on its screen line; when it no longer shows, the nearest item that does
    /// takes the focus there.
    mutating func show(detailLevel level: Int, filter: ItemFilter?) {
        let line = view.focusLine()
        let keep = view.focusedItem.flatMap { focused in
            DetailFilter.nearestShown(toItem: focused.item, inSection: focused.section, of: rows.document) {
                DocumentRows.shows(item: $1, ofSection: $0, in: $2, detailLevel: level, filter: filter)
            }
        }
        view.show(
            DocumentRows(document: rows.document, detailLevel: level, filter: filter, theme: theme), focusing: keep,
            onLine: line)
    }
}
