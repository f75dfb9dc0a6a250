import Synchronization

/// The search for id hashes that more than one item has, once every item is in, on threads of
/// its own: each makes every other pass of ``IDHashCollisions`` over the items' table of hashes
/// (shared, not copied: the table no longer changes). The keys never wait for it, and the two
/// cores share what was the load's last step on the main thread (16 ms at a million items,
/// while the scan's threads sat idle).
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

    /// Starts checking `hashes` (0 is no id). `done` is called once, on one of the check's
    /// threads, when ``colliding`` is known.
    init(hashes: [UInt32], done: @escaping @Sendable () -> Void) {
        for thread in 0..<Self.threads {
            startThread { [self] in
                var check = IDHashCollisions(firstPass: thread, passStride: Self.threads)
                hashes.withUnsafeBufferPointer { hashes in
                    while !check.isDone, !cancelled.load(ordering: .relaxed) { check.step(hashes) }
                }
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
