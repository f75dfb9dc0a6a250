import Platform

/// `:describe`: a summary of every column of a table — the kinds of value it holds and how
/// many of each, missing members and nulls, distinct values, the least, the greatest, the mean
/// and percentiles of its numbers (or times), its most common values — over every record, each
/// record's members walked once (`RecordWalk`), in memory bounded per column.
public struct ColumnSummaries: Sendable {
    /// Each column's summary so far, in the table's order.
    public private(set) var columns: [ColumnSummary]
    /// The records read.
    public private(set) var records = 0
    /// The keys read of each record.
    let keys: ColumnKeys

    /// Summaries of `columns`.
    public init(columns: [RecordColumn]) {
        self.columns = columns.map { ColumnSummary(column: $0) }
        keys = ColumnKeys(columns)
    }

    /// Reads the record written in `bytes`.
    public mutating func add(record bytes: UnsafeBufferPointer<UInt8>) {
        add(WalkedRecord(index: records, bytes: bytes))
    }

    /// Reads a record as a walk read it.
    mutating func add(_ record: WalkedRecord) {
        records += 1
        let keys = keys
        // (The columns' storage checked for uniqueness once a record, not once a value.)
        columns.withUnsafeMutableBufferPointer { columns in
            for index in columns.indices {
                SummaryKey.read(record.bytes, keys.value(ofColumn: index, in: record)) { columns[index].add($0) }
            }
        }
    }

    /// Adds the summaries of `other`, of the same columns over other records.
    public mutating func merge(_ other: ColumnSummaries) {
        records += other.records
        for index in columns.indices { columns[index].merge(other.columns[index]) }
    }
}

/// What ``ColumnSummaries`` knows of one column.
public struct ColumnSummary: Sendable {
    /// The column summarised.
    public let column: RecordColumn
    /// The values of each ``SummaryValue/Kind`` (``count(of:)``; inline: an array's storage was
    /// checked for uniqueness at every value).
    private var kindCounts = InlineArray<7, Int>(repeating: 0)
    /// The most common values, and the number of distinct ones.
    public private(set) var values = ValueCounts(capacity: 1 << 10)
    /// The numbers.
    public private(set) var numbers = NumberDistribution(exactLimit: 1 << 14)
    /// The times (a time member's, ``LogTime/fieldNames``).
    public private(set) var times = TimeDistribution(limit: 1 << 12)
    /// The least and the greatest string, by their bytes.
    public private(set) var leastString: [UInt8]?, greatestString: [UInt8]?
    private let isTimeColumn: Bool

    init(column: RecordColumn) {
        self.column = column
        isTimeColumn = column.keys.count == 1 && LogTime.fieldNames.contains(column.keys[0])
    }

    mutating func add(_ value: SummaryKey) {
        kindCounts[value.kind.rawValue] += 1
        // (A number a Double tells apart is counted by the numbers alone; missing members and
        // nulls are counted apart.)
        let counted = value.kind != .number || value.key.first == SummaryKey.writtenNumberTag
        if counted, value.kind != .missing, value.kind != .null { values.add(key: value.key) }
        switch value.kind {
        case .number:
            numbers.add(value.number)
            if isTimeColumn, let time = LogTime.microseconds(ofNumber: value.number) { times.add(time) }
        case .string:
            let text = value.text
            if leastString.map({ kept in kept.withUnsafeBytes { JSONBytes.order(text, $0) < 0 } }) ?? true {
                leastString = Array(text)
            }
            if greatestString.map({ kept in kept.withUnsafeBytes { JSONBytes.order(text, $0) > 0 } }) ?? true {
                greatestString = Array(text)
            }
            if isTimeColumn, let time = LogTime.microseconds(ofText: text) { times.add(time) }
        default: break
        }
    }

    mutating func merge(_ other: ColumnSummary) {
        for index in kindCounts.indices { kindCounts[index] += other.kindCounts[index] }
        values.merge(other.values)
        numbers.merge(other.numbers)
        times.merge(other.times)
        if let text = other.leastString, leastString.map({ Self.order(text, $0) < 0 }) ?? true { leastString = text }
        if let text = other.greatestString, greatestString.map({ Self.order(text, $0) > 0 }) ?? true { greatestString = text }
    }

    /// Two kept strings in the order of their bytes: -1, 0 or 1.
    private static func order(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBytes { a in b.withUnsafeBytes { JSONBytes.order(a, $0) } }
    }

    /// The number of distinct values, and whether it is exact.
    public var distinctValues: (count: Int, isExact: Bool) { values.distinctCount(with: numbers) }

    /// The most common values, most first, at most `limit`.
    public func mostCommon(_ limit: Int) -> [ValueCounts.Entry] { values.top(limit, with: numbers) ?? values.top(limit) }

    /// The values of `kind`.
    public func count(of kind: SummaryValue.Kind) -> Int { kindCounts[kind.rawValue] }

    /// Whether its times are what it is summarised by: a time member whose values present are
    /// mostly times.
    public var isTimes: Bool {
        let present = kindCounts.indices.reduce(0) { $0 + kindCounts[$1] } - count(of: .missing) - count(of: .null)
        return isTimeColumn && times.count > 0 && times.count * 2 >= present
    }
}
