/// The records of a container that a test keeps — a `:where` query, or a `&` pattern matching a
/// row of the record as the tree draws it — found a window of the file at a time (``step(records:)``): the test run on
/// each record's bytes. Records that arrive later (a file still read, a log that grows) are
/// tested as they come.
public struct RecordFilter {
    /// The filter as the status line names it: `where: status >= 400`, `filter: error`.
    public let name: String
    /// The `:where` query, for a filter by one; the same with patterns of its own, for the
    /// other thread (`PairedWalk`).
    public let query: RecordQuery?
    private let otherQuery: OtherThreadQuery?
    /// The records' walk on two threads, for a query (made at the first step).
    private var paired: PairedWalk<[UInt32]>?
    /// The `&` pattern's filter: the tree's, over the records' container as each step is given
    /// it (never past the records the table took in), on both cores.
    private var patternFilter: TreeFilter?
    private let tree: JSONTree
    private let window: Int
    /// What a query's walk on this thread alone (its patterns not copied) reads into.
    private let buffers: RecordWalk.Buffers
    /// The records kept so far, in the file's order: their indexes.
    public private(set) var kept: [UInt32] = []
    /// The records looked at: every one before this index.
    public private(set) var readCount = 0

    /// A filter of the records of `tree` by `query` (`:where`), reading `window` bytes of the
    /// file a step.
    public init(_ query: RecordQuery, in tree: JSONTree, window: Int = 4 << 20) {
        name = "where: \(query)"
        self.query = query
        otherQuery = query.copiedForAnotherThread().map(OtherThreadQuery.init)
        patternFilter = nil
        self.tree = tree
        self.window = window
        buffers = RecordWalk.Buffers(reading: tree)
    }

    /// A filter of the records of `tree` — the children of the node at `container`, child
    /// indexes from the root (empty: the root's) — with a row whose text matches `pattern`
    /// (`&`).
    public init(_ pattern: RegexPattern, in tree: JSONTree, ofChildrenAt container: [Int], window: Int = 4 << 20) {
        name = "filter: \(pattern.source)"
        query = nil
        otherQuery = nil
        patternFilter = TreeFilter(
            tree: tree, pattern: pattern, container: container.isEmpty ? nil : tree.children(atChildIndexes: container),
            window: window)
        self.tree = tree
        self.window = window
        buffers = RecordWalk.Buffers(reading: tree)
    }

    /// Whether a pattern backtracked too much for a record: the filter has no answer for it.
    public var isTooComplex: Bool {
        // (The other thread's flag read once it handed its stretch back, never while it matches.)
        let other = paired?.otherThreadIsWalking == true ? false : (otherQuery?.query.exceededLimits ?? false)
        return patternFilter?.isTooComplex ?? ((query?.exceededLimits ?? false) || other)
    }

    /// Looks at the next records, a window of the file: those of `records` (the container read
    /// so far).
    /// - Returns: whether every record of `records` was looked at.
    public mutating func step(records: ChildTable) -> Bool {
        let tree = self.tree
        // (Taken out, so appending copies nothing.)
        var kept: [UInt32] = []
        swap(&kept, &self.kept)
        if let query, let otherQuery {
            // (A query's members found by the walk in C, on both cores.)
            let firstKeys = query.firstKeys
            var paired = self.paired ?? PairedWalk(records, of: tree, keys: firstKeys, window: window)
            self.paired = nil
            _ = paired.step(
                records: records, own: { if query.matches($0, firstKeys: firstKeys) { kept.append(UInt32($0.index)) } },
                start: { [] },
                add: { kept, record in
                    if otherQuery.query.matches(record, firstKeys: firstKeys) { kept.append(UInt32(record.index)) }
                },
                finish: { kept += $0 })
            readCount = paired.readCount
            self.paired = paired
            if paired.otherThreadIsWalking {
                self.kept = kept
                return false
            }
        } else if let query {
            // (Its patterns could not be copied for another thread: on this one.)
            let firstKeys = query.firstKeys
            readCount = RecordWalk(keys: firstKeys).read(records, of: tree, from: readCount, window: window, buffers: buffers) {
                if query.matches($0, firstKeys: firstKeys) { kept.append(UInt32($0.index)) }
            }
        } else if var patternFilter {
            self.patternFilter = nil
            patternFilter.container = records
            patternFilter.step()
            kept += patternFilter.kept[kept.count...].lazy.map(UInt32.init)
            readCount = patternFilter.isCaughtUp ? records.wholeChildCount : patternFilter.childrenLookedAt
            self.kept = kept
            self.patternFilter = patternFilter
            return patternFilter.isCaughtUp
        }
        self.kept = kept
        return readCount == records.wholeChildCount
    }
}
