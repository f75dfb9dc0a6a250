import Dispatch
import Platform

/// Runs `body` on a thread of its own, not one of Dispatch's pool: the pool of a two-core machine
/// has two threads, and a thread that blocks there (waiting for the walker, or for input) would
/// hold back the next piece of work given to it. Every long-lived thread of a load starts here,
/// so a browse never sets the pool up (its manager thread, epoll set and timer came before the
/// first frame), and none runs above the keys' priority (the pool's threads ran at nice -2).
/// - Parameter niceness: how much nicer than the keys the thread runs: 0 for work a key may be
///   waiting for, more for work that only has to be done soon (reading a big file ahead, checking
///   its ids), so that a key never waits for it on two cores.
func startThread(niceness: Int32 = 0, _ body: @escaping @Sendable () -> Void) {
    final class Box {
        let body: @Sendable () -> Void
        let niceness: Int32
        init(_ body: @escaping @Sendable () -> Void, niceness: Int32) {
            self.body = body
            self.niceness = niceness
        }
    }
    let box = Unmanaged.passRetained(Box(body, niceness: niceness)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { box in
        blockAsynchronousSignals()
        let box = Unmanaged<Box>.fromOpaque(box!).takeRetainedValue()
        // (Linux: `who` 0 is the calling thread alone.)
        if box.niceness != 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, box.niceness) }
        box.body()
        return nil
    }, box)
    if result == 0 {
        pthread_detach(thread)
    } else {
        // No thread to be had: run it on the pool as before.
        let body = Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body
        DispatchQueue.global(qos: .userInitiated).async(execute: body)
    }
}

/// How long the thread that answers keys waits for the part of a pass it gave another thread
/// (`PairedWalk`, `CandidateWindows`): about what its own part took. Past it, the step ends and
/// the next one asks again.
let otherThreadDeadline: Duration = .milliseconds(50)

/// Blocks, on the calling thread, every signal but those a thread raises itself (a fault, a
/// broken pipe), as Dispatch's threads do: a resize, an interrupt or a stop goes to the main
/// thread, whose handlers expect it, and never cuts a background thread's wait short (its
/// handlers are installed without `SA_RESTART`).
private func blockAsynchronousSignals() {
    var signals = sigset_t()
    sigfillset(&signals)
    for raisedByTheThread in [SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSEGV, SIGPIPE, SIGSYS] {
        sigdelset(&signals, raisedByTheThread)
    }
    pthread_sigmask(SIG_BLOCK, &signals, nil)
}
