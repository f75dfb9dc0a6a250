import Platform

/// A value guarded by a pthread mutex. (`Synchronization.Mutex` locks with futexes inside the
/// standard library, which ThreadSanitizer cannot see, so `make test-tsan` would report every
/// access to what it guards as a race.)
///
/// Sendable: the value is only reached through `withLock(_:)`.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
