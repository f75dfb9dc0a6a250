import StackDocument
import StackEngine
import TerminalUI

/// The document viewer's state and behaviour, with no terminal: events in, frames out.
///
/// The vertical `LazyStack` holds the scroll position; the browser adds the focus (an item or
/// a card strip), the horizontal strips of cards (kept here by section, outside the rows, so a
/// strip's position survives its row being evicted) and the key bindings. The last screen line is
/// the status line; the lines above it are the stack's viewport.
public struct Browser {
    /// The file's base name, shown in the status line.
    public let fileName: String
    /// The vertical stack of document rows.
    public internal(set) var stack: LazyStack<DocumentRows>
    /// The focused row: an item or a strip of cards; nil when the document has no items.
    public internal(set) var focus: Int?
    /// The screen size.
    public private(set) var size: TerminalSize
    /// Whether `q` was pressed.
    public internal(set) var isFinished = false
    private(set) var theme: Theme
    /// Horizontal stacks of cards, by section index, created when first drawn.
    var strips: [Int: LazyStack<CardStrip>] = [:]
    /// The focused card of each horizontal section, by section index.
    var cardFocus: [Int: Int] = [:]
    /// The viewport line paging keeps the focus on, while paging keys follow each other.
    var pagingLine: Int?
    /// The `:` command line, while it is open.
    var prompt: CommandPrompt?
    /// What the last command said (`detail 2`, `no marks`, a usage error), until the next key:
    /// set in one place, ``handle(_:)``, from what the command returned.
    private(set) var feedback: String?
    /// While the frames of a jump are drawn, no message shows (they are the way, not the goal).
    var hidesMessages = false
    /// The longest frame so far, in microseconds (set by the run loop, which owns the clock).
    var maxFrameMicros = 0
    /// Receives one line per layout decision of every stack, when set (`--log`).
    var layoutLog: ((String) -> Void)?
    /// Items with a `detail` above this level are left out (1–3; everything shows at 3).
    public internal(set) var detailLevel = 3
    /// The marked items and cards, by id.
    public internal(set) var marks: Set<String> = []
    /// Lines entered at the prompt.
    var history = PromptHistory()
    /// The help or marks box, shown until the next key.
    var overlay: Overlay?
    /// The search: the last one, the scan in progress and what it says.
    var search = SearchState()
    /// Where a jump (goto, a shortcut, `g`, `G`) started, as a content offset, until the run
    /// loop takes it to animate the scroll.
    var jumpStart: Int?
    /// The document being read, until its scan ends.
    var loading: LazyDocument?
    /// A jump waiting for the scan.
    var pendingJump: PendingJump?
    /// Frames drawn while a jump waits (they turn the spinner).
    var waitFrames = 0
    /// Why the scan stopped early, or a warning about the document, once it ended.
    public internal(set) var loadProblem: String?
    /// What the end of loading says (a problem, a jump that found nothing), until the next key.
    var loadNotice: String?

    /// A browser of `document` on a screen of `size`, scrolled to the top with the first item
    /// focused. Headers (and footers) pin as the document's `pinned` field says.
    public init(
        document: StackDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.fileName = fileName
        self.size = size
        self.theme = theme
        let options = StackOptions(
            pinsHeaders: document.pinned.contains(.headers),
            pinsFooters: document.pinned.contains(.footers),
            prefetchScreens: prefetchScreens,
            retainScreens: retainScreens
        )
        let rows = DocumentRows(document: document, theme: theme)
        stack = LazyStack(
            source: rows, crossExtent: size.width, viewportExtent: Self.viewportHeight(for: size),
            options: options)
        focus = focusable(from: 0, forward: true)
    }

    /// The rows of the document.
    public var rows: DocumentRows { stack.source }

    /// Lines available to the stack: all but the status line.
    static func viewportHeight(for size: TerminalSize) -> Int { max(0, size.height - 1) }

    var viewportHeight: Int { Self.viewportHeight(for: size) }

    /// The text of the `:` command line while it is open, else nil.
    public var promptText: String? { prompt?.text }

    /// The ordinal of the focused item or card among all items shown, if any.
    /// - Complexity: O(1).
    var focusedOrdinal: Int? {
        guard let focus else { return nil }
        let entry = rows.entry(at: focus)
        return Int(entry.ordinal) + (entry.role == .cards ? cardFocus[Int(entry.section)] ?? 0 : 0)
    }

    /// The id of the focused item or card, if any.
    public var focusedID: String? {
        guard let focus else { return nil }
        let entry = rows.entry(at: focus)
        if entry.role == .cards, let strip = rows.strip(forSection: Int(entry.section)),
            strip.rowCount > 0 {
            return strip.rowID(at: cardFocus[Int(entry.section)] ?? 0)
        }
        return rows.rowID(at: focus)
    }

    // MARK: - Events

    /// Applies one input event: a bound key, a mouse event or a resize.
    public mutating func handle(_ event: InputEvent) {
        if case .resize(let newSize) = event { return resize(to: newSize) }
        if event == .tick { return }
        jumpStart = nil
        feedback = nil
        acknowledgeLoadNotice()
        pendingJump = nil
        // A key stops a search in progress; Esc does nothing else.
        if search.keyPressed(isEscape: event == .key(.escape)), event == .key(.escape) { return }
        if overlay != nil {
            // Any key closes the box, and does nothing else.
            if case .key = event { overlay = nil; return }
        }
        if prompt != nil {
            if case .key(let key) = event { feedback = handlePromptKey(key) }
            return
        }
        if let command = KeyMap.command(for: event) {
            feedback = perform(command)
        } else if case .key(.character(let character)) = event,
            let shortcut = rows.document.shortcuts.first(where: { $0.key == character }) {
            markJumpStart()
            scroll(toID: shortcut.target)
        }
    }

