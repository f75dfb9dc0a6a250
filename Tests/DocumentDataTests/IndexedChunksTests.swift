import CJSONIndex
import Dispatch
@testable import DocumentData
import Glibc
import Testing

/// The chunks the scan's two threads pass between them: a regular file's whole chunks read
/// ahead by the walking side while it has nothing to walk, indexed by the reader in file order
/// without being read again, until a read is short.
@Suite struct IndexedChunksTests {
    static let size = IndexedChunks.chunkSize

    /// A file of ``text(chunks:)``, its reader, and chunks whose walking side may read it ahead
    /// from its start up to `readable` bytes, stopped by a ``watchdog(_:)``.
    struct ReadAhead {
        let bytes: [UInt8]
        private let file: TemporaryFile
        let reader: FileReader
        let chunks = IndexedChunks()

        init(chunks count: Double, readable: (Int) -> Int = { $0 }) throws {
            let text = IndexedChunksTests.text(chunks: count)
            bytes = Array(text.utf8)
            file = TemporaryFile(contents: text)
            reader = try FileReader(path: file.path)
            IndexedChunksTests.watchdog(chunks)
            chunks.allowReadingAhead(from: 0, upTo: readable(bytes.count))
        }

        var path: String { file.path }

        func remove() { file.remove() }

        /// The chunk the walking side is given to read ahead next, expected at `offset`, read
        /// (not handed to the reader); nil, and an issue, when it is given other work.
        func nextReadAhead(expecting offset: Int) -> IndexedChunks.Chunk? {
            guard case .readAhead(let chunk, let given)? = chunks.nextWork(mayReadAhead: { true }) else {
                Issue.record("no chunk to read ahead")
                return nil
            }
            #expect(given == offset)
            chunk.readAhead(from: reader, at: given)
            return chunk
        }

        /// The chunk the reader is given for the chunk at `offset`, filled.
        func fill(at offset: Int, carrying state: inout tstack_index_state) throws -> IndexedChunks.Chunk {
            let chunk = try #require(chunks.chunkToFill(at: offset, size: IndexedChunksTests.size))
            #expect(chunk.fill(from: reader, at: offset, size: IndexedChunksTests.size, carrying: &state))
            return chunk
        }
    }

    /// `chunks` chunks of JSON whose strings cross the chunks' boundaries.
    static func text(chunks: Double) -> String {
        let line = #"{"id": "x", "title": "[{\"quoted\"}] and more", "art": ["{", "]"]},"# + "\n"
        let total = Int(Double(size) * chunks)
        return String(String(repeating: line, count: total / line.utf8.count + 1).utf8.prefix(total))!
    }

    /// Whether `chunk`'s index is that of the chunk of `bytes` at `offset`, indexed as the scan
    /// does from the start of `bytes`.
    static func indexes(_ chunk: IndexedChunks.Chunk, chunkOf bytes: [UInt8], at offset: Int) -> Bool {
        Array(chunk.positions[0..<chunk.positionCount]) == positions(of: bytes, chunkAt: offset)
    }

