import StackEngine

// MARK: - Scrolling, paging and the mouse: the selection follows the view

extension LazyList {
    /// Scrolls `lines` lines (negative: up). A selection the view left behind moves onto the
    /// screen: to the first selectable row shown when scrolling down, the last when scrolling up.
    public mutating func scroll(by lines: Int) {
        defer { checkInvariants() }
        stack.scroll(by: lines)
        keepSelectionVisible(preferLeading: lines > 0)
    }

    /// Scrolls a page (the area less one line, so with a one-line pinned header nothing is
    /// skipped) down or up; the selection stays on the same screen line.
    public mutating func page(down: Bool) {
        let lines = PageLines(viewport: stack.viewportExtent).full
        page(by: down ? lines : -lines)
    }

    /// Scrolls `lines` (a page, half a page) keeping the selection on the same screen line: the
    /// row covering that line is selected. Pages in a row keep the first page's line, so a page
    /// down and a page up give back the same screen and selection even at an end.
    public mutating func page(by lines: Int) {
        defer { checkInvariants() }
        let line = paging.flatMap { $0.anchor == stack.anchor && $0.selection == selection ? $0.line : nil }
            ?? selectionLine
        stack.scroll(by: lines)
        // A line the rows pinned at the top cover now (a tree's enclosing containers) selects
        // the first row below them: never a row hidden under a pin.
        if let row = selectableRow(coveringLine: max(line, stack.pinnedLines())) { selection = row }
        paging = Paging(line: line, anchor: stack.anchor, selection: selection)
    }

    /// Scrolls to a fraction of the content (0 the top, 1 the bottom), keeping the selection on
    /// screen.
    public mutating func scroll(toFraction fraction: Double) {
        stack.scroll(toFraction: fraction)
        keepSelectionVisible(preferLeading: true)
        if let selection, !isVisible(selection) {
            self.selection = stack.placement().first { isSelectable($0.index) }?.index ?? selection
        }
    }

    /// A click at `column`, `line` of the list's area: on the scrollbar, it scrolls there; on a
    /// selectable row, it selects it (not through a pinned header or footer).
    /// - Returns: the row clicked, when it is selectable (now the selection).
    @discardableResult
    public mutating func click(column: Int, line: Int) -> Int? {
        defer { checkInvariants() }
        // Along the axis and across it.
        let (line, column) = axis == .vertical ? (line, column) : (column, line)
        let height = stack.viewportExtent
        guard line >= 0, line < height, column >= 0 else { return nil }
        if axis == .vertical, style.showsScrollbar, column == style.gutterWidth + stack.crossExtent {
            scroll(toFraction: height > 1 ? Double(line) / Double(height - 1) : 0)
            return nil
        }
        let placed = placements()
        // A pinned header or footer covers the rows under it: a click there selects nothing.
        guard !placed.isEmpty, line >= stack.pinnedLines(),
            line < height - stack.trailingInset(for: placed[placed.count - 1].index),
            let hit = placed.last(where: { $0.origin <= line }), isSelectable(hit.index) else { return nil }
        selection = hit.index
        return hit.index
    }

    /// A click at cell `x`, `y` of the screen, as the terminal reports it: a click inside the
    /// area the list was last drawn into is ``click(column:line:)`` there; one outside it does
    /// nothing. Two lists on one screen each take the clicks in their own area.
    /// - Returns: the row clicked, when it is selectable (now the selection).
    @discardableResult
    public mutating func click(x: Int, y: Int) -> Int? {
        guard let area = drawnArea, area.contains(x: x, y: y) else { return nil }
        return click(column: x - area.x, line: y - area.y)
    }

    /// The screen line the selected row starts on, kept inside the space below the pinned
    /// header; the first line of that space when the selection is off screen. (In a horizontal
    /// list, the column.)
    public var selectionLine: Int {
        mutating get {
            let placed = placements()
            let top = placed.isEmpty ? 0 : stack.pinnedLines()
            guard let selection, let row = placed.first(where: { $0.index == selection }) else { return top }
            return min(max(row.origin, top), max(top, stack.viewportExtent - 1))
        }
    }

    /// Whether a selectable line of `row` (one that shows the selection mark) is on screen below
    /// the pinned header.
    /// - Complexity: O(rows on screen).
    public mutating func isVisible(_ row: Int) -> Bool {
        isVisible(row, among: placements())
    }

    // MARK: - Helpers

    /// The rows on screen with their first line and extent.
    mutating func placements() -> [RowSpan] {
        stack.resolveViewport()
        return stack.placement()
    }

    private mutating func isVisible(_ row: Int, among placed: [RowSpan]) -> Bool {
        guard let match = placed.first(where: { $0.index == row }) else { return false }
        return isVisible(match, below: stack.pinnedLines())
    }

    /// Whether a selectable line of the row placed at `span` shows below the first `top` lines.
    private mutating func isVisible(_ span: RowSpan, below top: Int) -> Bool {
        span.origin + selectableExtent(of: span.index) > top && span.origin < stack.viewportExtent
    }

    /// The selectable row covering screen line `line`, or the nearest selectable row on screen.
    /// A row whose selectable lines end above `line` (the line is its trailing blank) does not
    /// count.
    private mutating func selectableRow(coveringLine line: Int) -> Int? {
        let placed = placements()
        guard var hit = placed.lastIndex(where: { $0.origin <= line }) else { return nil }
        let covering = placed[hit]
        if line >= covering.origin + selectableExtent(of: covering.index), hit + 1 < placed.count {
            hit += 1
        }
        if let after = placed[hit...].first(where: { isSelectable($0.index) }) { return after.index }
        return placed[...hit].last(where: { isSelectable($0.index) })?.index
    }

    /// How far along the axis a row shows the selection: its selectable lines in a vertical
    /// list, its whole width in a horizontal one.
    private mutating func selectableExtent(of row: Int) -> Int {
        let resolved = stack.resolve(row)
        return axis == .vertical ? resolved.selectableLines : resolved.extent
    }

    /// Moves the selection onto the screen when scrolling left it behind: to the first
    /// selectable row shown (`preferLeading`), else to the last.
    mutating func keepSelectionVisible(preferLeading: Bool) {
        guard let selection, !isVisible(selection) else { return }
        let placed = placements()
        guard !placed.isEmpty else { return }
        let top = stack.pinnedLines()
        let shown = placed.filter { isSelectable($0.index) && isVisible($0, below: top) }
        guard let pick = preferLeading ? shown.first : shown.last else { return }
        self.selection = pick.index
    }
}
