import Dispatch
import Glibc
import Synchronization

/// The scan of a file on a background thread, and what it found so far for the main thread
/// to take. The scanning thread only reads the file and appends here; everything built from
/// the results is built by the thread that takes them.
///
/// Nothing polls: the scan waits for a growing input on the spool's ``InputSpool/changes``;
/// a thread waiting for results blocks on `changes`; a run loop that waits for keys too
/// watches `wakeDescriptor` with `poll(2)`.
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
        var collidingIDHashes: [UInt32] = []
    }

    /// Advanced each time the scan publishes what it found (and when it ends).
    let changes = ChangeSignal()
    /// Advanced each time what the scan found is taken (and when it is cancelled).
    private let taken = ChangeSignal()
    /// Items found and not taken beyond which the scan waits for the taker: running further
    /// ahead would cost memory (32 bytes an item), not save time.
    static let untakenLimit = 1 << 16
    /// Readable (`poll(2)`) when the scan published something not taken yet.
    var wakeDescriptor: Int32 { wakePipe.descriptor }
    private let wakePipe = WakePipe()
    private let state = Locked(Found())
    private let cancelled = Atomic<Bool>(false)
    private let waitingForInput = Atomic<Bool>(false)
    private let spool: (any GrowingInput)?

    /// Starts scanning the file `reader` reads, in chunks: a small first one so the first screen
    /// comes quickly, then bigger ones. With `spool`, the file is still being written: its end
    /// is the end only once the input ended.
    init(reader: FileReader, scanner: StackScanner, spool: (any GrowingInput)? = nil) {
        self.spool = spool
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            run(reader, scanner, spool)
        }
    }

    /// Takes what was found since the last call.
    func take() -> Found {
        wakePipe.drain()
        let found = state.withLock { found in
            let taken = found
            found.events = []
            found.items = []
            return taken
        }
        taken.signal()
        return found
    }

    /// Whether the scan has read everything that arrived and waits for more input.
    var isWaitingForInput: Bool { waitingForInput.load(ordering: .acquiring) }

    /// Stops the scan at the next chunk (or now, if it waits for input).
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        spool?.changes.signal()
        taken.signal()
    }

    private var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    private func run(_ reader: FileReader, _ start: StackScanner, _ spool: (any GrowingInput)?) {
        var scanner = start
        let chunkSize = 1 << 18
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        var size = 1 << 16
        var failure: StackScanner.Failure?
        // Every id hash, kept here (4 bytes an item, only while scanning: the 32 bits the items
        // keep) to find duplicate ids once the scan ends, off the main thread; the items with
        // equal hashes are decoded to confirm (a million ids have about a hundred pairs of
        // equal hashes that are no duplicate). Room is reserved from the share of the file
        // scanned, not doubled: doubling could hold twice the room, and copy it.
        var hashes: [UInt32] = []
        let fileSize = spool == nil ? reader.regularFileSize : nil
        func keepHashes() {
            let needed = hashes.count + scanner.items.count
            if hashes.capacity < needed, let fileSize, offset > 0 {
                hashes.reserveCapacity(max(needed, Int(Double(needed) * Double(fileSize) / Double(offset) * 1.02)))
            }
            hashes += scanner.items.lazy.map(\.idHash).filter { $0 != 0 }
        }
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
            keepHashes()
            publish(&scanner, bytes: offset, finished: false, failure: nil)
        }
        keepHashes()
        let colliding = failure == nil && !isCancelled ? Self.colliding(&hashes) : []
        publish(&scanner, bytes: offset, finished: true, failure: failure, colliding: colliding)
    }

    /// The values that occur more than once in `hashes` (sorted in place), in increasing order.
    /// - Complexity: O(n): a radix sort (a million hashes in a few milliseconds, where a
    ///   comparison sort took tens at the end of every scan).
    static func colliding(_ hashes: inout [UInt32]) -> [UInt32] {
        radixSort(&hashes)
        var result: [UInt32] = []
        for index in hashes.indices.dropFirst() where hashes[index] == hashes[index - 1] {
            if result.last != hashes[index] { result.append(hashes[index]) }
        }
        return result
    }

    /// Sorts `values` in increasing order, in place but for a scratch of one bucket: the
    /// values are first put in 256 buckets by their top byte (an American flag sort: each value
    /// swapped straight to its bucket), then each bucket is sorted by stable passes over the 24
    /// bits below, least significant first (8-bit digits; 16-bit ones for a bucket of 65,536
    /// values or more, whose digit table is then small beside it).
    static func radixSort(_ values: inout [UInt32]) {
        guard values.count > 1 else { return }
        var bucketStarts = [Int](repeating: 0, count: 257)
        values.withUnsafeMutableBufferPointer { values in
            for value in values { bucketStarts[Int(value >> 24) + 1] += 1 }
            for bucket in 0..<256 { bucketStarts[bucket + 1] += bucketStarts[bucket] }
            var next = Array(bucketStarts[0..<256])
            for bucket in 0..<256 {
                while next[bucket] < bucketStarts[bucket + 1] {
                    var value = values[next[bucket]]
                    var target = Int(value >> 24)
                    // Follow the cycle: each value displaced goes to its own bucket in turn.
                    while target != bucket {
                        swap(&value, &values[next[target]])
                        next[target] += 1
                        target = Int(value >> 24)
                    }
                    values[next[bucket]] = value
                    next[bucket] += 1
                }
            }
        }
        // Each bucket by the 24 bits below the top byte: 8-bit digits for a bucket smaller than
        // a 16-bit digit's table, 16-bit ones (the top pass doing 8) above.
        var scratch: [UInt32] = []
        // The digit table: 16-bit digits only when a bucket is that big (zeroing a 16-bit table
        // costs half a MB of writes, more than sorting a small file's ids).
        let largestBucket = (0..<256).map { bucketStarts[$0 + 1] - bucketStarts[$0] }.max() ?? 0
        var counts = [Int](repeating: 0, count: largestBucket >= 1 << 16 ? 1 << 16 : 1 << 8)
        for bucket in 0..<256 where bucketStarts[bucket + 1] - bucketStarts[bucket] > 1 {
            let range = bucketStarts[bucket]..<bucketStarts[bucket + 1]
            let digitBits = range.count >= 1 << 16 ? 16 : 8
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: repeatElement(0, count: range.count))
            values.withUnsafeMutableBufferPointer { all in
                let values = UnsafeMutableBufferPointer(rebasing: all[range])
                scratch.withUnsafeMutableBufferPointer { scratch in
                    counts.withUnsafeMutableBufferPointer { counts in
                        var (source, target) = (values, scratch)
                        let mask = UInt32(1) << digitBits - 1
                        for shift in stride(from: 0, to: 24, by: digitBits) {
                            let shift = UInt32(shift)
                            for index in 0...Int(mask) { counts[index] = 0 }
                            for value in source { counts[Int((value >> shift) & mask)] += 1 }
                            var start = 0
                            for index in 0...Int(mask) {
                                let count = counts[index]
                                counts[index] = start
                                start += count
                            }
                            for value in source {
                                let digit = Int((value >> shift) & mask)
                                target[counts[digit]] = value
                                counts[digit] += 1
                            }
                            swap(&source, &target)
                        }
                        // An odd number of passes left the sorted values in the scratch.
                        if source.baseAddress != values.baseAddress {
                            _ = values.update(fromContentsOf: source)
                        }
                    }
                }
            }
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
        _ scanner: inout StackScanner, bytes: Int, finished: Bool, failure: StackScanner.Failure?,
        colliding: [UInt32] = []
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
        while !isCancelled {
            let generation = taken.generation
            guard state.withLock({ $0.items.count }) >= Self.untakenLimit else { break }
            taken.wait(after: generation)
        }
    }

    /// Tells waiting threads, and a run loop polling `wakeDescriptor`, that there is news.
    private func wake() {
        changes.signal()
        wakePipe.wake()
    }
}