    /// The positions of `bytes` from `offset`, a chunk's worth, indexed as the scan does from the
    /// start of `bytes`.
    static func positions(of bytes: [UInt8], chunkAt offset: Int) -> [UInt32] {
        var state = tstack_index_state(in_string: 0, escaped: 0)
        let chunk = IndexedChunks.Chunk(capacity: size)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            bytes[start..<end].withUnsafeBytes { chunk.buffer.copyMemory(from: $0) }
            chunk.count = end - start
            chunk.index(carrying: &state)
            if start == offset { return Array(chunk.positions[0..<chunk.positionCount]) }
            start = end
        }
        Issue.record("no chunk starts at \(offset)")
        return []
    }

    /// Stops `chunks` after a while, so that a call that should not wait and does fails the test
    /// instead of hanging it (every wait returns nil once stopped). (Threads of their own, not
    /// Dispatch's pool: two threads on two cores, which a blocked test would hold.)
    static func watchdog(_ chunks: IndexedChunks) {
        startThread {
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 20)
            chunks.stop()
        }
    }

    /// Whether the walking side's next call waits (gets no work within 50 ms; stopping `chunks`
    /// then ends the wait, so this is the last thing done with them).
    static func walkingSideWaits(_ chunks: IndexedChunks, mayReadAhead: Bool) -> Bool {
        let answered = DispatchSemaphore(value: 0)
        startThread {
            _ = chunks.nextWork(mayReadAhead: { mayReadAhead })
            answered.signal()
        }
        let waits = answered.wait(timeout: .now() + .milliseconds(50)) == .timedOut
        chunks.stop()
        if waits { answered.wait() }
        return waits
    }

    static func overwrite(_ path: String, at offset: Int, with byte: UInt8, count: Int) {
        let descriptor = open(path, O_WRONLY)
        defer { close(descriptor) }
        let bytes = [UInt8](repeating: byte, count: count)
        #expect(pwrite(descriptor, bytes, count, off_t(offset)) == count)
    }

    @Test func chunksReadAheadAreIndexedByTheReaderInFileOrderWithoutReadingThemAgain() throws {
        let file = try ReadAhead(chunks: 4.5)
        defer { file.remove() }
        let (chunks, bytes) = (file.chunks, file.bytes)
        // With nothing to walk, the walking side reads the first two chunks ahead.
        var ahead: [IndexedChunks.Chunk] = []
        for expected in [0, Self.size] {
            guard let chunk = file.nextReadAhead(expecting: expected) else { return }
            chunks.readAheadDone(chunk)
            ahead.append(chunk)
        }
        // Changed on disk since: what the reader indexes is what was read ahead.
        Self.overwrite(file.path, at: 0, with: UInt8(ascii: " "), count: 2 * Self.size)
        var state = tstack_index_state(in_string: 0, escaped: 0)
        for (number, expected) in ahead.enumerated() {
            let chunk = try file.fill(at: number * Self.size, carrying: &state)
            #expect(chunk === expected)
            #expect(Self.indexes(chunk, chunkOf: bytes, at: number * Self.size))
            chunks.handOver(chunk)
        }
        for expected in ahead {
            guard case .walk(let chunk)? = chunks.nextWork(mayReadAhead: { true }) else {
                Issue.record("no chunk to walk")
                return
            }
            #expect(chunk === expected)
            chunks.recycle(chunk)
        }
        // The reader reads the third itself; the reads ahead go on after it, whole chunks only.
        let third = try file.fill(at: 2 * Self.size, carrying: &state)
        #expect(Self.indexes(third, chunkOf: bytes, at: 2 * Self.size))
        guard let fourth = file.nextReadAhead(expecting: 3 * Self.size) else { return }
        chunks.readAheadDone(fourth)
        let taken = try file.fill(at: 3 * Self.size, carrying: &state)
        #expect(taken === fourth)
        #expect(Self.indexes(fourth, chunkOf: bytes, at: 3 * Self.size))
        // The last half chunk is the reader's to read.
        #expect(Self.walkingSideWaits(chunks, mayReadAhead: true))
    }

    @Test func nothingIsReadAheadWhileTheReaderIsHeld() throws {
        let chunks = IndexedChunks()
        Self.watchdog(chunks)
        chunks.allowReadingAhead(from: 0, upTo: 4 * Self.size)
        #expect(Self.walkingSideWaits(chunks, mayReadAhead: false))
    }

    /// The reader waits for the chunk it wants while it is being read ahead, and gets it.
    @Test func theReaderWaitsForAReadAheadOfItsChunk() throws {
        let file = try ReadAhead(chunks: 2)
        defer { file.remove() }
        let chunks = file.chunks
        guard case .readAhead(let ahead, 0)? = chunks.nextWork(mayReadAhead: { true }) else {
            Issue.record("no chunk to read ahead at 0")
            return
        }
        let taken = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var chunk: IndexedChunks.Chunk?
        startThread {
            chunk = chunks.chunkToFill(at: 0, size: Self.size)
            taken.signal()
        }
        let waited = taken.wait(timeout: .now() + .milliseconds(50)) == .timedOut
        #expect(waited)
        ahead.readAhead(from: file.reader, at: 0)
        chunks.readAheadDone(ahead)
        if waited { taken.wait() }
        #expect(chunk === ahead)
    }

    @Test func afterAShortReadWhatWasReadAheadIsReadAgain() throws {
        // As if the file was twice as big when the reading began, and shrank since.
        let file = try ReadAhead(chunks: 4, readable: { 2 * $0 })
        defer { file.remove() }
        let chunks = file.chunks
        var state = tstack_index_state(in_string: 0, escaped: 0)
        let first = try file.fill(at: 0, carrying: &state)
        // Two chunks read ahead, a third being read when reading ahead stops.
        var inFlight: IndexedChunks.Chunk?
        for expected in [Self.size, 2 * Self.size, 3 * Self.size] {
            guard let chunk = file.nextReadAhead(expecting: expected) else { return }
            if expected < 3 * Self.size { chunks.readAheadDone(chunk) } else { inFlight = chunk }
        }
        Self.overwrite(file.path, at: Self.size, with: UInt8(ascii: " "), count: 3 * Self.size)
        chunks.stopReadingAhead()
        chunks.readAheadDone(try #require(inFlight))
        chunks.recycle(first)
        // Every chunk now reads the file again: the blanks written since, with no position.
        for number in 1...3 {
            let chunk = try file.fill(at: number * Self.size, carrying: &state)
            #expect(chunk.bytes.allSatisfy { $0 == UInt8(ascii: " ") })
            #expect(chunk.positionCount == 0)
        }
        // And the walking side, with nothing to walk, reads nothing ahead any more.
        #expect(Self.walkingSideWaits(chunks, mayReadAhead: true))
    }
}
