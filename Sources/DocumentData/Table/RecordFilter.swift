/// The records of a container that match a `:where` query, found a window of the file at a time
/// (``step(records:)``): the query checked on each record's bytes. Records that arrive later
/// (a file still read, a log that grows) are checked as they come.
public struct RecordFilter {
    /// What a record must match to be kept.
    public let query: RecordQuery
    private let tree: JSONTree
    private let window: Int
    /// The records kept so far, in the file's order: their indexes.
    public private(set) var kept: [UInt32] = []
    /// The records looked at: every one before this index.
    public private(set) var readCount = 0

    /// A filter of the records of `tree` by `query`, reading `window` bytes of the file a step.
    public init(_ query: RecordQuery, in tree: JSONTree, window: Int = 4 << 20) {
        self.query = query
        self.tree = tree
        self.window = window
    }

    /// Looks at the next records, a window of the file: those of `records` (the container read
    /// so far).
    /// - Returns: whether every record of `records` was looked at.
    public mutating func step(records: ChildTable) -> Bool {
        let query = self.query
        // (Taken out, so appending copies nothing.)
        var kept: [UInt32] = []
        swap(&kept, &self.kept)
        readCount = RecordWindow.read(records, of: tree, from: readCount, window: window) { index, record in
            if query.matches(record) { kept.append(UInt32(index)) }
        }
        self.kept = kept
        return readCount == records.count
    }
}
