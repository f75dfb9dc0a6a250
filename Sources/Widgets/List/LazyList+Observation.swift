import StackEngine

// MARK: - The scroll position as a value, and what the list reports as it draws

extension LazyList {
    /// Where the list is scrolled: an edge, or its top row by id and the lines of it above the
    /// area (``LazyStack/scrollPosition()``). Keep it, encode it, and scroll back to it with
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

    /// The ids of the rows visible now, past the options' ``StackOptions/visibilityThreshold``
    /// (as of the last frame drawn), in order.
    public var visibleIDs: [String] { stack.visibleRows.map(stack.source.rowID(at:)) }

    /// Calls the list's observers with what `frame` changed: the visible ids when a row became
    /// visible or hidden, the geometry when it moved.
    func report(_ frame: StackFrame<Source.Row>) {
        let changes = frame.changes
        if let observer = observers.visibility, !changes.becameVisible.isEmpty || !changes.becameHidden.isEmpty {
            observer(visibleIDs)
        }
        if let observer = observers.geometry, let geometry = changes.geometry { observer(geometry) }
    }

    /// Calls `action` with the ids of the rows visible past `threshold` of their lines (a
    /// fraction, 0…1) whenever that set changes, as a frame is drawn — SwiftUI's
    /// `onScrollTargetVisibilityChange(idType:threshold:_:)`: no polling of frames.
    public mutating func onScrollTargetVisibilityChange(threshold: Double = 0.8, _ action: @escaping ([String]) -> Void) {
        stack.options.visibilityThreshold = threshold
        observers.visibility = action
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
    var visibility: (([String]) -> Void)?
    var geometry: ((ScrollGeometry) -> Void)?
}
