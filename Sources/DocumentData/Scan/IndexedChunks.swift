import CJSONIndex

/// Chunks of a file, each read and indexed (the first stage: its quotes and its brackets outside
/// strings) on one thread and walked on another. Reading and indexing were two fifths of a
/// stack document's scan, and the walk needs only their result, so the two threads work on two
/// chunks at once: one is walked while the next is read. Four chunks take turns (the reader
/// waits for one to be walked): with two, either thread descheduled for the browser's take-in
/// held the other up at once (`render --keys G` of 454 MB: 268 → 234 ms). A chunk holds 512 KiB
/// and the pages of its index written (about 140 KiB for a stack document): with 256 KiB, a
/// big file's load made twice the hand-overs, and a hand-over that wakes a thread on an idle
/// core costs about 20 µs here (3,300 context switches in a 454 MB load, 6,500 before).
///
/// Sendable (checked by hand): a chunk belongs to one thread at a time and is handed over under
/// the lock, which guards the rest.
final class IndexedChunks: @unchecked Sendable {
    /// Bytes of the file and where their quotes and brackets are.
    final class Chunk {
        let buffer: UnsafeMutableRawBufferPointer
        /// How many bytes of `buffer` were read.
        var count = 0
        /// The file's offset of the first byte.
        var offset = 0
        /// The index of the bytes (`tstack_index_json`): `positionCount` offsets in `buffer`.
        var positions: [UInt32] = []
        var positionCount = 0

        init(capacity: Int) {
            buffer = .allocate(byteCount: capacity, alignment: 16)
        }

        deinit { buffer.deallocate() }

        /// The bytes read.
        var bytes: UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        }

        /// Reads up to `size` bytes of `reader`'s file at `offset` and indexes them
        /// (``index(carrying:)``).
        /// - Returns: whether a byte was read (none: the end of what the file holds).
        func fill(from reader: FileReader, at offset: Int, size: Int, carrying state: inout tstack_index_state) -> Bool {
            count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: offset)
            guard count > 0 else { return false }
            self.offset = offset
            index(carrying: &state)
            return true
        }

        /// Indexes the bytes read: where their quotes and brackets outside strings are, strings
        /// and escapes carried from the chunk before in `state` (zeroed for the first).
        func index(carrying state: inout tstack_index_state) {
            JSONIndexPositions.ensureRoom(in: &positions, for: count)
            let bytes = bytes
            positionCount = positions.withUnsafeMutableBufferPointer { positions in
                tstack_index_json(bytes.baseAddress, bytes.count, &state, positions.baseAddress)
            }
        }
    }

    private struct State {
        /// Read and indexed, not walked yet, in file order.
        var ready: [Chunk] = []
        /// Walked (or never used): the reader fills these.
        var free: [Chunk]
        /// The reader handed over its last chunk: the input ended.
        var ended = false
        /// Either side stopped: nothing more is handed over.
        var stopped = false
    }

    /// The biggest chunk read.
    static let chunkSize = 1 << 19
    private static let chunkCount = 4
    private let state = Locked(State(free: (0..<IndexedChunks.chunkCount).map { _ in Chunk(capacity: IndexedChunks.chunkSize) }))
    /// Advanced at every hand-over and stop: both sides wait on it.
    private let changes = ChangeSignal()

    // MARK: - The reading side

    /// A chunk to read into, waiting for one to be walked; nil once stopped.
    func chunkToFill() -> Chunk? {
        wait { state -> Chunk?? in state.stopped ? .some(nil) : state.free.popLast().map(Optional.some) }
    }

    /// Hands `chunk`, read and indexed, to the walking side.
    func handOver(_ chunk: Chunk) {
        change { $0.ready.append(chunk) }
    }

    /// Says the input ended after the chunks handed over.
    func endInput() {
        change { $0.ended = true }
    }

    /// Waits until every chunk handed over was walked (and what was found in it published):
    /// only then has the scan caught up with what was read.
    /// - Returns: false when either side stopped instead (the walk failed, or was cancelled).
    func waitUntilWalked() -> Bool {
        wait { state in state.stopped ? false : state.free.count == Self.chunkCount ? true : nil }
    }

    // MARK: - The walking side

    /// The next chunk in file order, waiting for it; nil once the input ended and every chunk
    /// was taken, or once stopped.
    func nextChunk() -> Chunk? {
        wait { state -> Chunk?? in
            if state.stopped { return .some(nil) }
            if !state.ready.isEmpty { return state.ready.removeFirst() }
            return state.ended ? .some(nil) : nil
        }
    }

    /// Whether a chunk is read and indexed, waiting to be walked.
    var hasReadyChunk: Bool { state.withLock { !$0.ready.isEmpty } }

    /// Whether the reader said the input ended.
    var inputEnded: Bool { state.withLock { $0.ended } }

    // MARK: - Both

    /// Gives back a chunk for the reader to fill again: walked, or (from the reader) not filled.
    func recycle(_ chunk: Chunk) {
        change { $0.free.append(chunk) }
    }

    /// Stops both sides: whoever waits returns.
    func stop() {
        change { $0.stopped = true }
    }

    /// Changes the state under the lock, then wakes whoever waits.
    private func change(_ body: (inout State) -> Void) {
        state.withLock(body)
        changes.signal()
    }

    /// Waits until `answer`, asked under the lock at each change, has one. (The generation is
    /// read before asking: a change between the ask and the wait is not missed.)
    private func wait<Answer>(for answer: (inout State) -> Answer?) -> Answer {
        while true {
            let generation = changes.generation
            if let found = state.withLock(answer) { return found }
            changes.wait(after: generation)
        }
    }
}
