// MARK: - Placement, pinning, prefetch and retention

extension LazyStack {
    /// Lays out a frame: resolves the rows of the viewport and places them from the anchor (in
    /// one pass, what ``resolveViewport()`` then ``placement()`` give), adds pinned headers and
    /// footers, evicts rows outside the retention window, and reports what changed since the
    /// last frame.
    /// - Complexity: O(viewport) rows, plus O(log n) for the offsets; independent of the row count.
    public mutating func layout() -> StackFrame<Source.Row> {
        counters.frames += 1
        log(.place(row: anchor.row, offset: anchor.offset))
        // The walk resolves each row (what resolveViewport() does) and places it (what
        // placement() reads), taking the row once.
        var rows: [PlacedRow<Source.Row>] = []
        var walk = DownwardWalk(from: anchor)
        while walk.goesOn(before: viewportExtent, rowCount: rowCount) {
            let row = resolve(walk.row)
            let leading = spacing(before: walk.row)
            let span = walk.span(extent: row.extent + leading)
            rows.append(PlacedRow(index: span.index, kind: kind(span.index), origin: span.origin + leading, row: row, isPinned: false))
            walk.step(over: span)
        }
        if let last = rows.last {
            let gap = bottomGap(lastRow: last.index, end: last.origin + last.row.extent)
            for placed in rows.indices { rows[placed].origin += gap }
        }
        let visible = rows.isEmpty ? anchor.row..<anchor.row : anchor.row..<(rows[rows.count - 1].index + 1)
        log(.placed(range: visible))
        if options.pinsHeaders, let header = pinnedHeader(over: rows) { rows.append(header) }
        // (Each row's span with the spacing before it, as placement() reads them.)
        let spans = rows.map { placed in
            let leading = spacing(before: placed.index)
            return RowSpan(index: placed.index, origin: placed.origin - leading, extent: placed.row.extent + leading)
        }
        let containers = containerPins(over: spans)
        rows += placedContainerPins(containers, over: spans)
        if options.pinsFooters, let footer = pinnedFooter(over: rows) { rows.append(footer) }
        trimToWindow()
        let contentSize = index.contentSize
        if contentSize != reportedContentSize {
            reportedContentSize = contentSize
            log(.contentSize(contentSize))
        }
        let last = visible.isEmpty ? nil : rows[visible.count - 1]
        var frame = StackFrame(
            rows: rows,
            elidedContainersLine: containers.elidedLine,
            viewportExtent: viewportExtent,
            scrollOffset: rowCount > 0 ? index.offset(of: anchor.row) + anchor.offset : 0,
            contentSize: contentSize,
            visibleRange: visible,
            isAtTop: anchor == ScrollAnchor(row: 0, offset: 0),
            isAtBottom: last.map { $0.index == rowCount - 1 && $0.origin + $0.row.extent <= viewportExtent } ?? true,
            changes: FrameChanges()
        )
        frame.changes = changes(for: frame)
        return frame
    }

    /// Resolves rows ahead of the viewport in the direction of travel, up to the prefetch window.
    /// Call it when no key is pending. Returns how many rows it built.
    /// - Complexity: O(prefetch window) rows.
    @discardableResult
    public mutating func prefetch() -> Int {
        let window = lines(screens: options.prefetchScreens)
        guard window > 0, rowCount > 0 else { return 0 }
        let built = counters.measured
        // Walk exactly as trimToWindow() measures its window, so nothing prefetched is evicted.
        var range: Range<Int>
        switch direction {
        case .forward:
            // One walk to the window's edge notes the last row on screen on the way.
            var lastVisible = anchor.row
            let viewport = viewportExtent
            let row = walkDown(from: anchor, untilLine: viewport + window) { span in
                if span.origin < viewport { lastVisible = span.index }
                return true
            }?.index ?? anchor.row
            let firstAhead = lastVisible + 1
            range = firstAhead..<max(firstAhead, row + 1)
        case .backward:
            var row = anchor.row
            var covered = anchor.offset
            while covered < window, row > 0 {
                row -= 1
                covered += extent(row)
            }
            range = row..<anchor.row
        }
        if !range.isEmpty { log(.prefetch(range: range)) }
        trimToWindow()
        return counters.measured - built
    }

