import Platform
import Synchronization

/// A pipe a background thread writes a byte to when it has news, so a run loop that sleeps in
/// `poll(2)` on the keys wakes for it too: at most one byte waits at a time (writing is armed
/// once until the reader drains it). Both ends are non-blocking and closed on exec.
final class WakePipe: Sendable {
    /// The end to poll: readable while news waits.
    let descriptor: Int32
    private let writer: Int32
    private let armed = Atomic<Bool>(false)

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        descriptor = ends[0]
        writer = ends[1]
    }

    deinit {
        close(descriptor)
        close(writer)
    }

    /// Makes `descriptor` readable, unless it already is.
    func wake() {
        guard !armed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
    }

    /// Empties the pipe: the news is being taken (the caller reads the news after this). The
    /// pipe is read before it is disarmed: a wake between the two finds it armed and writes
    /// nothing, and its news is read after; disarmed first, a wake between wrote a byte the read
    /// took away, and the pipe stayed armed and empty, every later wake lost until the next drain.
    func drain() {
        guard armed.load(ordering: .acquiring) else { return }
        var drained: UInt8 = 0
        while read(descriptor, &drained, 1) > 0 {}
        armed.store(false, ordering: .releasing)
    }
}
