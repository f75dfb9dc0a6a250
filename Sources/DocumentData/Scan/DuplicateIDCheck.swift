import Synchronization

/// The search for id hashes that more than one item has, once every item is in, on threads of
/// its own below the keys' priority: each makes every other pass of ``IDHashCollisions`` over
/// the items' table of hashes (shared, not copied: the table no longer changes). The keys never
/// wait for it, where it was a step at a time on the browser's thread (16 ms of steps at a
/// million items; the two threads take 13–17 ms of wall time beside the browser, little less
/// than one: each pass reads the whole table). A table of at most 2^16 hashes (one share) is
/// checked at once, on the calling thread.
///
/// Sendable: the hashes are an immutable copy-on-write value; what the threads find is guarded
/// by a lock.
final class DuplicateIDCheck: Sendable {
    /// How many threads share the passes.
    static let threads = 2

    private struct Found {
        /// The collisions each thread found, as the threads finished.
        var parts: [[UInt32]] = []
        /// All of them, once every thread finished.
        var colliding: [UInt32]?
    }

    private let found = Locked(Found())
    private let cancelled = Atomic<Bool>(false)

    /// Starts checking `hashes` (0 is no id). `done` is called once when ``colliding`` is known:
    /// on one of the check's threads, or before this returns for a table of one share. Not called
    /// once cancelled.
    init(hashes: [UInt32], done: @escaping @Sendable () -> Void) {
        guard IDHashCollisions.shareBits(for: hashes.count) > 0 else {
            var check = IDHashCollisions()
            hashes.withUnsafeBufferPointer { hashes in
                while !check.isDone { check.step(hashes) }
            }
            let colliding = check.colliding
            found.withLock { $0.colliding = colliding }
            done()
            return
        }
        for thread in 0..<Self.threads {
            // Below the keys, as the scan's reader: a key pressed meanwhile comes first.
            startThread(niceness: ScanChannel.readerNiceness) { [self] in
                var check = IDHashCollisions(firstPass: thread, passStride: Self.threads)
                hashes.withUnsafeBufferPointer { hashes in
                    while !check.isDone, !cancelled.load(ordering: .relaxed) { check.step(hashes) }
                }
                guard !cancelled.load(ordering: .relaxed) else { return }
                let colliding = check.colliding
                let finished = found.withLock { found in
                    found.parts.append(colliding)
                    guard found.parts.count == Self.threads else { return false }
                    found.colliding = found.parts.joined().sorted()
                    return true
                }
                if finished { done() }
            }
        }
    }

    /// The hashes more than one item has, in increasing order; nil while the check runs.
    var colliding: [UInt32]? { found.withLock(\.colliding) }

    /// Stops the threads at their next step (their document is gone).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }
}
