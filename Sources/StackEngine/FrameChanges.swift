/// Where the viewport is within the content: SwiftUI's `ScrollGeometry`, for the scrollbar and
/// the status line.
public struct ScrollGeometry: Equatable, Sendable {
    /// Offset of the viewport's top within the content (exact near the top, else estimated).
    public var offset: Int
    /// The content's size, exact or estimated.
    public var contentSize: ContentSize
    /// Indices of the flowing rows at least partly in the viewport.
    public var visibleRange: Range<Int>
    /// The viewport's extent along the axis.
    public var viewportExtent: Int
}

/// What changed since the previous frame. Every part is empty (or nil) when nothing changed,
/// so an observer does work only on a change — not once per frame.
public struct FrameChanges: Equatable, Sendable {
    /// Rows that entered the viewport, ascending.
    public var appeared: [Int] = []
    /// Rows that left the viewport, ascending.
    public var disappeared: [Int] = []
    /// Rows whose visible fraction rose to the visibility threshold or above, ascending
    /// (SwiftUI's `onScrollTargetVisibilityChange(threshold:)`).
    public var becameVisible: [Int] = []
    /// Rows whose visible fraction fell below the threshold, ascending.
    public var becameHidden: [Int] = []
    /// The new geometry, when the offset, the content size or the visible range changed.
    public var geometry: ScrollGeometry?
    /// Loading rows resolved since the last frame: each asks for the next page of its section.
    public var requestedPages: [Int] = []

    /// Creates an empty set of changes.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { self == FrameChanges() }
}
