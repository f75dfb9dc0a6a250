/// A row placed in the viewport for one frame.
public struct PlacedRow<Row> {
    /// The row's index in the data source.
    public var index: Int
    /// The row's kind.
    public var kind: RowKind
    /// The viewport line (or column) of the row's first line; negative when it starts above the top.
    public var origin: Int
    /// The resolved row.
    public var row: Row
    /// Whether the row is drawn pinned over the flowing rows rather than at its natural place.
    public var isPinned: Bool
}

/// Everything the renderer needs to draw one frame: plain values, no callbacks.
public struct StackFrame<Row> {
    /// Rows in drawing order: flowing rows top to bottom, then pinned rows over them.
    public var rows: [PlacedRow<Row>]
    /// The line of the `…` that stands for the enclosing containers not pinned (more than a
    /// third of the viewport would be), nil when every one is.
    public var elidedContainersLine: Int?
    /// The viewport's extent along the axis.
    public var viewportExtent: Int
    /// Offset of the viewport's top within the content (exact near the top, else estimated).
    public var scrollOffset: Int
    /// The content's size, exact or estimated.
    public var contentSize: ContentSize
    /// Indices of the flowing rows at least partly in the viewport.
    public var visibleRange: Range<Int>
    /// Whether the view is at the very top: the first row's first line on the viewport's first.
    public var isAtTop: Bool
    /// Whether the view is at the very bottom: the last row ends inside the viewport (true too
    /// when there are no rows).
    public var isAtBottom: Bool
    /// What changed since the previous frame.
    public var changes: FrameChanges
}
