/// `:goto 10:32` or `:goto 2026-11-28T10:32:05`: the first record of the root's array whose time
/// (its `ts`, `time`, `timestamp`, `@timestamp`, `t` or `date`: an RFC 3339 string or an epoch number) is at or after a moment — by binary search when the records are in time order
/// (told from a sample spread over them), else by reading them in order, a slice a step.
public struct TimeLookup {
    /// What a step found.
    public enum Outcome: Equatable {
        /// The lookup goes on: call ``step()`` again.
        case searching
        /// The record's index in the root's array.
        case found(Int)
        /// No record is at or after the moment (or none says a time).
        case notFound
    }

    /// The moment as typed.
    public let target: String
    private let tree: JSONTree
    private let root: ChildTable
    /// The moment, once a time of day was given its date (the first record's).
    private var moment: Int64?
    private let timeOfDay: Int64?
    /// What the time of day says to the second or the minute: a first record at 10:32:05 is
    /// on the day of `10:32`.
    private let precision: Int64
    private var low = 0
    private var high: Int
    private var inOrder: Bool?
    /// Records read in order so far (when they are not in time order).
    private var next = 0

    /// Records read in order a step.
    static let slice = 5_000

    /// A lookup of the moment `text` says — a date and time (RFC 3339, ISO 8601; without a
    /// zone, UTC) or a time of day (`10:32`, `10:32:05`: on the first record's date, or the next
    /// day when that is before the first record) — among the records of `tree`'s root array;
    /// nil when `text` says no moment or the root is no array.
    public init?(_ text: String, in tree: JSONTree) {
        guard let root = tree.root, !root.isObject else { return nil }
        let bytes = Array(text.utf8)
        if let moment = bytes.withUnsafeBytes({ LogTime.microseconds(ofText: $0) }) {
            self.moment = moment
            timeOfDay = nil
        } else if let time = Self.timeOfDay(text) {
            moment = nil
            timeOfDay = time
        } else {
            return nil
        }
        precision = text.filter { $0 == ":" }.count >= 2 ? 1_000_000 : 60_000_000
        target = text
        self.tree = tree
        self.root = root
        high = root.count
    }

    /// Whether `text` says a moment: a date and time, or a time of day.
    public static func saysAMoment(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { LogTime.microseconds(ofText: $0) } != nil || timeOfDay(text) != nil
    }

    /// `HH:MM[:SS[.fff]]` in microseconds since midnight.
    static func timeOfDay(_ text: String) -> Int64? {
        let bytes = Array(("1970-01-01T" + text + "Z").utf8)
        guard text.count >= 4, let time = bytes.withUnsafeBytes({ LogTime.microseconds(ofText: $0) }) else { return nil }
        return time
    }

    /// The time record `index` says, from its first 4 KiB (its first 64 KiB when those hold
    /// none and it is longer).
    func time(ofRecord index: Int) -> Int64? {
        let range = tree.valueRange(ofChild: index, in: root)
        for length in [1 << 12, 1 << 16] {
            let bytes = tree.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + length))
            if let time = bytes.withUnsafeBytes({ LogTime.microseconds(ofRecord: $0) }) { return time }
            if range.count <= length { return nil }
        }
        return nil
    }

    /// The time of the nearest record to `index` that says one: the first at or after it
    /// among 64, else the last before it among 64 (a run of records without times takes the
    /// time of a record beside it); nil when none of those does.
    private func time(near index: Int) -> Int64? {
        for next in index..<min(root.count, index + 64) {
            if let time = time(ofRecord: next) { return time }
        }
        for previous in stride(from: index - 1, through: max(0, index - 64), by: -1) {
            if let time = time(ofRecord: previous) { return time }
        }
        return nil
    }

    /// Goes on looking; a step reads at most a slice of records.
    public mutating func step() -> Outcome {
        guard root.count > 0 else { return .notFound }
        if moment == nil, let timeOfDay {
            // The first record's date: the first time among the first records (a slice a step).
            let end = min(root.count, next + Self.slice)
            var first: Int64?
            while next < end, first == nil {
                first = time(ofRecord: next)
                next += 1
            }
            guard let first else { return next < root.count ? .searching : .notFound }
            next = 0
            let day: Int64 = 86_400_000_000
            let midnight = first - ((first % day) + day) % day
            // (The next day only when the time typed is before the first record's, to what it says.)
            moment = midnight + timeOfDay + precision <= first ? midnight + day + timeOfDay : midnight + timeOfDay
        }
        guard let moment else { return .notFound }
        if inOrder == nil { inOrder = isInTimeOrder() }
        if inOrder == true {
            // The first record whose time is at or after the moment (one without a time takes
            // the next one's).
            // (A few probes a step: each reads a record or a few.)
            var probes = 0
            while low < high, probes < 8 {
                let middle = (low + high) / 2
                if let time = time(near: middle), time >= moment {
                    high = middle
                } else {
                    low = middle + 1
                }
                probes += 1
            }
            guard low >= high else { return .searching }
            // The first record with a time at or after the moment is the first with a time from
            // `low` on; the records without one just before it take its time.
            var found = low
            while found < root.count, time(ofRecord: found) == nil { found += 1 }
            guard found < root.count else { return .notFound }
            while found > 0, time(ofRecord: found - 1) == nil { found -= 1 }
            return .found(found)
        }
        let end = min(root.count, next + Self.slice)
        while next < end {
            if let time = time(ofRecord: next), time >= moment { return .found(next) }
            next += 1
        }
        return next < root.count ? .searching : .notFound
    }

    /// How far a lookup reading in order got, from 0 to 1.
    public var progress: Double { root.count == 0 ? 1 : Double(next) / Double(root.count) }

    /// Whether 65 records spread over the array say non-decreasing times.
    private func isInTimeOrder() -> Bool {
        var last = Int64.min
        let count = root.count
        for sample in 0...64 {
            guard let time = time(ofRecord: min(count - 1, sample * (count - 1) / 64)) else { continue }
            if time < last { return false }
            last = time
        }
        return true
    }
}
