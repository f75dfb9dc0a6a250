// MARK: - Scrolling verbs

extension LazyStack {
    /// Scrolls by `lines` (positive: towards the end), walking from the anchor and measuring rows
    /// as it goes; stops exactly at the first row's top and the last row's bottom.
    /// - Complexity: O(|lines| + viewport) rows measured, independent of the row count.
    public mutating func scroll(by lines: Int) {
        guard lines != 0 else { return }
        direction = lines > 0 ? .forward : .backward
        let moved = ScrollAnchor(row: anchor.row, offset: anchor.offset + lines)
        anchor = clampedToBottom(normalized(moved))
        trimToWindow()
    }

    /// Scrolls so the first row's first line is at the top.
    public mutating func scrollToTop() {
        direction = .backward
        anchor = clampedToBottom(ScrollAnchor(row: 0, offset: 0))
        trimToWindow()
    }

    /// Scrolls so the last row's last line is at the bottom, placing from the last row upwards.
    /// - Complexity: O(viewport) rows measured.
    public mutating func scrollToBottom() {
        guard rowCount > 0 else { return }
        direction = .forward
        let last = rowCount - 1
        anchor = clampedToBottom(
            normalized(ScrollAnchor(row: last, offset: extent(last) - viewportExtent)))
        trimToWindow()
    }

    /// Scrolls so the row with `id` lands at `alignment`; returns false when there is no such row.
    @discardableResult
    public mutating func scroll(toID id: String, alignment: ScrollAlignment = .top) -> Bool {
        guard let row = source.rowIndex(forID: id) else { return false }
        scroll(toRow: row, alignment: alignment)
        return true
    }

    /// Scrolls so `row` lands at `alignment`: at `.top` directly below its section's pinned header,
    /// at `.center` in the middle of the lines between the pinned header and footer.
    /// Works for rows never measured: placement starts from the target itself.
    /// - Complexity: O(viewport) rows measured plus O(log n).
    public mutating func scroll(toRow row: Int, alignment: ScrollAlignment) {
        guard rowCount > 0 else { return }
        let target = min(max(row, 0), rowCount - 1)
        log(.scrollTo(row: target, alignment: alignment))
        let targetExtent = extent(target)
        let offset: Int
        switch alignment {
        case .top:
            offset = -leadingInset(for: target)
        case .center:
            // In the middle of the lines the pins leave, never under them.
            let leading = leadingInset(for: target)
            let room = viewportExtent - leading - trailingInset(for: target)
            offset = -(leading + max(0, room - targetExtent) / 2)
        case .bottom:
            offset = targetExtent - viewportExtent + trailingInset(for: target)
        }
        direction = target >= anchor.row ? .forward : .backward
        anchor = clampedToBottom(normalized(ScrollAnchor(row: target, offset: offset)))
        trimToWindow()
    }

    /// The lines above the anchor's line in the content (estimated where rows were never
    /// measured).
    public var contentOffset: Int {
        rowCount > 0 ? index.offset(of: anchor.row) + anchor.offset : 0
    }

    /// The lines there are to scroll: the content's less the viewport's (estimated).
    public var scrollableExtent: Int { max(1, index.total - viewportExtent) }

    /// Scrolls to a fraction of the content (0 top, 1 bottom), choosing the anchor from the
    /// position index and then placing exactly from it.
    /// - Complexity: O(log n) plus O(viewport) rows measured.
    public mutating func scroll(toFraction fraction: Double) {
        guard rowCount > 0 else { return }
        if fraction <= 0 { return scrollToTop() }
        if fraction >= 1 { return scrollToBottom() }
        let scrollable = max(0, index.total - viewportExtent)
        let target = index.row(containing: Int(fraction * Double(scrollable)))
        direction = target.row >= anchor.row ? .forward : .backward
        anchor = clampedToBottom(normalized(target))
        trimToWindow()
    }

