/// What the engine did, for `--stats`: the terminal counterpart of Instruments' body counts.
public struct StackCounters: Equatable, Sendable {
    /// Rows resolved (built) right now.
    public var resolvedNow = 0
    /// The most rows ever resolved at once.
    public var resolvedPeak = 0
    /// Rows built, counting a row again each time it is rebuilt.
    public var measured = 0
    /// Rows measured while idle (``LazyStack/measureWhileIdle(while:)``), not kept.
    public var measuredWhileIdle = 0
    /// Rows dropped from the resolved set.
    public var evicted = 0
    /// Frames laid out.
    public var frames = 0

    /// Creates zeroed counters.
    public init() {}
}
