import StackEngine

// MARK: - The scroll position as a value, and what the list reports as it draws

extension LazyList {
    /// Where the list is scrolled: an edge, or its top row by id and the lines of it above the
    /// area (`LazyStack/scrollPosition()`). Keep it, encode it, and scroll back to it with
    /// ``scroll(to:)``.
    /// - Complexity: O(rows on a screen).
    public mutating func scrollPosition() -> ScrollPosition { stack.scrollPosition() }

    /// Scrolls to `position` — an edge, a row by id at an alignment, a saved row and line, a
    /// line of the content — taking the selection along when it would leave the screen.
    /// - Returns: false, moving nothing, when the position's id is not among the rows.
    @discardableResult
    public mutating func scroll(to position: ScrollPosition) -> Bool {
        defer { checkInvariants() }
        guard stack.scroll(to: position) else { return false }
        if case .id(let id, _) = position, let row = stack.source.rowIndex(forID: id), isSelectable(row) {
            selection = row
        } else {
            keepSelectionVisible(preferLeading: position != .edge(.bottom))
        }
        return true
    }

    /// Calls the list's observers with what `frame` changed: the visible ids when they are not
    /// the ones last reported, the geometry when it moved.
    mutating func report(_ frame: StackFrame<Source.Row>) {
        if let visibility = observers.visibility {
            // (A row's visible fraction once a row of the frame: O(rows on screen).)
            var rows = frame.rows
                .filter { LazyStack<Source>.visibleFraction(of: $0, in: frame) >= visibility.threshold }
                .map(\.index)
            rows.sort()
            let ids = rows.enumerated().filter { $0.offset == 0 || rows[$0.offset - 1] != $0.element }
                .map { stack.source.rowID(at: $0.element) }
            if ids != visibility.reported {
                observers.visibility?.reported = ids
                visibility.action(ids)
            }
        }
        if let observer = observers.geometry, let geometry = frame.changes.geometry { observer(geometry) }
    }

    /// Calls `action` with the ids of the rows visible past `threshold` of their lines (a
    /// fraction, 0…1; a pinned row counts whole, a row under a pin is hidden), in order,
    /// whenever they change, as a frame is drawn — SwiftUI's
    /// `onScrollTargetVisibilityChange(idType:threshold:_:)`, without polling frames.
    public mutating func onScrollTargetVisibilityChange(threshold: Double = 0.5, _ action: @escaping ([String]) -> Void) {
        observers.visibility = ListObservers.Visibility(threshold: threshold, action: action)
    }

    /// Calls `action` with the scroll geometry — the offset, the content size (exact or
    /// estimated), the rows visible, the viewport — whenever it changes, as a frame is drawn:
    /// SwiftUI's `onScrollGeometryChange`.
    public mutating func onScrollGeometryChange(_ action: @escaping (ScrollGeometry) -> Void) {
        observers.geometry = action
    }
}

/// The closures a list calls as it draws.
struct ListObservers {
    /// An observer of the rows visible, with its threshold and the ids it was last given.
    struct Visibility {
        var threshold: Double
        var action: ([String]) -> Void
        var reported: [String]? = nil
    }

    var visibility: Visibility?
    var geometry: ((ScrollGeometry) -> Void)?
    /// The effect of a row's scroll transition (``LazyList/scrollTransition(_:)``).
    var transition: ((ScrollTransitionPhase) -> ScrollTransitionEffect)?
}
