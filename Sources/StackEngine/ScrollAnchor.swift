/// The scroll position: a row and how many of its lines (or columns) lie before the viewport's
/// leading edge. Placement always starts from this concrete row, never from an estimated offset,
/// so a frame is never blank and corrections of estimates never move what is on screen.
public struct ScrollAnchor: Equatable, Sendable {
    /// The first row at least partly inside the viewport.
    public var row: Int
    /// Lines of `row` above the viewport's top (0 ≤ offset < the row's extent once normalized).
    public var offset: Int

    /// Creates an anchor.
    public init(row: Int, offset: Int) {
        self.row = row
        self.offset = offset
    }
}

/// Where a target row should land when scrolling to it.
public enum ScrollAlignment: String, Sendable, CaseIterable {
    /// Directly below the pinned header, if any.
    case top
    /// In the middle of the viewport.
    case center
    /// At the bottom (above a pinned footer, if any).
    case bottom
}

/// The direction of the last scroll: prefetch looks ahead in it, retention keeps rows behind it.
public enum ScrollDirection: Sendable {
    /// Down (or right): toward the last row.
    case forward
    /// Up (or left): toward the first row.
    case backward
}
