import CJSONIndex
import Platform
import Synchronization

/// The scan of a file on background threads, and what it found so far for the main thread
/// to take. The scanning threads only read the file and append here; everything built from
/// the results is built by the thread that takes them. (A regular file's start is scanned by
/// the thread that opens it, and the threads start when more is wanted: ``startThreads()``.)
///
/// Nothing polls: the scan waits for a growing input on the spool's ``InputSpool/changes``;
/// a thread waiting for results blocks on `changes`; a run loop that waits for keys too
/// watches `wakeDescriptor` with `poll(2)`.
final class ScanChannel: Sendable {
    /// What the scan found since it was last taken.
    struct Found: Sendable {
        var events: [StackScanner.Event] = []
        /// The items, in the batches they were published in (a chunk of the file each).
        var items: [[StackScanner.ItemRecord]] = []
        /// How many items `items` holds.
        var itemCount = 0
        /// Bytes scanned so far.
        var bytesScanned = 0
        /// Whether the scan ended (the file ended, it failed, or it was cancelled).
        var isFinished = false
        var failure: StackScanner.Failure?
    }

    /// Advanced each time the scan publishes what it found (and when it ends).
    let changes = ChangeSignal()
    /// Advanced each time what the scan found is taken (and when it is cancelled).
    private let taken = ChangeSignal()
    /// Items found and not taken beyond which the scan waits for the taker: running further
    /// ahead would cost memory (24 bytes an item), not save time.
    static let untakenLimit = 1 << 16
    /// Bytes walked beyond which what the walk found is published even while the next chunk
    /// is ready.
    static let publishedBytes = 4 << 20
    /// How much nicer than the keys the thread reading and indexing the file runs.
    static let readerNiceness: Int32 = 5
    /// Readable (`poll(2)`) when the scan published something not taken yet.
    var wakeDescriptor: Int32 { wakePipe.descriptor }
    private let wakePipe = WakePipe()
    private let state = Locked(Found())
    private let cancelled = Atomic<Bool>(false)
    /// Whether the reader holds before its next chunk until the next ``take()``.
    private let held = Atomic<Bool>(false)
    /// Whether the taker has its first screen (``holdUntilTaken()`` was called): until then the
    /// walker publishes every chunk, for `LazyDocument.open`'s decisions.
    private let hasFirstScreen = Atomic<Bool>(false)
    private let readerWaitsWhileHeld = Atomic<Bool>(false)
    private let waitingForInput = Atomic<Bool>(false)
    private let spool: (any GrowingInput)?

    /// Starts scanning the file `reader` reads, in chunks: a small first one so the first screen
    /// comes quickly, then bigger ones. With `spool`, the file is still being written: its end
    /// is the end only once the input ended.
    ///
    /// A regular file's first chunk, or all of a file of at most ``scannedInPlace`` bytes, is
    /// scanned here, on the calling thread, and the scan's threads start from where it ended
    /// only when more is wanted (``startThreads()``): the first screen waits for no thread to
    /// start and hand it a chunk (a 445 KB document's 0.9 ms to be scanned on two threads
    /// became 0.3 ms on one), and a big file's threads start after its first frame.
    init(reader: FileReader, scanner: StackScanner, spool: (any GrowingInput)? = nil) {
        self.spool = spool
        guard spool == nil else {
            startThread { [self] in run(reader, scanner, spool, from: ScanStart()) }
            return
        }
        var scanner = scanner
        var start = ScanStart()
        if scanInPlace(reader, &scanner, from: &start) { unstarted.withLock { $0 = (reader, scanner, start) } }
    }

    /// The scan's threads before they start: what they read, and where and how the scan in
    /// place left off.
    private let unstarted = Locked<(reader: FileReader, scanner: StackScanner, start: ScanStart)?>(nil)

    /// Starts the scan's threads where the scan in place left off, unless they were started (or
    /// the scan ended in place). Whoever waits for more than was found calls it first; the first
    /// ``take()`` after the first screen does too (``holdUntilTaken()`` makes a run loop take).
    func startThreads() {
        guard let unstarted = unstarted.withLock({ unstarted in defer { unstarted = nil }; return unstarted }) else { return }
        // (Only a regular file, never a spool, is scanned in place.)
        startThread { [self] in run(unstarted.reader, unstarted.scanner, nil, from: unstarted.start) }
    }

    /// The most bytes a file may hold to be scanned whole on the thread that opens it (the two
    /// threads start no sooner than about 0.6 ms after it began; one scans a MiB in about 0.5).
    static let scannedInPlace = 1 << 20

    /// Where the scan's threads start: the offset, and the first stage's state there.
    private struct ScanStart: Sendable {
        var offset = 0
        var index = tstack_index_state(in_string: 0, escaped: 0)
    }

