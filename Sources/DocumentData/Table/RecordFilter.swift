/// The records of a container that a test keeps — a `:where` query, or a `&` pattern matching a
/// row of the record as the tree draws it — found a window of the file at a time (``step(records:)``): the test run on
/// each record's bytes. Records that arrive later (a file still read, a log that grows) are
/// tested as they come.
public struct RecordFilter {
    /// The filter as the status line names it: `where: status >= 400`, `filter: error`.
    public let name: String
    /// The `:where` query, for a filter by one.
    public let query: RecordQuery?
    /// The `&` pattern, whose limits a record may exceed.
    private let pattern: RegexPattern?
    private let tree: JSONTree
    private let window: Int
    /// The records kept so far, in the file's order: their indexes.
    public private(set) var kept: [UInt32] = []
    /// The records looked at: every one before this index.
    public private(set) var readCount = 0

    /// A filter of the records of `tree` by `query` (`:where`), reading `window` bytes of the
    /// file a step.
    public init(_ query: RecordQuery, in tree: JSONTree, window: Int = 4 << 20) {
        name = "where: \(query)"
        self.query = query
        pattern = nil
        self.tree = tree
        self.window = window
    }

    /// A filter of the records of `tree` with a row whose text matches `pattern` (`&`).
    public init(_ pattern: RegexPattern, in tree: JSONTree, window: Int = 4 << 20) {
        name = "filter: \(pattern.source)"
        query = nil
        self.pattern = pattern
        self.tree = tree
        self.window = window
    }

    /// Whether a pattern backtracked too much for a record: the filter has no answer for it.
    public var isTooComplex: Bool { pattern?.exceededLimits ?? query?.exceededLimits ?? false }

    /// Looks at the next records, a window of the file: those of `records` (the container read
    /// so far).
    /// - Returns: whether every record of `records` was looked at.
    public mutating func step(records: ChildTable) -> Bool {
        let tree = self.tree
        // (Taken out, so appending copies nothing.)
        var kept: [UInt32] = []
        swap(&kept, &self.kept)
        if let query {
            // (A query's members found by the walk in C.)
            let firstKeys = query.firstKeys
            readCount = RecordWalk(keys: firstKeys).read(records, of: tree, from: readCount, window: window) { record in
                if query.matches(record, firstKeys: firstKeys) { kept.append(UInt32(record.index)) }
            }
        } else if let pattern {
            readCount = RecordWindow.read(records, of: tree, from: readCount, window: window) { record in
                if record.matches(pattern, of: records, in: tree) { kept.append(UInt32(record.index)) }
            }
        }
        self.kept = kept
        return readCount == records.wholeChildCount
    }
}
