import CJSONIndex

/// Chunks of a file, each read and indexed (the first stage: its quotes and its brackets outside
/// strings) on one thread and walked on another. Reading and indexing were two fifths of a
/// stack document's scan, and the walk needs only their result, so the two threads work on two
/// chunks at once: one is walked while the next is read. Four chunks take turns (the reader
/// waits for one to be walked, or read ahead): with two, either thread descheduled for the
/// browser's take-in held the other up at once (`render --keys G` of 454 MB: 268 → 234 ms). A
/// chunk holds 512 KiB and the pages of its index written (about 140 KiB for a stack
/// document): with 256 KiB, a big file's load made twice the hand-overs, and a hand-over that
/// wakes a thread on an idle core costs about 20 µs here (3,300 context switches in a 454 MB
/// load, 6,500 before).
///
/// Reading a regular file is shared: the walk is quicker than the reading and indexing, so the
/// walking side, when it has nothing to walk, reads whole chunks ahead of the reader, which then
/// only indexes them (their order is the index's, which carries strings from chunk to chunk).
/// The reader, the busier thread, had left the walker idle a fifth of the load
/// (`render --keys G` of 454 MB: 148.9 → 133.1 ms; the walker now does a third of the reads).
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
        /// Whether the bytes were read ahead by the walking side, for the reader to index.
        fileprivate(set) var isReadAhead = false

        init(capacity: Int) {
            buffer = .allocate(byteCount: capacity, alignment: 16)
        }

        deinit { buffer.deallocate() }

        /// The bytes read.
        var bytes: UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        }

        /// Reads up to `size` bytes of `reader`'s file at `offset`, unless they were read ahead
        /// into this chunk (a whole chunk, which may be more than `size`), and indexes them
        /// (``index(carrying:)``).
        /// - Returns: whether the chunk holds a byte (none: the end of what the file holds).
        func fill(from reader: FileReader, at offset: Int, size: Int, carrying state: inout tstack_index_state) -> Bool {
            assert(!isReadAhead || self.offset == offset, "a chunk read ahead at another offset")
            if !isReadAhead { read(from: reader, at: offset, size: size) }
            isReadAhead = false
            guard count > 0 else { return false }
            index(carrying: &state)
            return true
        }

        /// Reads a whole chunk of `reader`'s file at `offset` ahead of the reader, which indexes it
        /// (``fill(from:at:size:carrying:)``).
        func readAhead(from reader: FileReader, at offset: Int) {
            read(from: reader, at: offset, size: IndexedChunks.chunkSize)
            isReadAhead = true
        }

        private func read(from reader: FileReader, at offset: Int, size: Int) {
            count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: offset)
            self.offset = offset
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
        /// Walked (or never used, or read ahead and given back unread): the reader fills these,
        /// and the walking side reads ahead into them.
        var free: [Chunk]
        /// Read ahead by the walking side, to be indexed.
        var readAhead: [Chunk] = []
        /// The offset the walking side is reading ahead now, if it is (one thread: one at a time).
        var readingAhead: Int?
        /// The next offset to read ahead.
        var nextAhead = 0
        /// The end of the bytes that may be read ahead (0: none is).
        var aheadEnd = 0
        /// The reader handed over its last chunk: the input ended.
        var ended = false
        /// Either side stopped: nothing more is handed over.
        var stopped = false
    }

    /// The biggest chunk read.
    static let chunkSize = 1 << 19
    private static let chunkCount = 4
    private let state = Locked(State(free: (0..<IndexedChunks.chunkCount).map { _ in Chunk(capacity: IndexedChunks.chunkSize) }))
    /// Advanced at every change of the chunks' state (a hand-over, a read ahead, a stop) and at a
    /// ``wake()``: both sides wait on it.
    private let changes = ChangeSignal()

    // MARK: - The reading side

    /// Lets the walking side read whole chunks ahead from `offset` on, up to `end` (the size of a
    /// regular file), while it has nothing to walk. The reader then asks for its chunks by offset
    /// (``chunkToFill(at:size:)``) and must read at the offsets the reads ahead expect, each read
    /// ending where the next starts, until it calls ``stopReadingAhead()``.
    func allowReadingAhead(from offset: Int, upTo end: Int) {
        change { state in
            state.nextAhead = offset
            state.aheadEnd = end
        }
    }

    /// A chunk to fill with the `size` bytes at `offset` (``Chunk/fill(from:at:size:carrying:)``):
    /// the one they were read ahead into if they were, waiting for a read ahead of them to end;
    /// else one walked, waiting for one. Nil once stopped.
    func chunkToFill(at offset: Int, size: Int) -> Chunk? {
        wait { state -> Chunk?? in
            if state.stopped { return .some(nil) }
            if let index = state.readAhead.firstIndex(where: { $0.offset == offset }) { return state.readAhead.remove(at: index) }
            if state.readingAhead == offset { return nil }
            guard let chunk = state.free.popLast() else { return nil }
            // (Read here: the reads ahead go on after it.)
            state.nextAhead = max(state.nextAhead, offset + size)
            return chunk
        }
    }

    /// Stops reading ahead (a read was short: the file ended or shrank), giving back what was
    /// read ahead.
    func stopReadingAhead() {
        change { state in
            state.aheadEnd = 0
            for chunk in state.readAhead { chunk.isReadAhead = false }
            state.free += state.readAhead
            state.readAhead = []
        }
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
    /// only then has the scan caught up with what was read. (For a growing input, which is
    /// never read ahead.)
    /// - Returns: false when either side stopped instead (the walk failed, or was cancelled).
    func waitUntilWalked() -> Bool {
        wait { state in state.stopped ? false : state.free.count == Self.chunkCount ? true : nil }
    }

    // MARK: - The walking side

    /// What the walking side does next.
    enum Work {
        /// Walk the next chunk in file order, then ``recycle(_:)`` it.
        case walk(Chunk)
        /// Read the chunk ahead (``Chunk/readAhead(from:at:)``), then hand it to the reader
        /// with ``readAheadDone(_:)``.
        case readAhead(Chunk, offset: Int)
    }

    /// The next chunk in file order, waiting for it, or meanwhile a chunk to read ahead (when
    /// the reader allowed it and `mayReadAhead`, asked under the lock, says yes); nil once the
    /// input ended and every chunk was taken, or once stopped.
    func nextWork(mayReadAhead: () -> Bool) -> Work? {
        wait { state -> Work?? in
            if state.stopped { return .some(nil) }
            if !state.ready.isEmpty { return .walk(state.ready.removeFirst()) }
            if state.ended { return .some(nil) }
            guard state.nextAhead + Self.chunkSize <= state.aheadEnd, !state.free.isEmpty, mayReadAhead() else { return nil }
            let offset = state.nextAhead
            state.nextAhead += Self.chunkSize
            state.readingAhead = offset
            return .readAhead(state.free.removeLast(), offset: offset)
        }
    }

    /// Hands `chunk`, read ahead, to the reader to index (or back, if reading ahead stopped).
    func readAheadDone(_ chunk: Chunk) {
        change { state in
            state.readingAhead = nil
            guard state.aheadEnd > 0 else {
                chunk.isReadAhead = false
                state.free.append(chunk)
                return
            }
            state.readAhead.append(chunk)
        }
    }

    /// Whether a chunk is read and indexed, waiting to be walked.
    var hasReadyChunk: Bool { state.withLock { !$0.ready.isEmpty } }

    /// Whether the reader said the input ended.
    var inputEnded: Bool { state.withLock { $0.ended } }

    // MARK: - Both

    /// Wakes the walking side, which may read ahead again (the reader is no longer held).
    func wake() {
        changes.signal()
    }

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
