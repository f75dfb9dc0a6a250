import Glibc

/// A counter that threads wait on without polling: ``signal()`` advances it and wakes every
/// waiter; ``wait(after:)`` blocks until it has moved past a value read before. A waiter reads
/// ``generation`` *before* looking at the state it waits on, so a change made between its look
/// and its wait is never missed.
///
/// Sendable: its only state is guarded by its own mutex.
public final class ChangeSignal: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count = 0

    /// A signal nobody waits on yet.
    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// The number of changes so far.
    public var generation: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return count
    }

    /// Records a change and wakes every waiter.
    public func signal() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The thread that answers keys on a terminal, once it runs the viewer: debug builds refuse
    /// to let it wait on a signal, which has no deadline (a key never waits for a background
    /// thread). Set once, before the loop starts.
    nonisolated(unsafe) public static var keyThread: pthread_t?

    /// Blocks until the generation is past `generation`.
    /// - Returns: the new generation.
    @discardableResult
    public func wait(after generation: Int) -> Int {
        assert(Self.keyThread.map { pthread_equal($0, pthread_self()) == 0 } ?? true, "the thread that answers keys waited on a background thread")
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == generation { pthread_cond_wait(condition, mutex) }
        return count
    }
}
