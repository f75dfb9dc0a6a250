import Platform
import Synchronization

/// The scan of a big JSON file's root on a background thread: it finds the root's children
/// (`ContainerScanner`) a chunk at a time and hands them over, so the tree shows its first
/// rows at once and grows while the rest is read. The thread only reads the file and appends
/// here; the tree takes what was found on the thread that owns it (``JSONTree/takeScanned()``).
///
/// Nothing polls: a thread waiting for results blocks on `changes`, a run loop that waits for
/// keys too watches `wakeDescriptor` with `poll(2)`.
final class TreeScan: Sendable {
    /// What the scan found since it was last taken.
    struct Found: Sendable {
        /// The root's children found since last taken, as the scan handed them over (a batch
        /// may hand some over in blocks: ``ChildTable/handedBlocks``): each with the root's
        /// kind and opening bracket (-1 before it is found), and `end` where the last of them
        /// ends so far (the closing bracket once finished).
        var batches: [ChildTable] = []
        /// The container the scan is reading as the root's last child, when it has whole
        /// blocks: its block starts found since last taken (``ContainerScanner/takeGrowingChild()``).
        var growingChild: GrowingChild?
        var bytesScanned = 0
        var isFinished = false
        var failure: ContainerScanner.Failure?
    }

    /// Advanced each time the scan publishes what it found (and when it ends).
    let changes = ChangeSignal()
    /// Readable (`poll(2)`) when the scan published something not taken yet.
    var wakeDescriptor: Int32 { wakePipe.descriptor }
    private let wakePipe = WakePipe()
    private let state = Locked(Found())
    private let cancelled = Atomic<Bool>(false)
    /// The input when it grows while read (standard input, a followed file): the scan waits at
    /// its end for more.
    private let growing: (any GrowingInput)?

    /// Starts scanning the file `reader` reads: a small first chunk, so the first screen comes
    /// quickly, then bigger ones.
    /// From child `blocksFrom` on, the root's children are handed over a block at a time.
    init(
        reader: FileReader, growing: (any GrowingInput)? = nil, jsonLines: Bool, blockSize: Int, blocksFrom: Int,
        longContainer: Int
    ) {
        self.growing = growing
        startThread { [self] in
            run(reader, jsonLines: jsonLines, blockSize: blockSize, blocksFrom: blocksFrom, longContainer: longContainer)
        }
    }

    /// Takes what was found since the last call.
    func take() -> Found {
        wakePipe.drain()
        return state.withLock { found in
            let taken = found
            found.batches = []
            found.growingChild = nil
            return taken
        }
    }

    /// Stops the scan at the next chunk.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        // A scan waiting for input wakes to see it.
        growing?.changes.signal()
    }

    private func run(_ reader: FileReader, jsonLines: Bool, blockSize: Int, blocksFrom: Int, longContainer: Int) {
        var scanner = ContainerScanner(lines: jsonLines, blockSize: blockSize)
        scanner.knownContainerBytes = longContainer
        scanner.blocksFrom = blocksFrom
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        var size = 1 << 16
        var failure: ContainerScanner.Failure?
        while !cancelled.load(ordering: .acquiring) {
            let count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: offset)
            // (Once the input ended, bytes it said it had that the file no longer has — it was
            // truncated — never come: the scan ends, for the reader to start again.)
            if count == 0, let growing,
                !growing.isFinished || (growing.bytesWritten > offset && (reader.regularFileSize ?? .max) > offset) {
                // At the end of what arrived: every child found but the last is handed over
                // (one waiting for a block to fill would be missing from what was read), then
                // wait for more (or the end, or a cancel).
                publish(scanner.takeChildren(caughtUp: true), growing: scanner.takeGrowingChild(), bytes: offset)
                growing.wait { [offset] in $0.bytesWritten > offset || self.cancelled.load(ordering: .acquiring) }
                continue
            }
            do {
                guard count > 0 else {
                    try scanner.finish(at: offset)
                    break
                }
                try scanner.scan(
                    UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count),
                    at: offset)
            } catch {
                failure = error
                break
            }
            offset += count
            size = buffer.count
            publish(scanner.takeChildren(), growing: scanner.takeGrowingChild(), bytes: offset)
        }
        // What is left: the last child, and the end (after a failure, every child but the
        // last: it ends where the scan stopped).
        // (A failure leaves the child being read as far as it was read: its blocks are handed over.)
        publish(failure == nil ? scanner.takeChildren(all: true) : scanner.takeChildren(caughtUp: true),
                growing: failure == nil ? nil : scanner.takeGrowingChild(), bytes: offset, finished: true, failure: failure)
    }

    /// Adds `children` (and what it found of the child being read, `growing`) to what the scan
    /// found and tells whoever waits.
    private func publish(
        _ children: ChildTable, growing: GrowingChild? = nil, bytes: Int, finished: Bool = false,
        failure: ContainerScanner.Failure? = nil
    ) {
        state.withLock { found in
            found.batches.append(children)
            if let growing, let before = found.growingChild, before.opening == growing.opening,
                growing.firstBlock == before.firstBlock + before.blockStarts.count {
                found.growingChild?.blockStarts += growing.blockStarts
            } else if growing != nil || children.handsOverChildren {
                // (Starts not taken yet stay until the child is handed over whole, or handed again
                // from its first block.)
                found.growingChild = growing
            }
            found.bytesScanned = bytes
            found.isFinished = finished
            found.failure = failure
        }
        changes.signal()
        wakePipe.wake()
    }
}
