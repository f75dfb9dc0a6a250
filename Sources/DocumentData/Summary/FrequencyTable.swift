/// `:freq COLUMN [, COLUMN…]`: how many records hold each value of a column (or each
/// combination of several), read from the records' bytes as `:sort` reads them — a number
/// column with many values in round bins, a time column along a time axis (records per second,
/// minute, hour or day, chosen from the range) — in memory bounded whatever the file
/// (``ValueCounts``, ``NumberDistribution``, ``TimeDistribution``).
public struct FrequencyTable: Sendable {
    /// The columns counted.
    public let columns: [RecordColumn]
    /// The keys read of each record.
    let keys: ColumnKeys
    /// Whether the one column counted is a time member (``LogTime/fieldNames``).
    private let isTimeColumn: Bool
    private var values: ValueCounts
    private var numbers = NumberDistribution()
    private var times = TimeDistribution()
    /// Records read, and of them those whose member is missing, null, neither a number nor
    /// missing or null, not a time.
    public private(set) var records = 0
    private var missing = 0, nulls = 0, notNumbers = 0, notTimes = 0
    /// Numbers counted by how they are written too (past 2^53, infinite).
    private var writtenNumbers = 0
    /// Where a record's combination of values is written (several columns).
    private var scratch: [UInt8] = []

    /// A number column with more distinct numbers than this is shown in bins.
    public static let binnedAbove = 20
    /// About how many bins, or steps of a time axis.
    public static let bins = 20, timeSteps = 60

    /// A count of the values of `columns` (at least one), keeping at most `capacity` distinct
    /// values (or combinations) one by one.
    public init(columns: [RecordColumn], capacity: Int = 1 << 16) {
        self.columns = columns
        keys = ColumnKeys(columns)
        isTimeColumn = columns.count == 1 && columns[0].keys.count == 1 && LogTime.fieldNames.contains(columns[0].keys[0])
        values = ValueCounts(capacity: capacity)
    }

    /// Counts the record written in `bytes`.
    public mutating func add(record bytes: UnsafeBufferPointer<UInt8>) {
        add(WalkedRecord(index: records, bytes: bytes))
    }

    /// Counts a record as a walk read it.
    mutating func add(_ record: WalkedRecord) {
        records += 1
        let bytes = record.bytes
        guard columns.count == 1 else {
            // (One buffer for every record's combination: copied only when it is new.)
            var combination = scratch
            scratch = []
            combination.removeAll(keepingCapacity: true)
            for column in columns.indices {
                SummaryKey.read(bytes, keys.value(ofColumn: column, in: record)) { value in
                    withUnsafeBytes(of: UInt32(value.key.count).littleEndian) { combination += $0 }
                    combination += value.key
                }
            }
            combination.withUnsafeBytes { values.add(key: $0) }
            scratch = combination
            return
        }
        SummaryKey.read(bytes, keys.value(ofColumn: 0, in: record)) { value in
            // (A number a Double tells apart is counted by the numbers alone.)
            if value.kind != .number || value.key.first == SummaryKey.writtenNumberTag { values.add(key: value.key) }
            if value.key.first == SummaryKey.writtenNumberTag { writtenNumbers += 1 }
            switch value.kind {
            case .missing: missing += 1
            case .null: nulls += 1
            case .number:
                numbers.add(value.number)
                if isTimeColumn {
                    if let time = LogTime.microseconds(ofNumber: value.number) { times.add(time) } else { notTimes += 1 }
                }
            default:
                notNumbers += 1
                if isTimeColumn {
                    if value.kind == .string, let time = LogTime.microseconds(ofText: value.text) { times.add(time) } else {
                        notTimes += 1
                    }
                }
            }
        }
    }

    /// Adds the counts of `other`, a count of the same columns over other records.
    public mutating func merge(_ other: FrequencyTable) {
        values.merge(other.values)
        numbers.merge(other.numbers)
        times.merge(other.times)
        records += other.records
        writtenNumbers += other.writtenNumbers
        missing += other.missing
        nulls += other.nulls
        notNumbers += other.notNumbers
        notTimes += other.notTimes
    }

    /// How the counts are shown.
    public enum Shape: Equatable, Sendable {
        /// A row a value (or a combination), most records first.
        case values
        /// A number column's round bins, of this width.
        case bins(width: Double)
        /// A time column's axis, a row a step of this many microseconds.
        case timeAxis(step: Int64)
    }

    /// The shape the counts so far take: a time axis for a time column whose values are mostly
    /// times, bins for a column of mostly numbers with more than ``binnedAbove`` of them.
    /// - Complexity: O(1): nothing is counted to tell it.
    public var shape: Shape {
        let present = records - missing - nulls
        if isTimeColumn, times.count > 0, times.count * 2 >= present {
            return .timeAxis(step: times.axisStep(steps: Self.timeSteps))
        }
        if columns.count == 1, numbers.count * 10 >= present * 9, numbers.count > 0,
           !numbers.isExact || numbers.distinctCount > Self.binnedAbove {
            return .bins(width: numbers.binWidth(bins: Self.bins))
        }
        return .values
    }

