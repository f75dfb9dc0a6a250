import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// The document on screen: a `LazyList` of the document's rows, whose selection is the focus
/// (an item, or a strip of cards), and the strips of cards with the card focused in each. Every
/// verb that moves the view or the focus is here; nothing else changes them.
struct DocumentView {
    /// The rows, the scroll position and the focus.
    private(set) var list: LazyList<DocumentRows>
    /// The horizontal strips and their focused cards.
    private(set) var cards: CardStrips
    /// Receives one line per layout decision, when set (`--log`).
    private var layoutLog: ((String) -> Void)?

    /// A view of `rows` on a screen of `size` (the last line is not the view's), scrolled to the
    /// top with the first item focused.
    init(rows: DocumentRows, size: TerminalSize, options: StackOptions, theme: Theme) {
        list = LazyList(
            source: rows, width: size.width, height: Self.height(for: size), options: options,
            style: Self.listStyle(theme))
        cards = CardStrips(width: Self.stripWidth(for: size))
    }

    /// The rows shown.
    var rows: DocumentRows { list.source }
    /// The vertical stack.
    var stack: LazyStack<DocumentRows> { list.stack }
    /// The focused row: an item or a strip of cards.
    var focus: Int? { list.selection }

    /// The id of the focused item or card.
    var focusedID: String? {
        guard let focus else { return nil }
        let entry = rows.entry(at: focus)
        if entry.role == .cards, let strip = rows.strip(forSection: Int(entry.section)), strip.rowCount > 0 {
            return strip.rowID(at: min(cards.focusedCard(inSection: Int(entry.section)), strip.rowCount - 1))
        }
        return rows.rowID(at: focus)
    }

    /// The focused item's or card's ordinal among all items shown.
    /// - Complexity: O(1).
    var focusedOrdinal: Int? {
        guard let focus else { return nil }
        let entry = rows.entry(at: focus)
        return Int(entry.ordinal) + (entry.role == .cards ? cards.focusedCard(inSection: Int(entry.section)) : 0)
    }

    /// The focused item's section and index there (a card's among its section's items).
    var focusedItem: (section: Int, item: Int)? {
        guard let focus else { return nil }
        let entry = rows.entry(at: focus)
        let section = Int(entry.section)
        guard entry.role == .cards else { return (section, Int(entry.item)) }
        guard let id = focusedID else { return nil }
        let items = rows.document.sections[section].items
        return items.indices.first { items[$0].id == id }.map { (section, $0) }
    }

    /// The focused card's place among the marks' order: its row, and its card (0 for an item).
    var focusPosition: (row: Int, card: Int) {
        guard let focus else { return (-1, 0) }
        let entry = rows.entry(at: focus)
        return (focus, entry.role == .cards ? cards.focusedCard(inSection: Int(entry.section)) : 0)
    }

    /// The scroll offset in the content (estimated far from the top).
    var contentOffset: Int {
        stack.contentOffset
    }

    /// The screen line the focused row starts on (kept below the pinned header).
    mutating func focusLine() -> Int { list.selectionLine }

    // MARK: - Moving

    mutating func moveFocus(forward: Bool) {
        if forward { list.selectNext() } else { list.selectPrevious() }
    }

    mutating func scroll(by lines: Int) { list.scroll(by: lines) }

    mutating func page(by lines: Int) { list.page(by: lines) }

    mutating func scrollToTop() { list.selectFirst() }

    mutating func scrollToBottom() { list.selectLast() }

    /// Moves the focused strip's card focus by `delta`.
    mutating func moveCard(by delta: Int) {
        guard let section = focusedStripSection else { return }
        cards.moveFocus(by: delta, inSection: section, in: rows)
    }

    /// A click at `x`, `y` of the screen: the scrollbar jumps, an item takes the focus, a card
    /// takes its strip's focus.
    mutating func click(x: Int, y: Int) {
        guard list.click(column: x, line: y) != nil, let section = focusedStripSection else { return }
        cards.click(column: x - list.style.gutterWidth, inSection: section, in: rows)
    }

    /// Scrolls to the row or card with `id` and focuses it: an item or strip lands at
    /// `alignment` (at the top, right below the pinned header); a header id focuses its
    /// section's first item with the header at the top.
    /// - Returns: false, changing nothing, when there is no such id.
    @discardableResult
    mutating func scroll(toID id: String, alignment: ScrollAlignment = .top) -> Bool {
        guard list.select(id: id, alignment: alignment) else { return false }
        focusCard(id)
        return true
    }

    /// Focuses `id`, scrolling only if it is not on screen already (a match, a mark).
    mutating func reveal(id: String) {
        guard list.reveal(id: id) else { return }
        focusCard(id)
    }

    private mutating func focusCard(_ id: String) {
        guard let card = rows.cardPosition(forID: id), let section = focusedStripSection else { return }
        cards.focus(card: card, inSection: section, in: rows)
    }

    private var focusedStripSection: Int? {
        guard let focus else { return nil }
        let entry = rows.entry(at: focus)
        return entry.role == .cards ? Int(entry.section) : nil
    }

    // MARK: - Changes

    /// Follows a new screen size: the top row stays at the top and the focus on screen.
    mutating func resize(to size: TerminalSize) {
        list.resize(width: size.width, height: Self.height(for: size))
        cards.resize(width: Self.stripWidth(for: size))
    }

