// MARK: - Observation: what appeared, what is visible, how the geometry moved

extension LazyStack {
    /// The fraction of `placed`'s lines that can be seen: inside the viewport and not covered by a
    /// pinned row (pinned rows themselves count as wholly visible).
    /// - Complexity: O(rows in the frame).
    public static func visibleFraction(of placed: PlacedRow<Source.Row>, in frame: StackFrame<Source.Row>) -> Double {
        let extent = placed.row.extent
        guard extent > 0 else { return 0 }
        var top = max(0, placed.origin)
        var bottom = min(frame.viewportExtent, placed.origin + extent)
        if !placed.isPinned {
            for pinned in frame.rows where pinned.isPinned {
                let pinnedEnd = pinned.origin + pinned.row.extent
                if pinned.kind == .header { top = max(top, pinnedEnd) }
                if pinned.kind == .footer { bottom = min(bottom, pinned.origin) }
            }
        }
        return Double(max(0, bottom - top)) / Double(extent)
    }

    /// Compares `frame` with the previous frame and remembers it for the next comparison.
    /// - Complexity: O(rows in the frame + rows in the previous frame).
    mutating func changes(for frame: StackFrame<Source.Row>) -> FrameChanges {
        var changes = FrameChanges()
        let onScreen = Set(frame.rows.map { $0.index })
        changes.appeared = onScreen.subtracting(observed.onScreen).sorted()
        changes.disappeared = observed.onScreen.subtracting(onScreen).sorted()
        var visible: Set<Int> = []
        for placed in frame.rows
        where Self.visibleFraction(of: placed, in: frame) >= options.visibilityThreshold {
            visible.insert(placed.index)
        }
        changes.becameVisible = visible.subtracting(observed.visible).sorted()
        changes.becameHidden = observed.visible.subtracting(visible).sorted()
        let geometry = ScrollGeometry(
            offset: frame.scrollOffset, contentSize: frame.contentSize,
            visibleRange: frame.visibleRange, viewportExtent: frame.viewportExtent)
        if geometry != observed.geometry { changes.geometry = geometry }
        changes.requestedPages = observed.requestedPages.sorted()
        observed = ObservedState(onScreen: onScreen, visible: visible, geometry: geometry)
        return changes
    }
}

/// What the last frame showed, kept to report only changes.
struct ObservedState {
    var onScreen: Set<Int> = []
    var visible: Set<Int> = []
    var geometry: ScrollGeometry?
    /// Loading rows resolved since the last frame.
    var requestedPages: Set<Int> = []
}