    /// The number of distinct values (or combinations) read, and whether it is exact.
    public var distinctValues: (count: Int, isExact: Bool) {
        guard columns.count == 1 else { return (values.distinctCount, values.isExact) }
        return values.distinctCount(with: numbers)
    }

    /// The most counted values, most first (ties by key): the numbers' and the other values'.
    private func topValues(_ limit: Int) -> [ValueCounts.Entry] {
        guard columns.count == 1 else { return values.top(limit) }
        guard let top = values.top(limit, with: numbers) else {
            // (Too many numbers to count one by one: counted as one row, after the others.)
            let plain = numbers.count - writtenNumbers
            return values.top(limit) + (plain > 0 ? [ValueCounts.Entry(key: Self.numbersKey, count: plain, isExact: true)] : [])
        }
        return top
    }

    /// The rows of the table, in the ``shape`` of the counts so far: at most `limit` values.
    public func rows(limit: Int = 10_000) -> [FrequencyRow] {
        let name = columns.map(\.name)
        switch shape {
        case .values:
            return topValues(limit).map { entry in
                if entry.key == Self.numbersKey {
                    return FrequencyRow(
                        values: ["(numbers: ≈\(numbers.distinctCount) distinct)"], count: entry.count, isExact: true,
                        whereClause: nil, kind: .other)
                }
                let parts = columns.count == 1 ? [entry.value] : Self.split(entry.key)
                let clauses = zip(name, parts).map { $1.whereClause($0) }
                return FrequencyRow(
                    values: parts.map(\.text), count: entry.count, isExact: entry.isExact,
                    whereClause: clauses.contains(nil) ? nil : clauses.compactMap { $0 }.joined(separator: " and "), kind: .value)
            }
        case .bins:
            let bins = numbers.histogram(bins: Self.bins)
            var rows = bins.enumerated().map { index, bin in
                let last = index == bins.count - 1
                let (lower, upper) = (SummaryValue.text(of: bin.lower), SummaryValue.text(of: bin.upper))
                return FrequencyRow(
                    values: ["[\(lower), \(upper)\(last ? "]" : ")")"], count: bin.count, isExact: numbers.isExact,
                    whereClause: "\(name[0]) >= \(lower) and \(name[0]) \(last ? "<=" : "<") \(upper)", kind: .bin)
            }
            rows += otherRows(name: name[0], other: (notNumbers, "(not a number)"))
            return rows
        case .timeAxis:
            let axis = times.axis(steps: Self.timeSteps)
            var rows = axis.counts.map { step in
                let (start, end) = (LogTime.text(ofMicroseconds: step.start), LogTime.text(ofMicroseconds: step.start + axis.step))
                return FrequencyRow(
                    values: [LogTime.text(ofMicroseconds: step.start, precision: axis.step)], count: step.count, isExact: true,
                    whereClause: "\(name[0]) >= \"\(start)\" and \(name[0]) < \"\(end)\"", kind: .bin)
            }
            rows += otherRows(name: name[0], other: (notTimes, "(not a time)"))
            return rows
        }
    }

    /// The key of the row of numbers too many to count one by one (in a column mostly of
    /// other values).
    static let numbersKey: [UInt8] = [0xFF]

    /// The rows after bins or a time axis: missing members, nulls, and values of another kind.
    private func otherRows(name: String, other: (count: Int, label: String)) -> [FrequencyRow] {
        [
            FrequencyRow(values: ["(missing)"], count: missing, isExact: true, whereClause: "\(name) = null", kind: .other),
            FrequencyRow(values: ["null"], count: nulls, isExact: true, whereClause: "\(name) = null", kind: .other),
            FrequencyRow(values: [other.label], count: other.count, isExact: true, whereClause: nil, kind: .other),
        ].filter { $0.count > 0 }
    }

    /// The values of a combination's key.
    private static func split(_ key: [UInt8]) -> [SummaryValue] {
        var parts: [SummaryValue] = []
        var index = 0
        while index + 4 <= key.count {
            let length = key[index..<(index + 4)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            index += 4
            parts.append(SummaryValue(key: key[index..<min(key.count, index + length)]))
            index += length
        }
        return parts
    }
}

/// A row of a ``FrequencyTable``.
public struct FrequencyRow: Equatable, Sendable {
    /// The value (or the combination's values, a bin, a step of time) as shown.
    public var values: [String]
    /// The records holding it.
    public var count: Int
    /// Whether the count is exact (a value counted since it was first met; bins of exact numbers).
    public var isExact: Bool
    /// The `:where` that keeps those records; nil when none does (an array or an object, values
    /// of another kind).
    public var whereClause: String?
    /// What the row counts.
    public var kind: Kind

    /// What a row counts.
    public enum Kind: Equatable, Sendable {
        /// A value, or a combination.
        case value
        /// A bin of numbers, or a step of time.
        case bin
        /// Missing members, nulls, values of another kind (after bins or a time axis).
        case other
    }
}
