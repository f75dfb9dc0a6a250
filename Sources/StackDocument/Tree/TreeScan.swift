import Dispatch
import Glibc
import Synchronization

/// The scan of a big JSON file's root on a background thread: it finds the root's children
/// (``ContainerScanner``) a chunk at a time and hands them over, so the tree shows its first
/// rows at once and grows while the rest is read. The thread only reads the file and appends
/// here; the tree takes what was found on the thread that owns it (``JSONTree/takeScanned()``).
///
/// Nothing polls: a thread waiting for results blocks on ``changes``, a run loop that waits for
/// keys too watches ``wakeDescriptor`` with `poll(2)`.
final class TreeScan: Sendable {
    /// What the scan found since it was last taken.
    struct Found: Sendable {
        var isObject = false
        /// The root's opening bracket (-1 before it is found).
        var start = -1
        var keyStarts: [Int] = []
        var valueStarts: [Int] = []
        var counts: [Int32] = []
        var lineSteps: [ChildTable.LineStep] = []
        /// Where the last child handed over ends so far; the closing bracket once finished.
        var end = -1
        var bytesScanned = 0
        var isFinished = false
        var failure: ContainerScanner.Failure?
    }

    /// Advanced each time the scan publishes what it found (and when it ends).
    let changes = ChangeSignal()
    /// Readable (`poll(2)`) when the scan published something not taken yet.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let wakeArmed = Atomic<Bool>(false)
    private let state = Locked(Found())
    private let cancelled = Atomic<Bool>(false)

    /// Starts scanning the file `reader` reads: a small first chunk, so the first screen comes
    /// quickly, then bigger ones.
    init(reader: FileReader, jsonLines: Bool) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            run(reader, jsonLines: jsonLines)
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
            found.keyStarts = []
            found.valueStarts = []
            found.counts = []
            found.lineSteps = []
            return taken
        }
    }

    /// Stops the scan at the next chunk.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    private func run(_ reader: FileReader, jsonLines: Bool) {
        var scanner = ContainerScanner(lines: jsonLines)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        var size = 1 << 16
        var failure: ContainerScanner.Failure?
        while !cancelled.load(ordering: .acquiring) {
            let count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: offset)
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
            publish(scanner.takeCompletedChildren(), scanner: scanner, bytes: offset)
        }
        // What is left: the last child, and the end.
        let table = scanner.table
        state.withLock { found in
            found.isObject = table.isObject
            found.start = table.start
            if failure == nil {
                found.keyStarts += table.keyStarts
                found.valueStarts += table.valueStarts
                found.counts += table.counts
                found.lineSteps += table.lineSteps
                found.end = table.end
            }
            found.bytesScanned = offset
            found.isFinished = true
            found.failure = failure
        }
        wake()
    }

    private func publish(
        _ taken: (keyStarts: [Int], valueStarts: [Int], counts: [Int32], lineSteps: [ChildTable.LineStep], fence: Int)?,
        scanner: ContainerScanner,
        bytes: Int
    ) {
        state.withLock { found in
            found.isObject = scanner.table.isObject
            found.start = scanner.table.start
            if let taken {
                found.keyStarts += taken.keyStarts
                found.valueStarts += taken.valueStarts
                found.counts += taken.counts
                found.lineSteps += taken.lineSteps
                found.end = taken.fence
            }
            found.bytesScanned = bytes
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