    /// Scrolls as little as possible so `row` is wholly visible below the pinned header
    /// (or starts at the top when it is taller than the space there).
    public mutating func reveal(row: Int) {
        guard rowCount > 0 else { return }
        let target = min(max(row, 0), rowCount - 1)
        let top = leadingInset(for: target)
        let bottom = viewportExtent - trailingInset(for: target)
        guard let origin = origin(of: target) else {
            scroll(toRow: target, alignment: target < anchor.row ? .top : .bottom)
            if extent(target) > bottom - top { scroll(toRow: target, alignment: .top) }
            return
        }
        if origin < top {
            scroll(toRow: target, alignment: .top)
        } else if origin + extent(target) > bottom {
            let fits = extent(target) <= bottom - top
            scroll(toRow: target, alignment: fits ? .bottom : .top)
        }
    }

    /// Changes the viewport. A new cross extent invalidates measurements lazily (they remain
    /// guesses until rows are rebuilt) and keeps the anchor row where it was.
    public mutating func setViewport(crossExtent: Int, viewportExtent: Int) {
        let keepsToBottom = keepsToBottom
        defer { if keepsToBottom { scrollToBottom() } }
        let cross = max(1, crossExtent)
        if cross != self.crossExtent {
            self.crossExtent = cross
            index.invalidateMeasurements()
            idleMeasuring = IdleMeasuring()
            evict(outside: 0..<0, except: [])
        }
        self.viewportExtent = max(0, viewportExtent)
        guard rowCount > 0 else { return }
        let offset = min(anchor.offset, extent(anchor.row) - 1)
        anchor = clampedToBottom(ScrollAnchor(row: anchor.row, offset: max(0, offset)))
        trimToWindow()
    }

    // MARK: - Geometry helpers

    /// The viewport line where `row` starts, when it is among the rows placed from the anchor.
    public mutating func origin(of row: Int) -> Int? {
        guard row >= anchor.row else { return nil }
        let last = walkDown(from: anchor, untilLine: viewportExtent) { span in span.index < row }
        return last?.index == row ? last?.origin : nil
    }

    /// Lines at the top covered by pins when `row` is the first row below them: its section's
    /// pinned header (0 for the header itself), or its enclosing containers' opening rows.
    public mutating func leadingInset(for row: Int) -> Int {
        max(sectionHeaderInset(for: row), containerInset(for: row))
    }

    /// Lines at the top covered by the pinned header of `row`'s section (0 for the header itself).
    mutating func sectionHeaderInset(for row: Int) -> Int {
        guard options.pinsHeaders else { return 0 }
        let header = source.sectionRange(containing: row).lowerBound
        guard header != row, kind(header) == .header else { return 0 }
        return extent(header)
    }

    /// Lines at the bottom covered by the pinned footer of `row`'s section (0 for the footer itself).
    public mutating func trailingInset(for row: Int) -> Int {
        guard options.pinsFooters else { return 0 }
        let footer = source.sectionRange(containing: row).upperBound - 1
        guard footer != row, kind(footer) == .footer else { return 0 }
        return extent(footer)
    }

    /// Walks `anchor` to the row that holds its offset, measuring rows; stops at the first row.
    mutating func normalized(_ anchor: ScrollAnchor) -> ScrollAnchor {
        guard rowCount > 0 else { return ScrollAnchor(row: 0, offset: 0) }
        var row = min(max(anchor.row, 0), rowCount - 1)
        var offset = anchor.offset
        while offset < 0 {
            guard row > 0 else { return ScrollAnchor(row: 0, offset: 0) }
            row -= 1
            offset += extent(row)
        }
        while offset >= extent(row), row < rowCount - 1 {
            offset -= extent(row)
            row += 1
        }
        // Past the last row's end (its bottom aligned to a viewport of no lines): its last line.
        return ScrollAnchor(row: row, offset: min(offset, extent(row) - 1))
    }

    /// Moves `anchor` up just enough that no blank lines show below the last row.
    mutating func clampedToBottom(_ anchor: ScrollAnchor) -> ScrollAnchor {
        guard rowCount > 0 else { return anchor }
        let covered = walkDown(from: anchor, untilLine: viewportExtent)?.end ?? -anchor.offset
        guard covered < viewportExtent else { return anchor }
        let gap = viewportExtent - covered
        return normalized(ScrollAnchor(row: anchor.row, offset: anchor.offset - gap))
    }
}
