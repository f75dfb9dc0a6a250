/// A frequency table's or a column summary's pass over the records of a ``RecordTable``, a
/// window of the file a step as `:sort` reads them (``step(records:)``), on both cores: each
/// step reads two windows, counts the first on the calling thread and the second on a thread of
/// its own, each into counts of its own (merged when shown). The calling thread waits for the
/// other's window at most 50 ms: a step that finds it still counting says so and
/// the next looks again — a key never waits for it.
public struct SummaryPass: Sendable {
    /// What is counted: a frequency table's counts or the columns' summaries.
    public struct Counts: Sendable {
        public private(set) var frequency: FrequencyTable?
        public private(set) var columns: ColumnSummaries?

        public static func frequency(_ table: FrequencyTable) -> Counts { Counts(frequency: table) }
        public static func columns(_ summaries: ColumnSummaries) -> Counts { Counts(columns: summaries) }

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

    /// What the thread of its own counts into, and hands back.
    private final class HelperWindow: @unchecked Sendable {
        let done = ChangeSignal()
        var counts: Counts
        var walked = false
        init(counts: Counts) { self.counts = counts }
    }

    /// The counts so far: the calling thread's and the other's, merged.
    public var counts: Counts {
        guard let helperCounts else { return ownCounts }
        var merged = ownCounts
        merged.merge(helperCounts)
        return merged
    }

    private var ownCounts: Counts
    /// The other thread's counts, while it is not counting.
    private var helperCounts: Counts?
    /// The other thread's window being counted: its records, where they start, and its state.
    private var pending: (window: HelperWindow, first: Int, count: Int, bytes: Range<Int>)?
    private let tree: JSONTree
    private let walk: RecordWalk
    /// Bytes of the file read a step by each thread (but for one record longer than that).
    public let window: Int
    /// The records read so far.
    public private(set) var readCount = 0

    /// Whether the other thread is counting a window now: ``counts`` leaves it out until it
    /// is taken in (so they are not shown then).
    public var otherThreadIsCounting: Bool { pending != nil }
    /// The records there were at the last step.
    private var recordCount = 0

    /// How long a step waits for the other thread's window: about the time its own took.
    static let helperDeadline = Duration.milliseconds(50)

    /// A pass over the records of `table` into `counts`, reading `window` bytes a step a thread.
    public init(_ table: RecordTable, into counts: Counts, window: Int = 4 << 20) {
        tree = table.tree
        ownCounts = counts
        var walk = RecordWalk(keys: counts.keys)
        walk.commas = !(table.tree.isJSONLines && table.container.isEmpty)
        self.walk = walk
        self.window = window
    }

    /// How far the reading got, 0–1, of the records there were at the last step.
    public var progress: Double { recordCount > 0 ? min(1, Double(readCount) / Double(recordCount)) : 1 }

    /// Reads the next windows of `records` (the same container read further as the file is
    /// read).
    /// - Returns: whether every record of `records` is read.
    public mutating func step(records: ChildTable) -> Bool {
        recordCount = records.count
        guard takeHelperWindow(records: records) else { return false }
        guard readCount < records.wholeChildCount else { return true }
        // The other thread's window: the one after this thread's, when both are whole stretches.
        let own = records.stretch(from: readCount, maximumBytes: window)
        if let own, let other = records.stretch(from: readCount + own.count, maximumBytes: window) {
            let helper = HelperWindow(counts: helperCounts ?? ownCounts.emptied)
            helperCounts = nil
            let bytes = tree.bytes(in: other.bytes)
            let walk = self.walk, first = readCount + own.count
            if bytes.count == other.bytes.count {
                startThread { [helper] in
                    helper.walked = walk.walk(bytes, first: first, count: other.count) { helper.counts.add($0) }
                    helper.done.signal()
                }
            } else {
                // (A short read, the file cut under it: read here, the records missing.)
                helper.done.signal()
            }
            pending = (helper, first, other.count, other.bytes)
        }
        countOwn(records: records)
        if pending == nil { return readCount == records.wholeChildCount }
        guard takeHelperWindow(records: records) else { return false }
        return readCount == records.wholeChildCount
    }

    /// Counts, on this thread, the records from ``readCount``: a window.
    private mutating func countOwn(records: ChildTable) {
        readCount = walk.read(records, of: tree, from: readCount, window: window) { ownCounts.add($0) }
    }

    /// Takes the other thread's window in once it is counted (a walk that did not read it as
    /// the table does is read again here), waiting for it at most ``helperDeadline``.
    /// - Returns: false when it is still counting.
    private mutating func takeHelperWindow(records: ChildTable) -> Bool {
        guard let (helper, first, count, _) = pending else { return true }
        guard helper.done.generation > 0 || helper.done.wait(after: 0, timeout: Self.helperDeadline) else { return false }
        pending = nil
        helperCounts = helper.counts
        if !helper.walked {
            walk.readBySlowPath(records, of: tree, from: first, count: count, window: window) { helperCounts?.add($0) }
        }
        readCount = first + count
        return true
    }
}