    /// The one line the status shows after a key: the search's notice (progress, a wrap, no
    /// match), the end of loading, or what the last command said. Each has one owner.
    public var message: String? {
        guard !hidesMessages else { return nil }
        return search.notice ?? loadNotice ?? feedback
    }

    /// Carries out `command`.
    /// - Returns: what it has to say on the status line, if anything.
    @discardableResult
    public mutating func perform(_ command: BrowserCommand) -> String? {
        let line = pagingLine
        pagingLine = nil
        switch command {
        case .nextItem: moveFocus(forward: true)
        case .previousItem: moveFocus(forward: false)
        case .scrollLines(let lines):
            stack.scroll(by: lines)
            keepFocusVisible(preferLeading: lines > 0)
        case .halfPageDown: page(by: max(1, viewportHeight / 2), focusLine: line)
        case .halfPageUp: page(by: -max(1, viewportHeight / 2), focusLine: line)
        case .pageDown: page(by: pageLines, focusLine: line)
        case .pageUp: page(by: -pageLines, focusLine: line)
        case .top:
            markJumpStart()
            stack.scrollToTop()
            focus = focusable(from: 0, forward: true)
        case .bottom:
            markJumpStart()
            stack.scrollToBottom()
            focus = focusable(from: stack.rowCount - 1, forward: false)
            if isLoading { waitForScan(.bottom) }
        case .previousCard: moveCard(by: -1)
        case .nextCard: moveCard(by: 1)
        case .focusAt(let x, let y): click(x: x, y: y)
        case .openPrompt: prompt = CommandPrompt(kind: .command)
        case .searchForward: prompt = CommandPrompt(kind: .searchForward)
        case .searchBackward: prompt = CommandPrompt(kind: .searchBackward)
        case .nextMatch: repeatSearch(reversed: false)
        case .previousMatch: repeatSearch(reversed: true)
        case .toggleMark: toggleMark()
        case .nextMark: return jumpToNextMark()
        case .moreDetail: return setDetailLevel(detailLevel + 1)
        case .lessDetail: return setDetailLevel(detailLevel - 1)
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
        guard let row = rows.rowIndex(forID: id) else { return false }
        pagingLine = nil
        let entry = rows.entry(at: row)
        switch entry.role {
        case .header:
            stack.scroll(toRow: row, alignment: .top)
            focus = focusable(from: row, forward: true)
        case .footer:
            stack.scroll(toRow: row, alignment: .bottom)
            focus = focusable(from: row, forward: false)
        case .item:
            stack.scroll(toRow: row, alignment: alignment)
            focus = row
        case .cards:
            stack.scroll(toRow: row, alignment: alignment)
            focus = row
            let section = Int(entry.section)
            if let card = rows.cardPosition(forID: id) {
                cardFocus[section] = card
                revealCard(card, inSection: section)
            }
        }
        return true
    }

    /// Changes the screen size, keeping the anchor row at the top and the focus on screen.
    public mutating func resize(to newSize: TerminalSize) {
        size = newSize
        stack.setViewport(crossExtent: newSize.width, viewportExtent: viewportHeight)
        let width = stripWidth
        for (section, var strip) in strips {
            strip.setViewport(crossExtent: strip.crossExtent, viewportExtent: width)
            strips[section] = strip
            if let card = cardFocus[section] { revealCard(card, inSection: section) }
        }
        if let focus, !isVisible(focus) { stack.reveal(row: focus) }
    }

    /// Draws with `theme` from now on (the terminal turned out to have no colours).
    public mutating func useTheme(_ theme: Theme) {
        self.theme = theme
        stack.restyle(with: rows.withTheme(theme))
        for (section, var strip) in strips {
            guard let cards = rows.strip(forSection: section) else { continue }
            strip.restyle(with: cards)
            strips[section] = strip
        }
    }

    /// Resolves rows ahead in the direction of travel; call it when no key is pending.
    public mutating func prefetch() {
        stack.prefetch()
    }

    /// What the engine did so far and the longest frame.
    public var statistics: BrowserStatistics {
        BrowserStatistics(rows: stack.rowCount, counters: stack.counters, maxFrameMicros: maxFrameMicros)
    }

    /// Records how long a frame took; the run loop measures it.
    public mutating func recordFrameTime(micros: Int) {
        maxFrameMicros = max(maxFrameMicros, micros)
    }

    /// Sends one line per layout decision to `log` (`--log FILE`): the vertical stack's events
    /// as they are, a strip's prefixed with its section id.
    public mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        layoutLog = log
        stack.setLogger(log.map { log in { log($0.description) } })
        for section in strips.keys.sorted() {
            let logger = stripLogger(forSection: section)
            strips[section]?.setLogger(logger)
        }
    }

    func stripLogger(forSection section: Int) -> ((LayoutEvent) -> Void)? {
        guard let log = layoutLog else { return nil }
        let name = rows.document.sections[section].id
        return { log(name + ": " + $0.description) }
    }
}
