import StackEngine

/// What the engine did and how long frames took: `render --stats` and `:stats`.
public struct ViewerStatistics: Equatable, Sendable {
    /// Rows in the vertical stack.
    public var rows: Int
    /// The vertical stack's counters.
    public var counters: StackCounters
    /// The longest time a frame took to lay out and draw, in microseconds.
    public var maxFrameMicros: Int

    /// One line of JSON: `{"rows":…,"resolvedNow":…,"resolvedPeak":…,"measured":…,"evicted":…,
    /// "frames":…,"maxFrameMicros":…}`.
    public var json: String {
        "{\"rows\":\(rows),\"resolvedNow\":\(counters.resolvedNow),\"resolvedPeak\":\(counters.resolvedPeak),"
            + "\"measured\":\(counters.measured),\"evicted\":\(counters.evicted),"
            + "\"frames\":\(counters.frames),\"maxFrameMicros\":\(maxFrameMicros)}"
    }
}
