/// A frequency table's or a column summary's pass over the records of a ``RecordTable`` — those
/// a `:where` query keeps, when it is given one —, a window of the file a step
/// (``step(records:)``), on both cores (`PairedWalk`): the calling
/// thread and a thread of its own each count into counts of their own, merged when shown. The
/// calling thread waits for the other at most 50 ms: a step that finds it still counting
/// returns and the next looks again — a key never waits for it.
public struct SummaryPass {
    /// What is counted: a frequency table's counts or the columns' summaries.
    public struct Counts: Sendable {
        /// A frequency table's counts, if that is what is counted.
        public private(set) var frequency: FrequencyTable?
        /// The columns' summaries, if that is what is counted.
        public private(set) var columns: ColumnSummaries?

        /// The counts of a frequency table.
        public static func frequency(_ table: FrequencyTable) -> Counts { Counts(frequency: table) }
        /// The counts of column summaries.
        public static func columns(_ summaries: ColumnSummaries) -> Counts { Counts(columns: summaries) }

        /// The records counted.
        public var records: Int { frequency?.records ?? columns?.records ?? 0 }

        /// The keys a record walk looks up for them.
        var keys: [[UInt8]] { frequency?.keys.firstKeys ?? columns?.keys.firstKeys ?? [] }

        /// Counts of the same columns, of no record yet.
        var emptied: Counts {
            Counts(
                frequency: frequency.map { FrequencyTable(columns: $0.columns) },
                columns: columns.map { ColumnSummaries(columns: $0.columns.map(\.column)) })
        }

        mutating func add(_ record: WalkedRecord) {
            frequency?.add(record)
            columns?.add(record)
        }

        /// Adds `other`'s counts, of the same columns over other records.
        mutating func merge(_ other: Counts) {
            if let more = other.frequency { frequency?.merge(more) }
            if let more = other.columns { columns?.merge(more) }
        }
    }

    /// The counts so far: the calling thread's and the other's, merged.
    public var counts: Counts {
        guard let otherCounts else { return ownCounts }
        var merged = ownCounts
        merged.merge(otherCounts)
        return merged
    }

    /// The `:where` query the records counted match, if any.
    public let query: RecordQuery?
    /// The query's copies this pass matches with, this thread's and the other's (a pattern's
    /// match data, and its flag of too much backtracking, are the pass's own, not the row
    /// filter's), and the keys the walk looks up: the counts' and then the query's.
    private let ownQuery: RecordQuery?, otherQuery: OtherThreadQuery?
    private let walkKeys: [[UInt8]]
    private var ownCounts: Counts
    /// The other thread's counts, while it is not counting.
    private var otherCounts: Counts?
    private var walk: PairedWalk<Counts>
    /// The records there were at the last step.
    private var recordCount = 0

    /// The records read so far.
    public var readCount: Int { walk.readCount }

    /// Whether the other thread is counting a window now: ``counts`` leaves it out until it
    /// is taken in (so they are not shown then).
    public var otherThreadIsCounting: Bool { walk.otherThreadIsWalking }

    /// A pass over the records of `table` — those `query` keeps, if given — into `counts`,
    /// reading `window` bytes a step a thread; nil when the query's patterns could not be
    /// compiled again for the other thread.
    public init?(_ table: RecordTable, into counts: Counts, where query: RecordQuery? = nil, window: Int = 4 << 20) {
        ownCounts = counts
        self.query = query
        if let query {
            guard let own = query.copiedForAnotherThread(), let other = query.copiedForAnotherThread() else { return nil }
            ownQuery = own
            otherQuery = OtherThreadQuery(query: other)
        } else {
            ownQuery = nil
            otherQuery = nil
        }
        // (The counts' keys first: the indexes they look their members up by stay theirs.)
        walkKeys = counts.keys + (query?.firstKeys ?? []).filter { !counts.keys.contains($0) }
        walk = PairedWalk(table.records, of: table.tree, keys: walkKeys, window: window)
    }

    /// Whether the query's pattern backtracked too much for a record: the counts leave out
    /// records it could not tell, and are no answer.
    public var isTooComplex: Bool {
        // (The other thread's flag read once it handed its window back, never while it matches.)
        (ownQuery?.exceededLimits ?? false) || (!walk.otherThreadIsWalking && (otherQuery?.query.exceededLimits ?? false))
    }

    /// How far the reading got, 0–1, of the records there were at the last step.
    public var progress: Double { recordCount > 0 ? min(1, Double(readCount) / Double(recordCount)) : 1 }

    /// Reads the next windows of `records` (the same container read further as the file is
    /// read).
    /// - Returns: whether every record of `records` is read.
    public mutating func step(records: ChildTable) -> Bool {
        recordCount = records.count
        // (The other thread's counts go on from window to window, merged only to be shown:
        // moved to it, never copied.)
        var latest: Counts? = otherCounts ?? ownCounts.emptied
        otherCounts = nil
        let query = ownQuery, otherQuery = otherQuery, keys = walkKeys
        let done = walk.step(
            records: records, own: { if query?.matches($0, firstKeys: keys) ?? true { ownCounts.add($0) } },
            start: {
                defer { latest = nil }
                return latest ?? ownCounts.emptied
            },
            add: { counts, record in
                if otherQuery?.query.matches(record, firstKeys: keys) ?? true { counts.add(record) }
            },
            finish: { latest = $0 })
        otherCounts = latest
        return done
    }
}
