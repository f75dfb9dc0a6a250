import Platform

/// The times of a column (microseconds since the epoch), for a time axis and percentiles, in
/// bounded memory: counts per second while there are at most `limit` distinct seconds, then per
/// minute, hour or day — the finest unit that fits. The count, the earliest and the latest are
/// exact.
public struct TimeDistribution: Sendable {
    /// The most buckets kept.
    public let limit: Int
    /// The width of a bucket kept, in microseconds.
    public private(set) var unit: Int64 = Self.second
    /// Each bucket's count, by its start's bits.
    private var buckets = KeyCounts()
    /// The times counted.
    public private(set) var count = 0
    /// The earliest and the latest time counted (microseconds since the epoch).
    public private(set) var earliest = Int64.max, latest = Int64.min
    /// Whether every time counted is a whole second.
    private var wholeSeconds = true

    /// Whether the percentiles are exact: kept per second, every time a whole one.
    public var isExactToTheSecond: Bool { unit == Self.second && wholeSeconds }

    static let second: Int64 = 1_000_000
    /// The units kept, finest first.
    static let units: [Int64] = [second, 60 * second, 3_600 * second, 86_400 * second]

    /// The widths an axis may have, each a multiple of the one before.
    public static let axisSteps: [Int64] = [1, 5, 10, 30, 60, 300, 600, 900, 1_800, 3_600, 10_800, 21_600, 43_200, 86_400, 604_800]
        .map { $0 * second }

    /// A distribution keeping at most `limit` buckets.
    public init(limit: Int = 1 << 16) {
        self.limit = limit
    }

    /// Counts the time `microseconds` (`times` times).
    public mutating func add(_ microseconds: Int64, times: Int = 1) {
        count += times
        if microseconds % Self.second != 0 { wholeSeconds = false }
        earliest = min(earliest, microseconds)
        latest = max(latest, microseconds)
        buckets.add(Self.key(Self.floor(microseconds, to: unit)), times: times)
        while buckets.count > limit, let coarser = Self.units.first(where: { $0 > unit }) { coarsen(to: coarser) }
    }

    /// Adds the times of `other`.
    public mutating func merge(_ other: TimeDistribution) {
        if other.unit > unit { coarsen(to: other.unit) }
        for (start, times) in other.starts { buckets.add(Self.key(Self.floor(start, to: unit)), times: times) }
        count += other.count
        wholeSeconds = wholeSeconds && other.wholeSeconds
        earliest = min(earliest, other.earliest)
        latest = max(latest, other.latest)
        while buckets.count > limit, let coarser = Self.units.first(where: { $0 > unit }) { coarsen(to: coarser) }
    }

    private mutating func coarsen(to coarser: Int64) {
        var merged = KeyCounts()
        for (start, times) in starts { merged.add(Self.key(Self.floor(start, to: coarser)), times: times) }
        buckets = merged
        unit = coarser
    }

    /// The key a bucket starting at `start` is counted by.
    private static func key(_ start: Int64) -> UInt64 { UInt64(bitPattern: start) }

    /// Each bucket's start and count, in no particular order.
    private var starts: [(start: Int64, count: Int)] {
        buckets.map { (Int64(bitPattern: $0.key), $0.count) }
    }

    /// `microseconds` rounded down to a multiple of `step` (a day's from midnight UTC).
    static func floor(_ microseconds: Int64, to step: Int64) -> Int64 {
        let remainder = microseconds % step
        return microseconds - (remainder < 0 ? remainder + step : remainder)
    }

    /// The time axis: the records in each step of the finest width of ``axisSteps`` (at least
    /// the unit kept) that needs at most `steps` of them from the earliest to the latest (the
    /// widest when none does), the steps with none included — each step's start and count.
    public func axis(steps: Int) -> (step: Int64, counts: [(start: Int64, count: Int)]) {
        guard count > 0 else { return (unit, []) }
        let step = axisStep(steps: steps)
        let first = Self.floor(earliest, to: step)
        let stepCount = Int((Self.floor(latest, to: step) - first) / step) + 1
        var counts = [Int](repeating: 0, count: stepCount)
        for (start, times) in starts { counts[Int((Self.floor(start, to: step) - first) / step)] += times }
        return (step, counts.enumerated().map { (first + Int64($0.offset) * step, $0.element) })
    }

    /// The width of ``axis(steps:)``'s steps, known without counting them.
    /// - Complexity: O(1): a look at each of ``axisSteps``.
    public func axisStep(steps: Int) -> Int64 {
        func stepCount(_ step: Int64) -> Int64 { (Self.floor(latest, to: step) - Self.floor(earliest, to: step)) / step + 1 }
        return Self.axisSteps.first(where: { $0 >= unit && $0 % unit == 0 && stepCount($0) <= Int64(steps) })
            ?? Self.axisSteps[Self.axisSteps.count - 1]
    }

    /// The `fractions` percentiles (0–1) by the nearest rank, each the start of the bucket it
    /// falls in (to the unit kept; the earliest and latest exact).
    public func percentiles(_ fractions: [Double]) -> [Int64?] {
        guard count > 0 else { return fractions.map { _ in nil } }
        let starts = self.starts.sorted { $0.start < $1.start }
        return fractions.map { fraction in
            let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
            var seen = 0
            for (start, times) in starts {
                seen += times
                if seen >= rank { return min(latest, max(earliest, start)) }
            }
            return latest
        }
    }
}

extension LogTime {
    /// `microseconds` since the epoch written in RFC 3339, UTC, to `precision` microseconds: a
    /// date alone for a day or more, to the minute for a minute or more, else to the second,
    /// with the fraction when there is one (`2026-11-28T10:32:05.25Z`).
    public static func text(ofMicroseconds microseconds: Int64, precision: Int64 = 1) -> String {
        var seconds = time_t(TimeDistribution.floor(microseconds, to: 1_000_000) / 1_000_000)
        let fraction = microseconds - Int64(seconds) * 1_000_000
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        if precision >= 86_400_000_000 { return date }
        let minute = "\(date)T\(two(parts.tm_hour)):\(two(parts.tm_min))"
        if precision >= 60_000_000 { return minute + "Z" }
        var text = "\(minute):\(two(parts.tm_sec))"
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            text += "." + digits.reversed().drop { $0 == "0" }.reversed()
        }
        return text + "Z"
    }
}
