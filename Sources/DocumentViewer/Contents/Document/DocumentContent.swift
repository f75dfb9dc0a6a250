import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// A stack document as the ``Viewer`` shows it: its sections' rows, the focus and the strips
/// of cards, and what searching, filtering, marking and reading it takes.
///
/// It is a few components, each owning its state and changed only by its own methods: the
/// document view (the rows, the scroll position, the focus, the strips of cards), the search,
/// the marks, the detail filter, the reading of a big document, the animation of jumps. The
/// content routes the viewer's actions to them and draws their rows.
public struct DocumentContent: JobRunning {
    /// The screen size.
    public private(set) var size: TerminalSize
    /// A jump of more than a screen shows frames on the way (on a terminal, unless turned off).
    var animatesJumps = false

    private(set) var theme: Theme
    /// The rows on screen, the position and the focus.
    var view: DocumentView
    /// The search, the filter and a jump waiting for the scan, and what the last one said.
    var jobs = JobList<DocumentContent>()
    /// The last search started, for `n` and `N`, and for highlighting.
    var lastSearch: Search?
    /// The marked items and cards.
    var marks = Marks()
    /// The detail level shown.
    var detail = DetailFilter()
    /// The reading of a document still being scanned.
    var loading: DocumentLoading
    /// The frames on the way of a jump.
    var animation = JumpAnimation()

    /// A document whose scan stopped at a fault: its answers are of what was read before. (Its
    /// items are parsed whole as they are read: there is no grammar left to check.)
    func answerCaveat(checkingAll _: Bool) -> String? {
        loading.problem == nil ? nil : "of what was read before the fault"
    }

    /// The content of `document`, read on by `loading` when it is still being scanned.
    /// Headers (and footers) pin as the document's `pinned` field says.
    init(
        document: StackDocument, loading: LazyDocument?, size: TerminalSize, theme: Theme, prefetchScreens: Double,
        retainScreens: Double
    ) {
        let rows = DocumentRows(document: document, theme: theme)
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
    /// Why the scan stopped early, or a warning about the document, once it ended.
    public var loadProblem: String? { loading.problem }

    /// What the work in progress says: what the last job said (a wrap, no match), the progress
    /// of the one running, the end of loading. Each has one owner.
    var notice: String? { jobs.said ?? jobs.progress(in: self) ?? loading.notice }

    /// The document's shortcuts a key reaches: built-in keys win, so a shortcut on a bound key
    /// or on one that starts a chord (`y`) is left out (its button too; help names it).
    var shortcuts: [StackDocument.Shortcut] {
        rows.document.shortcuts.filter { shortcut in
            let key = Key.character(shortcut.key)
            return ViewerKeys.table.action(for: KeyChord(key), in: .stack) == nil
                && !ViewerKeys.table.isPrefix(key, in: .stack)
        }
    }

    /// Lines available to the view: all but the status line.
    var viewportHeight: Int { DocumentView.height(for: size) }

    // MARK: - Events

    /// A key was pressed: what the search, the filter and the reading said goes, and where an
    /// earlier key jumped from.
    mutating func keyPressed() {
        animation.forgetStart()
        jobs.keyPressed()
        loading.clearNotice()
    }

    /// A shortcut key of the document scrolls to its target.
    mutating func handleUnbound(_ key: Key) -> Bool {
        guard case .character(let character) = key,
            let shortcut = shortcuts.first(where: { $0.key == character }) else { return false }
        markJumpStart()
        view.scroll(toID: shortcut.target)
        startAnimation()
        return true
    }

    /// A click focuses the item (or card) under it, or jumps on the scrollbar.
    mutating func click(x: Int, y: Int) { view.click(x: x, y: y) }

    /// Carries out `action`.
    /// - Returns: what it has to say on the status line, if anything.
    @discardableResult
    mutating func perform(_ action: ViewerAction) -> String? {
        defer { startAnimation() }
        let page = self.page
        switch action {
        case .nextItem: view.moveFocus(forward: true)
        case .previousItem: view.moveFocus(forward: false)
        case .scrollLines(let lines): view.scroll(by: lines)
        case .halfPageDown: view.page(by: page.half)
        case .halfPageUp: view.page(by: -page.half)
        case .pageDown: view.page(by: page.full)
        case .pageUp: view.page(by: -page.full)
        case .top:
            markJumpStart()
            view.scrollToTop()
        case .bottom:
            markJumpStart()
            view.scrollToBottom()
            if loading.isLoading { wait(ItemJumpJob(.bottom)) }
        case .placeFocus(let alignment): if let id = focusedID { _ = view.scroll(toID: id, alignment: alignment) }
        case .previousCard: view.moveCard(by: -1)
        case .nextCard: view.moveCard(by: 1)
        case .follow: return follow()
        case .nextMatch: repeatSearch(reversed: false)
        case .previousMatch: repeatSearch(reversed: true)
        case .toggleMark: if let id = focusedID { marks.toggle(id) }
        case .nextMark: return jumpToNextMark()
        case .moreDetail: return setDetailLevel(detail.level + 1)
        case .lessDetail: return setDetailLevel(detail.level - 1)
        default: break
        }
        return nil
    }

    /// A key that jumped further than a screen shows its way, when jumps animate.
    mutating func startAnimation() {
        if animatesJumps, animation.start != nil { animation.begin(to: view.contentOffset, screen: viewportHeight) }
    }

    /// Scrolls to the row or card with `id` and focuses it: an item or strip lands directly below
    /// the pinned header; a header id focuses its section's first item with the header at the top.
    /// Returns false, changing nothing, when there is no such id.
    @discardableResult
    mutating func scroll(toID id: String, alignment: ScrollAlignment = .top) -> Bool {
        view.scroll(toID: id, alignment: alignment)
    }

    /// Changes the screen size, keeping the anchor row at the top and the focus on screen.
    mutating func resize(to newSize: TerminalSize) {
        size = newSize
        view.resize(to: newSize)
    }

    /// Draws with `theme` from now on (the terminal turned out to have no colours).
    mutating func useTheme(_ theme: Theme) {
        self.theme = theme
        view.restyle(with: theme)
    }

    /// Resolves rows ahead in the direction of travel; call it when no key is pending.
    mutating func prefetch() {
        view.prefetch()
    }

    /// Measures the items nobody has looked at while `goesOn()` says so; true while some remain.
    mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { view.measureWhileIdle(while: goesOn) }
    var hasRowsToMeasure: Bool { view.list.hasRowsToMeasure }

    /// Sends one line per layout decision of every stack to `log` (`--log FILE`).
    mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        view.setLayoutLog(log)
    }

    // MARK: - Helpers

    /// Lines a page and half a page scroll.
    var page: PageLines { PageLines(viewport: viewportHeight) }

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
            DetailFilter.nearestShown(toItem: focused.item, inSection: focused.section, of: rows.document, matches: filter) {
                DocumentRows.shows(item: $1, ofSection: $0, in: $2, detailLevel: level, filter: filter)
            }
        }
        view.show(
            DocumentRows(document: rows.document, detailLevel: level, filter: filter, theme: theme), focusing: keep,
            onLine: line)
    }
}