    /// Holds the reader before its next chunk until the next ``take()`` (or ``cancel()``): called
    /// once the first screen's items are in, so that the first frame is composed while the scan
    /// does not take both cores (the walker ends the chunks read already). A taker that never
    /// takes again holds nothing up: the scan would wait for it anyway (``untakenLimit``).
    /// When the scan's threads wait to be started, a run loop watching ``wakeDescriptor`` is woken
    /// to take (which starts them): nothing else would write to it.
    func holdUntilTaken() {
        hasFirstScreen.store(true, ordering: .releasing)
        held.store(true, ordering: .releasing)
        if threadsWaitToStart { wake() }
    }

    /// Takes what was found since the last call (and, after the first screen, starts the scan's
    /// threads if they wait to be started).
    func take() -> Found {
        held.store(false, ordering: .releasing)
        if hasFirstScreen.load(ordering: .acquiring) { startThreads() }
        wakePipe.drain()
        let found = state.withLock { found in
            let taken = found
            found.events = []
            found.items = []
            found.itemCount = 0
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

    /// The walk of the chunks another thread reads and indexes (``read(_:into:from:)``), publishing
    /// what each held; with nothing to walk, it reads chunks ahead of that thread.
    private func run(_ reader: FileReader, _ scanned: StackScanner, _ spool: (any GrowingInput)?, from start: ScanStart) {
        var scanner = scanned
        let chunks = IndexedChunks()
        // Below the keys' priority: with the walker and the viewer there are three threads on
        // two cores while a big file is read, and a key must not wait for this one. (Only the
        // walker and this thread share a lock, so a key never waits for it descheduled.)
        startThread(niceness: Self.readerNiceness) { [self] in read(reader, into: chunks, from: start) }
        var bytes = start.offset
        var published = start.offset
        var failure: StackScanner.Failure?
        // (Not while the reader is held for the first frame.)
        while !isCancelled, let work = chunks.nextWork(mayReadAhead: { !held.load(ordering: .acquiring) }) {
            let chunk: IndexedChunks.Chunk
            switch work {
            case .readAhead(let ahead, let offset):
                ahead.readAhead(from: reader, at: offset)
                chunks.readAheadDone(ahead)
                continue
            case .walk(let next):
                chunk = next
            }
            do {
                try scanner.scan(chunk)
            } catch {
                failure = error
                break
            }
            bytes = chunk.offset + chunk.count
            // Published when the walk would wait for the reader, or a few chunks' worth
            // gathered; and every chunk until the taker has its first screen (whether the file
            // is a stack document at all is decided from the first MiB). A taker woken for each
            // chunk cost a big file's load a context switch a chunk, a third of them. (Published
            // before the chunk is given back: the reader says the scan caught up with the input
            // only when every chunk came back, and the last one given back had nothing ready
            // after it, so it was published.)
            if !hasFirstScreen.load(ordering: .acquiring) || bytes - published >= Self.publishedBytes
                || !chunks.hasReadyChunk {
                publish(&scanner, bytes: bytes, finished: false, failure: nil)
                published = bytes
            }
            chunks.recycle(chunk)
        }
        if failure == nil, !isCancelled, chunks.inputEnded {
            do { try scanner.finish() } catch { failure = error }
        }
        chunks.stop()
        publish(&scanner, bytes: bytes, finished: true, failure: failure)
    }

    /// Reads the file and indexes it a chunk at a time, into `chunks`: a small first one so the
    /// first screen comes quickly, then bigger ones (a regular file's read ahead by the walker
    /// when it has nothing to walk: ``IndexedChunks``). At the end of what arrived of a growing
    /// input it waits, once every chunk was walked, for more.
    private func read(_ reader: FileReader, into chunks: IndexedChunks, from start: ScanStart) {
        var indexState = start.index
        var offset = start.offset
        var size = offset == 0 ? Self.firstChunkSize : IndexedChunks.chunkSize
        // A regular file's whole chunks are read ahead by the walker when it has nothing to
        // walk, until a read is short (the end, or a file that shrank).
        var readsAhead = false
        if spool == nil, let end = reader.regularFileSize {
            readsAhead = true
            chunks.allowReadingAhead(from: offset, upTo: end)
        }
        while !isCancelled, waitWhileHeld(waking: chunks), let chunk = chunks.chunkToFill(at: offset, size: size) {
            // Asked before reading: if the spool was finished then, this read sees all of it.
            let generation = spool?.changes.generation ?? 0
            let ended = spool?.isFinished ?? true
            let filled = chunk.fill(from: reader, at: offset, size: size, carrying: &indexState)
            if readsAhead, chunk.count < size {
                readsAhead = false
                chunks.stopReadingAhead()
            }
            guard filled else {
                chunks.recycle(chunk)
                guard !ended, chunks.waitUntilWalked() else { break }
                waitForInput(spool, after: generation)
                continue
            }
            // (Read before the hand-over: the chunk is then the walker's, which may read ahead
            // into it once walked.)
            offset += chunk.count
            chunks.handOver(chunk)
            size = IndexedChunks.chunkSize
        }
        // Cancelled or not, the walker is told no more chunks come (a cancelled walk stops on its own).
        chunks.endInput()
    }

    /// Blocks while ``holdUntilTaken()`` holds the reader, then wakes the walking side of `chunks`
    /// (which does not read ahead while the reader is held). - Returns: true.
    private func waitWhileHeld(waking chunks: IndexedChunks) -> Bool {
        var waited = false
        defer { if waited { chunks.wake() } }
        while true {
            // (Read before asking: a take or a cancel between the ask and the wait is not missed.)
            let generation = taken.generation
            guard !isCancelled, held.load(ordering: .acquiring) else { break }
            readerWaitsWhileHeld.store(true, ordering: .releasing)
            waited = true
            taken.wait(after: generation)
            readerWaitsWhileHeld.store(false, ordering: .releasing)
        }
        return true
    }

    /// Whether the reader waits, held by ``holdUntilTaken()`` (for tests).
    var readerIsHeld: Bool { readerWaitsWhileHeld.load(ordering: .acquiring) }

    /// Whether the scan's threads wait to be started (``startThreads()``).
    var threadsWaitToStart: Bool { unstarted.withLock { $0 != nil } }

    /// Blocks until the spool grows or ends (or the scan is cancelled), saying meanwhile that
    /// the scan caught up with the input.
    private func waitForInput(_ spool: (any GrowingInput)?, after generation: Int) {
        guard let spool, !isCancelled else { return }
        waitingForInput.store(true, ordering: .releasing)
        wake()
        spool.changes.wait(after: generation)
        waitingForInput.store(false, ordering: .releasing)
    }

    /// Reads, indexes and walks a regular file's first chunk here, or all of it when it holds at
    /// most ``scannedInPlace`` bytes, publishing what each chunk held (without waiting for the
    /// taker: that is this thread).
    /// - Returns: whether the scan goes on from `start` (false: it ended here, at the file's end
    ///   or at a fault, and published that).
    private func scanInPlace(_ reader: FileReader, _ scanner: inout StackScanner, from start: inout ScanStart) -> Bool {
        // (A file growing meanwhile is read here up to that size: the threads go on from there.)
        let whole = (reader.regularFileSize ?? .max) <= Self.scannedInPlace
        let chunk = IndexedChunks.Chunk(capacity: whole ? IndexedChunks.chunkSize : Self.firstChunkSize)
        var size = Self.firstChunkSize
        repeat {
            guard chunk.fill(from: reader, at: start.offset, size: size, carrying: &start.index) else {
                var failure: StackScanner.Failure?
                do { try scanner.finish() } catch { failure = error }
                publish(&scanner, bytes: start.offset, finished: true, failure: failure, waiting: false)
                return false
            }
            do {
                try scanner.scan(chunk)
            } catch {
                publish(&scanner, bytes: start.offset, finished: true, failure: error, waiting: false)
                return false
            }
            start.offset += chunk.count
            publish(&scanner, bytes: start.offset, finished: false, failure: nil, waiting: false)
            size = IndexedChunks.chunkSize
        } while whole && start.offset < Self.scannedInPlace
        return true
    }

    /// The size of a file's first chunk: small, so that the first screen comes quickly.
    private static let firstChunkSize = 1 << 16

    /// Hands what `scanner` found to the taker; with `waiting`, then waits while the taker has
    /// more than ``untakenLimit`` items to take.
    private func publish(
        _ scanner: inout StackScanner, bytes: Int, finished: Bool, failure: StackScanner.Failure?, waiting: Bool = true
    ) {
        let events = scanner.events
        // A batch of exactly its items' size: the scanner's array keeps its room for the next.
        var items: [StackScanner.ItemRecord] = []
        items.reserveCapacity(scanner.items.count)
        items += scanner.items
        scanner.events.removeAll(keepingCapacity: true)
        scanner.items.removeAll(keepingCapacity: true)
        state.withLock { found in
            found.events += events
            if !items.isEmpty {
                found.items.append(items)
                found.itemCount += items.count
            }
            found.bytesScanned = bytes
            found.isFinished = finished
            found.failure = failure
        }
        wake()
        while waiting {
            // (Read before asking: a take or a cancel between the ask and the wait is not missed.)
            let generation = taken.generation
            guard !isCancelled, state.withLock({ $0.itemCount }) >= Self.untakenLimit else { break }
            taken.wait(after: generation)
        }
    }

    /// Tells the taker there is news from beside the scan (the check of the ids ended): as a
    /// publish does, to whoever waits on ``changes`` or polls ``wakeDescriptor``.
    func wakeTaker() { wake() }

    /// Tells waiting threads, and a run loop polling `wakeDescriptor`, that there is news.
    private func wake() {
        changes.signal()
        wakePipe.wake()
    }
}
