// MARK: - Observation: what appeared, what is visible, how the geometry moved

extension LazyStack {
    /// The fraction of `placed`'s lines that can be seen: inside the viewport and not covered by a
    /// pinned row (pinned rows themselves count as wholly visible).
    /// - Complexity: O(rows in the frame).
    public static func visibleFraction(of placed: PlacedRow<Source.Row>, in frame: StackFrame<Source.Row>) -> Double {
        let lines = placed.isPinned ? 0..<frame.viewportExtent : unpinnedLines(of: frame)
        return visibleFraction(origin: placed.origin, extent: placed.row.extent, within: lines)
    }

    /// Where `placed` is as it enters or leaves the viewport — SwiftUI's
    /// `ScrollTransitionPhase.value`: 0 while it shows whole in the lines the pins leave; the
    /// fraction of its lines cut off, negative at the top edge and positive at the bottom (-1,
    /// 1: out of sight). A pinned row is 0.
    /// - Complexity: O(rows in the frame).
    public static func transitionPhase(of placed: PlacedRow<Source.Row>, in frame: StackFrame<Source.Row>) -> Double {
        guard !placed.isPinned, placed.row.extent > 0 else { return 0 }
        let lines = unpinnedLines(of: frame)
        let above = max(0, min(placed.row.extent, lines.lowerBound - placed.origin))
        if above > 0 { return -Double(above) / Double(placed.row.extent) }
        let below = max(0, min(placed.row.extent, placed.origin + placed.row.extent - lines.upperBound))
        return Double(below) / Double(placed.row.extent)
    }

    /// The lines of `frame` the pinned rows leave: below its pinned headers, above its pinned
    /// footers.
    /// - Complexity: O(rows in the frame).
    static func unpinnedLines(of frame: StackFrame<Source.Row>) -> Range<Int> {
        var top = 0
        var bottom = frame.viewportExtent
        for pinned in frame.rows where pinned.isPinned {
            if pinned.kind == .header { top = max(top, pinned.origin + pinned.row.extent) }
            if pinned.kind == .footer { bottom = min(bottom, pinned.origin) }
        }
        return top..<max(top, bottom)
    }

    /// The fraction of a row at `origin`, `extent` lines, inside `lines` (the viewport's; for a
    /// row not pinned, those the pins leave).
    private static func visibleFraction(origin: Int, extent: Int, within lines: Range<Int>) -> Double {
        guard extent > 0 else { return 0 }
        let top = max(origin, lines.lowerBound)
        let bottom = min(origin + extent, lines.upperBound)
        return Double(max(0, bottom - top)) / Double(extent)
    }

    /// The rows visible in the last frame past the options' ``StackOptions/visibilityThreshold``
    /// (pinned rows count whole), ascending.
    public var visibleRows: [Int] { observed.visible }

    /// Compares `frame` with the previous frame and remembers it for the next comparison.
    /// - Complexity: O(r log r) in the rows of the frame and of the previous frame (a few
    ///   screens' worth): sorted arrays, merged, rather than sets hashed on every frame.
    mutating func changes(for frame: StackFrame<Source.Row>) -> FrameChanges {
        var changes = FrameChanges()
        let onScreen = Self.sortedUnique(frame.rows.map { $0.index })
        changes.appeared = Self.elements(of: onScreen, notIn: observed.onScreen)
        changes.disappeared = Self.elements(of: observed.onScreen, notIn: onScreen)
        // (The pins once a frame, not once a row: a row's visibility is then O(1).)
        let unpinned = Self.unpinnedLines(of: frame)
        let viewport = 0..<frame.viewportExtent
        var visible: [Int] = []
        for placed in frame.rows {
            let lines = placed.isPinned ? viewport : unpinned
            if Self.visibleFraction(origin: placed.origin, extent: placed.row.extent, within: lines) >= options.visibilityThreshold {
                visible.append(placed.index)
            }
        }
        visible = Self.sortedUnique(visible)
        changes.becameVisible = Self.elements(of: visible, notIn: observed.visible)
        changes.becameHidden = Self.elements(of: observed.visible, notIn: visible)
        let geometry = ScrollGeometry(
            offset: frame.scrollOffset, contentSize: frame.contentSize,
            visibleRange: frame.visibleRange, viewportExtent: frame.viewportExtent)
        if geometry != observed.geometry { changes.geometry = geometry }
        changes.requestedPages = observed.requestedPages.sorted()
        observed = ObservedState(onScreen: onScreen, visible: visible, geometry: geometry)
        return changes
    }

    private static func sortedUnique(_ indexes: [Int]) -> [Int] {
        var sorted = indexes.sorted()
        var kept = 0
        for element in sorted where kept == 0 || sorted[kept - 1] != element {
            sorted[kept] = element
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }

    /// The elements of sorted `first` that sorted `second` lacks, in order.
    private static func elements(of first: [Int], notIn second: [Int]) -> [Int] {
        var result: [Int] = []
        var other = 0
        for element in first {
            while other < second.count, second[other] < element { other += 1 }
            if other == second.count || second[other] != element { result.append(element) }
        }
        return result
    }
}

/// What the last frame showed, kept to report only changes.
struct ObservedState {
    /// Rows placed, ascending.
    var onScreen: [Int] = []
    /// Rows visible past the threshold, ascending.
    var visible: [Int] = []
    var geometry: ScrollGeometry?
    /// Loading rows resolved since the last frame.
    var requestedPages: Set<Int> = []
}
