import Platform
import Synchronization

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

    /// The thread that answers keys on a terminal, once it runs the viewer (0: none): debug
    /// builds refuse to let it wait on a signal, which has no deadline (a key never waits for a
    /// background thread). Set before the loop starts (``answerKeysOnThisThread()``).
    private static let keyThread = Atomic<UInt>(0)

    /// From now on this thread answers keys: a debug build stops it waiting on a signal.
    public static func answerKeysOnThisThread() {
        keyThread.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// Runs `body` on the key thread with waits allowed: opening a file again (`R`), reading a
    /// followed file again from its start, which wait for a scan's first batch as the first
    /// open did.
    public static func allowingWaits<T>(_ body: () throws -> T) rethrows -> T {
        let thread = keyThread.exchange(0, ordering: .relaxed)
        defer { keyThread.store(thread, ordering: .relaxed) }
        return try body()
    }

    /// Blocks until the generation is past `generation`, or `timeout` has passed: a wait with a
    /// deadline, which the key thread may make too.
    /// - Returns: whether the generation moved past it.
    public func wait(after generation: Int, timeout: Duration) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(timeout.components.attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(timeout.components.seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == generation {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { return count != generation }
        }
        return true
    }

    /// Blocks until the generation is past `generation`.
    /// - Returns: the new generation.
    @discardableResult
    public func wait(after generation: Int) -> Int {
        assert(Self.keyThread.load(ordering: .relaxed) != UInt(pthread_self()), "the thread that answers keys waited on a background thread")
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == generation { pthread_cond_wait(condition, mutex) }
        return count
    }
}
