/// A virtualized stack: the terminal counterpart of SwiftUI's `LazyVStack` in a `ScrollView`.
///
/// ```
///             content (rows of any extent)         viewport
///           ┌──────────────────────────────┐
///           │ row 0 … evicted: only its     │
///           │ measured extent is kept       │
///           ├──────────────────────────────┤ ┐
///           │ retention window (behind)     │ │ resolved, kept
///           ├──────────────────────────────┤ ┘
///  anchor ─▶│ row a   (offset lines above)  │ ┌───────────────┐
///           │╔════════════════════════════╗│ │ pinned header │ drawn over
///           │║ rows placed from the anchor ║│ │ rows, placed  │ the rows
///           │║ downwards, measured exactly ║│ │ exactly       │ under it
///           │╚════════════════════════════╝│ └───────────────┘
///           ├──────────────────────────────┤ ┐
///           │ prefetch window (ahead)       │ │ resolved when idle
///           ├──────────────────────────────┤ ┘
///           │ rows never measured: counted  │
///           │ at their kind's mean extent   │
///           └──────────────────────────────┘
/// ```
///
/// The scroll position is a ``ScrollAnchor`` (a row and a line offset in it), never an absolute
/// offset: every frame is placed from a concrete row, so it is never blank, the first row is
/// always reachable exactly, and a wrong estimate only moves the scrollbar. Absolute offsets come
/// from the ``ExtentTree`` and are used only to jump to a fraction of the content.
///
/// The stack is a value type with mutating verbs: `scroll(by:)`, `scroll(toRow:alignment:)`,
/// `reveal(row:)`, `setViewport(crossExtent:viewportExtent:)`; `layout()` returns the frame.
public struct LazyStack<Source: StackDataSource> {
    /// The rows.
    public internal(set) var source: Source
    /// Pinning, prefetch and retention.
    public var options: StackOptions
    /// The extent across the axis (the width of a vertical stack) rows are built at.
    public internal(set) var crossExtent: Int
    /// The viewport's extent along the axis (the height of a vertical stack).
    public internal(set) var viewportExtent: Int
    /// The scroll position.
    public internal(set) var anchor = ScrollAnchor(row: 0, offset: 0)
    /// The direction of the last scroll.
    public internal(set) var direction = ScrollDirection.forward
    /// What the engine has done so far.
    public internal(set) var counters = StackCounters()
    /// Offsets and extents of every row, measured or estimated.
    public internal(set) var index: ExtentTree

    /// Rows built and kept because they are in or near the viewport.
    var resolved = ResolvedRows<Source.Row>()
    /// Receives one event per layout decision, when set.
    var logger: ((LayoutEvent) -> Void)?
    /// The content size last reported with a `.contentSize` event.
    var reportedContentSize: ContentSize?
    /// What the last frame showed, to report only what changed.
    var observed = ObservedState()
    /// Where measuring while idle stands.
    var idleMeasuring = IdleMeasuring()

    /// Changes the source where its rows stay what they are (a copy of the same state for a
    /// copy of a widget): nothing is measured or placed again.
    package mutating func updateSourceKeepingRows(_ update: (inout Source) -> Void) {
        update(&source)
    }

    /// Creates a stack scrolled to the top (to the bottom when the options'
    /// ``StackOptions/defaultScrollAnchor`` says so).
    /// - Complexity: O(n) to build the position index.
    public init(
        source: Source, crossExtent: Int, viewportExtent: Int, options: StackOptions = StackOptions()
    ) {
        self.source = source
        self.options = options
        self.crossExtent = max(1, crossExtent)
        self.viewportExtent = max(0, viewportExtent)
        self.index = ExtentTree(
            kindRuns: source.kindRuns(in: 0..<source.rowCount),
            initialEstimates: options.initialEstimates
        )
        if options.defaultScrollAnchor == .bottom { scrollToBottom() }
    }

    /// The number of rows.
    public var rowCount: Int { index.count }

    /// The id of the anchor row, for restoring the position after the rows change.
    public var anchorID: String? {
        rowCount > 0 ? source.rowID(at: anchor.row) : nil
    }

    /// Sends every layout decision to `logger` (the `--log` file), or stops when it is nil.
    public mutating func setLogger(_ logger: ((LayoutEvent) -> Void)?) {
        self.logger = logger
    }

    // MARK: - Resolution

    /// The resolved row at `index`, building and measuring it if needed.
    /// - Complexity: O(1) when resolved, else the cost of building the row plus O(log n).
    @discardableResult
    public mutating func resolve(_ index: Int) -> Source.Row {
        if let row = resolved[index] { return row }
        let row = source.resolveRow(at: index, crossExtent: crossExtent)
        let kind = source.rowKind(at: index)
        let before = self.index.estimate(for: kind)
        let estimate = self.index.setMeasured(index, extent: row.extent + spacing(before: index), kind: kind)
        resolved[index] = row
        if kind == .loading { observed.requestedPages.insert(index) }
        counters.measured += 1
        counters.resolvedNow = resolved.count
        counters.resolvedPeak = max(counters.resolvedPeak, resolved.count)
        log(.measure(row: index, extent: row.extent, estimate: estimate))
        let after = self.index.estimate(for: kind)
        if after != before { log(.estimateChanged(kind: kind, extent: after)) }
        return row
    }

    /// The exact extent of the row at `index` and the spacing before it, resolving it if needed.
    mutating func extent(_ index: Int) -> Int {
        (resolved.extent(of: index) ?? resolve(index).extent) + spacing(before: index)
    }

    /// The lines left blank before the row at `index`: the options' spacing, none before the
    /// first row.
    func spacing(before index: Int) -> Int {
        index > 0 ? max(0, options.spacing) : 0
    }

    /// The kind of the row at `index`.
    func kind(_ index: Int) -> RowKind {
        source.rowKind(at: index)
    }

    /// Drops every resolved row whose index is outside `kept`, except `pinned`.
    /// - Complexity: O(log r + the rows outside `kept`), r the rows resolved; plus moving the
    ///   order down when rows go from its front.
    mutating func evict(outside kept: Range<Int>, except pinned: Set<Int>) {
        for row in resolved.removeAll(outside: kept, except: pinned) {
            counters.evicted += 1
            log(.evict(row: row))
        }
        counters.resolvedNow = resolved.count
        counters.resolvedPeak = max(counters.resolvedPeak, resolved.count)
    }

    /// Whether the row at `index` is resolved now.
    public func isResolved(_ index: Int) -> Bool {
        resolved[index] != nil
    }

    /// The number of rows resolved now.
    public var resolvedCount: Int { resolved.count }

    func log(_ event: LayoutEvent) {
        logger?(event)
    }
}
