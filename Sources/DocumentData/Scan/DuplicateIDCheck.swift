import Synchronization

/// The search for id hashes that more than one item has, once every item is in, on threads of
/// its own below the keys' priority. The keys never wait for it, where it was a step at a time on
/// the browser's thread.
///
/// Equal hashes only name candidates: the check's last thread confirms them by decoding the
/// items (`confirm`), so the browser's thread only reads the verdict (it decoded them itself: 2 ms
/// at a million items, about twelve thousand pairs at ten million, in one step no key could
/// interrupt).
///
/// Given the items' ``IDHashFilter``, one thread picks the candidates out of the table (the
/// hashes whose key was met twice while the items were taken in: about an eighth of them at a
/// million items) and finds the repeats among them: about 6 ms of one thread at a million (from
/// samples), the confirmation 3 ms more. Without one (a document that outgrew its filter), each
/// of two threads makes every other pass of ``IDHashCollisions`` over the whole table (shared,
/// not copied: the table no longer changes): 13–17 ms of both at a million. A table of at most
/// 2^16 hashes (one share) is checked at once, on the calling thread.
///
/// Sendable: the hashes are an immutable copy-on-write value; what the threads find is guarded
/// by a lock.
final class DuplicateIDCheck: Sendable {
    /// How many threads share the passes over a whole table.
    static let threads = 2

    private struct Found {
        /// The collisions each thread found, as the threads finished.
        var parts: [[UInt32]] = []
        /// All of them, once every thread finished.
        var colliding: [UInt32]?
        /// The verdict, once the collisions were confirmed: the first duplicate, or none.
        var verdict: DuplicateID??
    }

    private let found = Locked(Found())
    private let cancelled = Atomic<Bool>(false)

    /// Starts checking `hashes` (0 is no id), narrowed by `filter` when given (it must have been
    /// given every hash of `hashes`, and not be full); the hashes more than one item has are
    /// handed to `confirm`, which says which items really share an id (decoding them, and giving
    /// up when the closure it is given says the check was cancelled), on the check's thread.
    /// `done` is called once when ``duplicateID`` is known: on one of the check's threads, or
    /// before this returns for a table of one share; not after a cancel that came before the
    /// verdict.
    init(
        hashes: [UInt32], filter: consuming IDHashFilter? = nil,
        confirm: @escaping @Sendable (_ colliding: [UInt32], _ isCancelled: () -> Bool) -> DuplicateID?,
        done: @escaping @Sendable () -> Void
    ) {
        guard IDHashCollisions.shareBits(for: hashes.count) > 0 else {
            if check(hashes, pass: 0, of: 1) { settle(confirm, done) }
            return
        }
        if filter != nil {
            // Handed over whole through a box: the thread holds the only copy, and marks the
            // suspects' keys in the filter's own bits.
            let handed = Locked(filter.take())
            // Below the keys, as the scan's reader: a key pressed meanwhile comes first.
            startThread(niceness: ScanChannel.readerNiceness) { [self] in
                var filter = handed.withLock { $0.take() }!
                let candidates = hashes.withUnsafeBufferPointer { filter.takeCandidates(among: $0) }
                if check(candidates, pass: 0, of: 1) { settle(confirm, done) }
            }
            return
        }
        for thread in 0..<Self.threads {
            startThread(niceness: ScanChannel.readerNiceness) { [self] in
                if check(hashes, pass: thread, of: Self.threads) { settle(confirm, done) }
            }
        }
    }

    /// Makes pass `pass`, `pass + threadCount`, … of the check of `hashes`, and adds what it found.
    /// - Returns: whether this was the last of the `threadCount` to finish (not when cancelled).
    private func check(_ hashes: [UInt32], pass: Int, of threadCount: Int) -> Bool {
        var check = IDHashCollisions(firstPass: pass, passStride: threadCount)
        hashes.withUnsafeBufferPointer { hashes in
            while !check.isDone, !cancelled.load(ordering: .relaxed) { check.step(hashes) }
        }
        guard !cancelled.load(ordering: .relaxed) else { return false }
        let colliding = check.colliding
        return found.withLock { found in
            found.parts.append(colliding)
            guard found.parts.count == threadCount else { return false }
            found.colliding = found.parts.joined().sorted()
            return true
        }
    }

    /// Confirms the collisions found (on the calling thread: the check's last), then says the
    /// check is done.
    private func settle(_ confirm: ([UInt32], () -> Bool) -> DuplicateID?, _ done: () -> Void) {
        let colliding = found.withLock { $0.colliding ?? [] }
        let verdict = colliding.isEmpty ? nil : confirm(colliding) { cancelled.load(ordering: .relaxed) }
        guard !cancelled.load(ordering: .relaxed) else { return }
        found.withLock { $0.verdict = .some(verdict) }
        done()
    }

    /// The hashes more than one item has, in increasing order; nil while the check runs.
    var colliding: [UInt32]? { found.withLock(\.colliding) }

    /// Whether the check ended, its collisions confirmed.
    var isDone: Bool { found.withLock { $0.verdict != nil } }

    /// The first item whose id an earlier item has, once the check ended; nil before, or when
    /// every id is unique.
    var duplicateID: DuplicateID? { found.withLock { $0.verdict ?? nil } }

    /// Stops the threads at their next step (their document is gone).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }
}
