/// One layout decision, for the `--log` file: enough to explain any frame.
public enum LayoutEvent: Equatable, Sendable, CustomStringConvertible {
    /// A row was built; `estimate` is what it was counted at before.
    case measure(row: Int, extent: Int, estimate: Int)
    /// The estimate for rows of a kind changed.
    case estimateChanged(kind: RowKind, extent: Int)
    /// Placement started from `row` with `offset` lines of it above the viewport.
    case place(row: Int, offset: Int)
    /// Rows in `range` were placed.
    case placed(range: Range<Int>)
    /// Rows resolved ahead of the viewport.
    case prefetch(range: Range<Int>)
    /// A row left the retention window and was dropped.
    case evict(row: Int)
    /// A programmatic scroll to `row`.
    case scrollTo(row: Int, alignment: ScrollAlignment)
    /// The content size changed.
    case contentSize(ContentSize)

    /// One line of the log.
    public var description: String {
        switch self {
        case let .measure(row, extent, estimate):
            return "measure #\(row) extent=\(extent) (estimated \(estimate))"
        case let .estimateChanged(kind, extent):
            return "estimate \(kind)=\(extent)"
        case let .place(row, offset):
            return "place from #\(row) offset=\(offset)"
        case let .placed(range):
            return "placed #\(range.lowerBound)..<#\(range.upperBound)"
        case let .prefetch(range):
            return "prefetch #\(range.lowerBound)..<#\(range.upperBound)"
        case let .evict(row):
            return "evict #\(row)"
        case let .scrollTo(row, alignment):
            return "scroll-to #\(row) \(alignment.rawValue)"
        case .contentSize(.exact(let total)):
            return "content size exact \(total)"
        case let .contentSize(.estimated(total, measured, approximated)):
            return "content size estimated \(total) (measured \(measured), approximated \(approximated))"
        }
    }
}