    /// Draws in `theme` from now on.
    mutating func restyle(with theme: Theme) {
        list.style = Self.listStyle(theme)
        list.restyle(with: rows.withTheme(theme))
        cards.restyle(with: rows)
    }

    /// Takes in a document that grew (its scan found more), as `grown` gives it once the rows let
    /// go of theirs (``DocumentRows/update(growingWith:)``): rows from the first that changed are
    /// replaced, nothing on screen moves, and the focus stays.
    mutating func takeIn(_ grown: () -> StackDocument) {
        list.replaceRows(updatingSourceFrom: { $0.update(growingWith: grown) })
    }

    /// Shows `rows` instead (another detail level), focusing `id` on screen line `line`; when
    /// `id` is nil or gone, the first item at the top.
    mutating func show(_ rows: DocumentRows, focusing id: String?, onLine line: Int) {
        var list = LazyList(
            source: rows, width: self.list.width,
            height: self.list.stack.viewportExtent, options: self.list.stack.options, style: self.list.style)
        list.setLogger(layoutLog.map { log in { log($0.description) } })
        self.list = list
        cards.reset(for: rows)
        guard let id, self.list.select(id: id, atLine: line) else { return }
        if let card = rows.cardPosition(forID: id), let section = focusedStripSection {
            cards.focus(card: card, inSection: section, in: rows)
        }
    }

    /// Resolves rows ahead of the scroll direction.
    mutating func prefetch() { list.prefetch() }

    /// Measures the items nobody has looked at while `goesOn()` says so; true while some remain.
    mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { list.measureWhileIdle(while: goesOn) }

    /// Sends one line per layout decision to `log`: the vertical stack's as they are, a strip's
    /// prefixed with its section id.
    mutating func setLayoutLog(_ log: ((String) -> Void)?) {
        layoutLog = log
        list.setLogger(log.map { log in { log($0.description) } })
        cards.setLayoutLog(log, rows: rows)
    }

    /// Lays out and draws the view into `area` (the list, marks, strips, matches) and returns
    /// the frame laid out.
    mutating func draw(
        into buffer: inout CellBuffer, area: Rect, theme: Theme, marks: Marks, search: Search?
    ) -> StackFrame<RenderedRow> {
        Self.draw(&list, &cards, into: &buffer, area: area, theme: theme, marks: marks, search: search)
    }

    /// Draws the view as it would be at content offset `offset` (a frame on the way of a jump),
    /// and comes back: the position, the focus and the layout log are as before.
    mutating func drawFrame(
        atOffset offset: Int, into buffer: inout CellBuffer, area: Rect, theme: Theme, marks: Marks, search: Search?
    ) -> StackFrame<RenderedRow> {
        let log = layoutLog
        setLayoutLog(nil)
        defer { setLayoutLog(log) }
        let fraction = Double(offset) / Double(stack.scrollableExtent)
        var cards = self.cards
        defer { self.cards = cards }
        return list.previewing(fraction: fraction) { list in
            Self.draw(&list, &cards, into: &buffer, area: area, theme: theme, marks: marks, search: search)
        }
    }

    private static func draw(
        _ list: inout LazyList<DocumentRows>, _ cards: inout CardStrips, into buffer: inout CellBuffer, area: Rect,
        theme: Theme, marks: Marks, search: Search?
    ) -> StackFrame<RenderedRow> {
        let frame = list.draw(into: &buffer, area: area)
        let rows = list.source
        let renderer = FrameRenderer(theme: theme, viewport: area.height)
        let left = area.x + list.style.gutterWidth
        for placed in frame.rows {
            let entry = rows.entry(at: placed.index)
            if entry.role == .item, marks.contains(rows.rowID(at: placed.index)) {
                renderer.drawMark(x: area.x + 1, y: area.y + placed.origin, into: &buffer)
            }
            let section = Int(entry.section)
            guard entry.role == .cards, let strip = cards.layout(section: section, in: rows),
                let source = rows.strip(forSection: section) else { continue }
            renderer.drawCards(
                strip, cardCount: source.rowCount, origin: area.y + placed.origin, left: left,
                right: left + cards.width,
                focusedCard: placed.index == list.selection ? cards.focusedCard(inSection: section) : nil,
                markedCards: Set(strip.rows.map(\.index).filter { marks.contains(source.rowID(at: $0)) }),
                into: &buffer)
        }
        if let search { renderer.highlight(search.regex, columns: left..<(area.right - 1), into: &buffer) }
        return frame
    }

    // MARK: - Geometry

    /// Lines of the view: the screen less the status line.
    static func height(for size: TerminalSize) -> Int { max(0, size.height - 1) }

    /// The width of a strip: the rows' width less the column kept free.
    static func stripWidth(for size: TerminalSize) -> Int {
        max(1, size.width - listStyleGutter - 1 - RowBuilder.rightMargin)
    }

    private static let listStyleGutter = 2

    private static func listStyle(_ theme: Theme) -> ListStyle {
        ListStyle(
            gutterWidth: listStyleGutter, selectionMark: "▌", selection: theme.focus, showsScrollbar: true,
            scrollbarTrack: theme.scrollbarTrack, scrollbarThumb: theme.scrollbarThumb)
    }
}
