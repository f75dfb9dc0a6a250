/// Reads the records of an array a step at a time on both cores, for a pass over every record
/// (`:freq`, `:describe`, `:where`, `:sort`): each step walks two stretches of whole records
/// (``RecordWalk``), this thread's and the one after it on a thread of its own, the other's
/// records going into a part of its own that is handed back, in the records' order, after this
/// thread's of the same step. The calling thread waits for the other's stretch at most
/// `otherThreadDeadline`: a step that finds it still walking returns, and the next looks again
/// — a key never waits for it.
struct PairedWalk<Part: Sendable> {
    /// What the other thread walks into, and hands back.
    private final class OtherStretch: @unchecked Sendable {
        let done = ChangeSignal()
        var part: Part
        var walked = false
        init(part: Part) { self.part = part }
    }

    let walk: RecordWalk
    private let tree: JSONTree
    /// What this thread's stretches are read into, and the other's.
    private let ownBuffers: RecordWalk.Buffers, otherBuffers: RecordWalk.Buffers
    /// Bytes of the file a thread reads a step (but for one record longer than that).
    let window: Int
    /// The records read so far (the other thread's once handed back).
    private(set) var readCount = 0
    private var pending: (stretch: OtherStretch, first: Int, count: Int)?

    /// A walk of `records` (children of `tree`) for `keys`, reading `window` bytes a thread a
    /// step.
    init(_ records: ChildTable, of tree: JSONTree, keys: [[UInt8]], window: Int) {
        var walk = RecordWalk(keys: keys)
        walk.commas = RecordWalk.commas(between: records, of: tree)
        self.walk = walk
        self.tree = tree
        self.window = window
        ownBuffers = RecordWalk.Buffers(reading: tree)
        otherBuffers = RecordWalk.Buffers(reading: tree)
    }

    /// Whether the other thread is walking a stretch now.
    var otherThreadIsWalking: Bool { pending != nil }

    /// The next step over `records` (the container read so far): this thread's records to
    /// `own`, in order; the stretch after them into a part `start` makes, by `add` on the other
    /// thread, given to `finish` once walked — after `own` saw the records before it.
    /// - Returns: whether every record of `records` is read.
    mutating func step(
        records: ChildTable, own: (WalkedRecord) -> Void, start: () -> Part,
        add: @escaping @Sendable (inout Part, WalkedRecord) -> Void, finish: (Part) -> Void
    ) -> Bool {
        guard takeOtherStretch(records: records, add: add, finish: finish) else { return false }
        guard readCount < records.wholeChildCount else { return true }
        let ownStretch = records.stretch(from: readCount, maximumBytes: window)
        if let ownStretch, let other = records.stretch(from: readCount + ownStretch.count, maximumBytes: window) {
            let stretch = OtherStretch(part: start())
            let walk = self.walk, first = readCount + ownStretch.count, buffers = otherBuffers
            // (Read there too: a short read, the file cut under it, is read again here.)
            startThread { [stretch] in
                if let bytes = buffers.reader.bytes(in: other.bytes) {
                    stretch.walked = walk.walk(bytes, first: first, count: other.count, buffers: buffers) {
                        add(&stretch.part, $0)
                    }
                }
                stretch.done.signal()
            }
            pending = (stretch, first, other.count)
        }
        readCount = walk.read(records, of: tree, from: readCount, window: window, buffers: ownBuffers, own)
        guard takeOtherStretch(records: records, add: add, finish: finish) else { return false }
        guard readCount == records.wholeChildCount else { return false }
        // (Every record read: the windows' buffers go — what the pass does next, a sort's
        // ordering, has the memory; records that arrive later are read into new ones.)
        ownBuffers.letGo()
        otherBuffers.letGo()
        return true
    }

    /// Hands the other thread's part to `finish` once it is walked (a stretch the walk did not
    /// read as the table does is read again here), waiting for it at most
    /// `otherThreadDeadline`.
    /// - Returns: false when it is still walking.
    private mutating func takeOtherStretch(
        records: ChildTable, add: (inout Part, WalkedRecord) -> Void, finish: (Part) -> Void
    ) -> Bool {
        guard let (stretch, first, count) = pending else { return true }
        guard stretch.done.generation > 0 || stretch.done.wait(after: 0, timeout: otherThreadDeadline) else { return false }
        pending = nil
        var part = stretch.part
        if !stretch.walked {
            walk.readBySlowPath(records, of: tree, from: first, count: count, window: window) { add(&part, $0) }
        }
        readCount = first + count
        finish(part)
        return true
    }
}
