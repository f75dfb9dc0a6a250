import Dispatch
import Glibc
import Synchronization

/// The scan of a file on a background thread, and what it found so far for the main thread
/// to take. The scanning thread only reads the file and appends here; everything built from
/// the results is built by the thread that takes them.
final class ScanChannel: Sendable {
    /// What the scan found since it was last taken.
    struct Found: Sendable {
        var events: [StackScanner.Event] = []
        var items: [StackScanner.ItemRecord] = []
        /// Bytes scanned so far.
        var bytesScanned = 0
        /// Whether the scan ended (the file ended, it failed, or it was cancelled).
        var isFinished = false
        var failure: StackScanner.Failure?
    }

    private let state = Mutex(Found())
    private let cancelled = Atomic<Bool>(false)

    /// Starts scanning the file `reader` reads, in chunks: a small first one so the first screen
    /// comes quickly, then bigger ones.
    /// Starts scanning the file `reader` reads; with `spool`, a file still being written: its
    /// end is the end only once standard input ended.
    init(reader: FileReader, scanner: some ChunkScanner & Sendable, spool: StdinSpool? = nil) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            run(reader, scanner, spool)
        }
    }

    /// Takes what was found since the last call.
    func take() -> Found {
        state.withLock { found in
            let taken = found
            found.events = []
            found.items = []
            return taken
        }
    }

    /// Stops the scan at the next chunk.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    private func run(_ reader: FileReader, _ start: some ChunkScanner, _ spool: StdinSpool?) {
        var scanner = start
        let chunkSize = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        var size = 1 << 16
        var failure: StackScanner.Failure?
        while !cancelled.load(ordering: .relaxed) {
            // Asked before reading: if the spool was finished then, this read sees all of it.
            let ended = spool?.isFinished ?? true
            let count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: offset)
            do {
                if count == 0 {
                    guard ended else {
                        usleep(1_000)
                        continue
                    }
                    try scanner.finish()
                    break
                }
                try scanner.scan(UnsafeBufferPointer(
                    start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
            } catch {
                failure = error
                break
            }
            offset += count
            size = chunkSize
            publish(&scanner, bytes: offset, finished: false, failure: nil)
        }
        publish(&scanner, bytes: offset, finished: true, failure: failure)
    }

    private func publish(_ scanner: inout some ChunkScanner, bytes: Int, finished: Bool, failure: StackScanner.Failure?) {
        let events = scanner.events
        let items = scanner.items
        scanner.events.removeAll(keepingCapacity: true)
        scanner.items.removeAll(keepingCapacity: true)
        state.withLock { found in
            found.events += events
            found.items += items
            found.bytesScanned = bytes
            found.isFinished = finished
            found.failure = failure
        }
    }
}
