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
    private var low = 0
    private var high: Int
    private var inOrder: Bool?
    /// Records read in order so far (when they are not in time order).
    private var next = 0

    /// Records read in order a step.
    static let slice = 20_000

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

    /// The time record `index` says, from its first 64 KiB.
    func time(ofRecord index: Int) -> Int64? {
        let range = tree.valueRange(ofChild: index, in: root)
        let bytes = tree.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + (1 << 16)))
        return bytes.withUnsafeBytes { LogTime.microseconds(ofRecord: $0) }
    }

    /// The time of the first record at or after `index` that says one (looking at 64 records).
    private func time(atOrAfter index: Int, before end: Int) -> Int64? {
        var index = index
        let limit = min(end, index + 64)
        while index < limit {
            if let time = time(ofRecord: index) { return time }
            index += 1
        }
        return nil
    }

    /// Goes on looking; a step reads at most a slice of records.
    public mutating func step() -> Outcome {
        guard root.count > 0 else { return .notFound }
        if moment == nil, let timeOfDay {
            guard let first = time(atOrAfter: 0, before: root.count) else { return .notFound }
            let day: Int64 = 86_400_000_000
            let midnight = first - ((first % day) + day) % day
            moment = midnight + timeOfDay < first ? midnight + day + timeOfDay : midnight + timeOfDay
        }
        guard let moment else { return .notFound }
        if inOrder == nil { inOrder = isInTimeOrder() }
        if inOrder == true {
            // The first record whose time is at or after the moment (one without a time takes
            // the next one's).
            while low < high {
                let middle = (low + high) / 2
                if let time = time(atOrAfter: middle, before: root.count), time >= moment {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            return low < root.count ? .found(low) : .notFound
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