    /// The header pinned at the top: the section's header of the first visible row, pushed up by
    /// the next section as it arrives. Nil when the header already shows in its natural place.
    private mutating func pinnedHeader(
        over rows: [PlacedRow<Source.Row>]
    ) -> PlacedRow<Source.Row>? {
        guard let first = rows.first else { return nil }
        let section = source.sectionRange(containing: first.index)
        let header = section.lowerBound
        guard kind(header) == .header else { return nil }
        if first.index == header, first.origin >= 0 { return nil }
        let headerRow = resolve(header)
        var origin = 0
        if let next = rows.first(where: { $0.index == section.upperBound }) {
            origin = min(0, next.origin - spacing(before: next.index) - headerRow.extent)
        }
        return PlacedRow(index: header, kind: .header, origin: origin, row: headerRow, isPinned: true)
    }

    /// The footer pinned at the bottom: the footer of the last visible row's section, pushed down
    /// by its own section's start. Nil when it shows whole in its natural place.
    private mutating func pinnedFooter(
        over rows: [PlacedRow<Source.Row>]
    ) -> PlacedRow<Source.Row>? {
        guard let last = rows.last else { return nil }
        let section = source.sectionRange(containing: last.index)
        let footer = section.upperBound - 1
        guard kind(footer) == .footer else { return nil }
        let footerRow = resolve(footer)
        if let placed = rows.first(where: { $0.index == footer }),
            placed.origin + footerRow.extent <= viewportExtent {
            return nil
        }
        var origin = viewportExtent - footerRow.extent
        if let start = rows.first(where: { $0.index == section.lowerBound }) {
            origin = max(origin, start.origin + start.row.extent)
        }
        guard origin < viewportExtent else { return nil }
        return PlacedRow(index: footer, kind: .footer, origin: origin, row: footerRow, isPinned: true)
    }

    /// Evicts rows outside the viewport plus its retention window (behind) and prefetch window
    /// (ahead), keeping the pinned rows of the visible sections.
    mutating func trimToWindow() {
        guard rowCount > 0 else { return evict(outside: 0..<0, except: []) }
        let retain = lines(screens: options.retainScreens)
        let prefetch = lines(screens: options.prefetchScreens)
        let (before, after) = direction == .forward ? (retain, prefetch) : (prefetch, retain)
        var low = anchor.row
        var covered = anchor.offset
        while covered < before, low > 0 {
            low -= 1
            covered += index.extent(of: low, kind: kind(low))
        }
        let high = walkDownIndexed(from: anchor, untilLine: max(1, viewportExtent + after))?.index ?? anchor.row
        var pinned = Set(source.enclosingContainers(of: anchor.row).map { $0.opening })
        for row in [anchor.row, high] {
            let section = source.sectionRange(containing: row)
            if options.pinsHeaders, kind(section.lowerBound) == .header {
                pinned.insert(section.lowerBound)
            }
            if options.pinsFooters, kind(section.upperBound - 1) == .footer {
                pinned.insert(section.upperBound - 1)
            }
        }
        evict(outside: low..<(high + 1), except: pinned)
    }

    /// The lines rows that do not fill the viewport are moved down by, to sit at its bottom, when
    /// the stack keeps to the bottom (``StackOptions/defaultScrollAnchor``); 0 otherwise. `end`
    /// is the line after the last row placed, `lastRow` its index.
    func bottomGap(lastRow: Int, end: Int) -> Int {
        guard options.defaultScrollAnchor == .bottom, anchor == ScrollAnchor(row: 0, offset: 0),
            lastRow == rowCount - 1, end < viewportExtent else { return 0 }
        return viewportExtent - end
    }

    /// `screens` viewports in lines. Any value is safe: NaN and negatives count as 0 and the
    /// count is capped at ``StackOptions/maximumScreens`` (no trap converting to `Int`). Rounded
    /// without libm, so a program linking only this module needs nothing else.
    private func lines(screens: Double) -> Int {
        let bounded = screens.isNaN ? 0 : min(max(screens, 0), StackOptions.maximumScreens)
        return Int(Double(viewportExtent) * bounded + 0.5)
    }
}
