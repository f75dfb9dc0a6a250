import Dispatch
import Glibc
import Synchronization

/// The scan of a file on a background thread, and what it found so far for the main thread
/// to take. The scanning thread only reads the file and appends here; everything built from
/// the results is built by the thread that takes them.
///
/// Nothing polls: the scan waits for a growing input on the spool's ``InputSpool/changes``;
/// a thread waiting for results blocks on ``changes``; a run loop that waits for keys too
/// watches ``wakeDescriptor`` with `poll(2)`.
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
        /// Once the scan finished: the id hashes that more than one item has (usually none;
        /// equal hashes may still be different ids, which the taker confirms by decoding).
        var collidingIDHashes: [UInt64] = []
    }

    /// Advanced each time the scan publishes what it found (and when it ends).
    let changes = ChangeSignal()
    /// Readable (`poll(2)`) when the scan published something not taken yet.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let wakeArmed = Atomic<Bool>(false)
    private let state = Locked(Found())
    private let cancelled = Atomic<Bool>(false)
    private let waitingForInput = Atomic<Bool>(false)
    private let spool: (any GrowingInput)?
    /// Whether items have ids to check for duplicates (JSON Lines' are their line numbers).
    private let checksIDs: Bool

    /// Starts scanning the file `reader` reads, in chunks: a small first one so the first screen
    /// comes quickly, then bigger ones. With `spool`, the file is still being written: its end
    /// is the end only once the input ended.
    init(reader: FileReader, scanner: some ChunkScanner & Sendable, spool: (any GrowingInput)? = nil) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
        self.spool = spool
        checksIDs = scanner is StackScanner
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            run(reader, scanner, spool)
        }
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// Takes what was found since the last call.
    func take() -> Found {
        if wakeArmed.exchange(false, ordering: .acquiringAndReleasing) {
            var drained: UInt8 = 0
            while read(wakeDescriptor, &drained, 1) > 0 {}
        }
        return state.withLock { found in
            let taken = found
            found.events = []
            found.items = []
            return taken
        }
    }

    /// Whether the scan has read everything that arrived and waits for more input.
    var isWaitingForInput: Bool { waitingForInput.load(ordering: .acquiring) }

    /// Stops the scan at the next chunk (or now, if it waits for input).
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        spool?.changes.signal()
    }

    private var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    private func run(_ reader: FileReader, _ start: some ChunkScanner, _ spool: (any GrowingInput)?) {
        var scanner = start
        let chunkSize = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        var size = 1 << 16
        var failure: StackScanner.Failure?
        // Every id hash, kept here (8 bytes an item, only while scanning) to find duplicate
        // ids once the scan ends, off the main thread.
        var hashes: [UInt64] = []
        while !isCancelled {
            // Asked before reading: if the spool was finished then, this read sees all of it.
            let generation = spool?.changes.generation ?? 0
            let ended = spool?.isFinished ?? true
            let count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: offset)
            do {
                if count == 0 {
                    guard ended else {
                        waitForInput(spool, after: generation)
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
            if checksIDs { hashes += scanner.items.lazy.map(\.idHash).filter { $0 != 0 } }
            publish(&scanner, bytes: offset, finished: false, failure: nil)
        }
        if checksIDs { hashes += scanner.items.lazy.map(\.idHash).filter { $0 != 0 } }
        let colliding = failure == nil && !isCancelled ? Self.colliding(&hashes) : []
        publish(&scanner, bytes: offset, finished: true, failure: failure, colliding: colliding)
    }

    /// The values that occur more than once in `hashes` (sorted in place), in increasing order.
    /// - Complexity: O(n): a radix sort, 16 bits a pass (a million hashes in a few
    ///   milliseconds, where a comparison sort took tens at the end of every scan).
    static func colliding(_ hashes: inout [UInt64]) -> [UInt64] {
        radixSort(&hashes)
        var result: [UInt64] = []
        for index in hashes.indices.dropFirst() where hashes[index] == hashes[index - 1] {
            if result.last != hashes[index] { result.append(hashes[index]) }
        }
        return result
    }

    /// Sorts `values` in increasing order: four stable passes of 16 bits, least significant first.
    static func radixSort(_ values: inout [UInt64]) {
        guard values.count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: values.count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for pass in 0..<4 {
            let shift = UInt64(pass * 16)
            values.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in counts.indices { counts[index] = 0 }
                        for value in source { counts[Int((value >> shift) & 0xFFFF)] += 1 }
                        var start = 0
                        for index in counts.indices {
                            let count = counts[index]
                            counts[index] = start
                            start += count
                        }
                        for value in source {
                            let digit = Int((value >> shift) & 0xFFFF)
                            target[counts[digit]] = value
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&values, &scratch)
        }
    }

    /// Blocks until the spool grows or ends (or the scan is cancelled), saying meanwhile that
    /// the scan caught up with the input.
    private func waitForInput(_ spool: (any GrowingInput)?, after generation: Int) {
        guard let spool, !isCancelled else { return }
        waitingForInput.store(true, ordering: .releasing)
        wake()
        spool.changes.wait(after: generation)
        waitingForInput.store(false, ordering: .releasing)
    }

    private func publish(
        _ scanner: inout some ChunkScanner, bytes: Int, finished: Bool, failure: StackScanner.Failure?,
        colliding: [UInt64] = []
    ) {
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
            found.collidingIDHashes = colliding
        }
        wake()
    }

    /// Tells waiting threads, and a run loop polling ``wakeDescriptor``, that there is news.
    private func wake() {
        changes.signal()
        if !wakeArmed.exchange(true, ordering: .acquiringAndReleasing) {
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
    }
}
