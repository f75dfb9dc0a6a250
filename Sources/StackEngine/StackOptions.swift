/// Tunable behaviour of a ``LazyStack``.
public struct StackOptions: Equatable, Sendable {
    /// Whether section headers stick to the leading edge while their section is on screen.
    public var pinsHeaders: Bool
    /// Whether section footers stick to the trailing edge while their section is on screen.
    public var pinsFooters: Bool
    /// Lines resolved ahead of the viewport in the direction of travel, in viewports
    /// (0 ... ``maximumScreens``; NaN and negatives count as 0, more as the maximum).
    public var prefetchScreens: Double
    /// Lines kept resolved behind the viewport before rows are evicted, in viewports
    /// (0 ... ``maximumScreens``; NaN and negatives count as 0, more as the maximum).
    public var retainScreens: Double

    /// The largest prefetch or retention window, in viewports.
    public static let maximumScreens: Double = 100
    /// Extents assumed for rows of a kind before any row of that kind has been measured.
    public var initialEstimates: [RowKind: Int]
    /// The fraction of a row that must show for it to count as visible (0…1).
    public var visibilityThreshold: Double
    /// The most of the viewport a tree's pinned containers cover, as a fraction (a third by
    /// default): past it, the outermost that fit stay pinned and a `…` line stands for the
    /// deeper ones (``StackFrame/elidedContainersLine``); 0 pins no container (section headers
    /// still pin, as ``pinsHeaders`` says).
    public var pinnedContainersShare: Double
    /// Lines (columns, on a horizontal axis) left blank between two rows — SwiftUI's
    /// `LazyVStack(spacing:)`. They count in the extent of every row after the first, so in the
    /// estimates and the content size too; a pinned row is drawn without them. Set it before the
    /// rows are measured (a change applies to the rows measured after it).
    public var spacing: Int
    /// The edge the stack starts at and keeps to — SwiftUI's `defaultScrollAnchor`. At
    /// `.bottom` (a chat, a log's tail) it opens at its last row; rows added while the view is at
    /// the bottom (or a new viewport) keep it there, while a reader scrolled up stays where they
    /// are; rows that do not fill the viewport sit at its bottom.
    public var defaultScrollAnchor: ScrollEdge
    /// The most rows ``LazyStack/measureWhileIdle(while:)`` measures every one of, for an exact
    /// content size; a larger stack is measured as a sample only (its size stays estimated).
    public var measuresEveryRowUpTo: Int

    /// Creates options; the defaults pin headers and prefetch and retain one screen each.
    public init(
        pinsHeaders: Bool = true,
        pinsFooters: Bool = false,
        prefetchScreens: Double = 1,
        retainScreens: Double = 1,
        initialEstimates: [RowKind: Int] = [.header: 1, .item: 4, .footer: 1, .loading: 1],
        visibilityThreshold: Double = 0.8,
        pinnedContainersShare: Double = 1.0 / 3.0,
        spacing: Int = 0,
        defaultScrollAnchor: ScrollEdge = .top,
        measuresEveryRowUpTo: Int = 2_000_000
    ) {
        self.pinsHeaders = pinsHeaders
        self.pinsFooters = pinsFooters
        self.prefetchScreens = prefetchScreens
        self.retainScreens = retainScreens
        self.initialEstimates = initialEstimates
        self.visibilityThreshold = visibilityThreshold
        self.pinnedContainersShare = pinnedContainersShare.isNaN ? 0 : min(max(pinnedContainersShare, 0), 1)
        self.spacing = max(0, spacing)
        self.defaultScrollAnchor = defaultScrollAnchor
        self.measuresEveryRowUpTo = measuresEveryRowUpTo
    }
}
