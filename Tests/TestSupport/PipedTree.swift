import Glibc
import DocumentData

/// A tree read from standard input as it arrives, the input written by the test a chunk at a
/// time through a pipe: a scan caught at any moment, deterministically (waits are on the
/// spool's and the scan's signals, never on a clock; the input never counts as paused).
public final class PipedTree {
    private var write: Int32
    private let spool: InputSpool
    /// Bytes sent so far.
    public private(set) var sent = 0
    /// The tree, its scan caught up with what was sent.
    public private(set) var tree: JSONTree!

    /// Sends `first`, opens the tree over the spool and waits until its scan read it; the input
    /// counts as paused after `pause` milliseconds with nothing (nil: never, until it ends).
    public init(first chunk: [UInt8], jsonLines: Bool, pause: Int32? = nil) throws {
        var ends: [Int32] = [-1, -1]
        _ = Glibc.pipe(&ends)
        write = ends[1]
        // Never paused before it ends: the test feeds the pipe at its own pace, however slow (a
        // sanitizer), and what waits for the input must wait.
        spool = try InputSpool(reading: ends[0], name: "-", jsonLines: jsonLines, pause: pause)
        send(chunk)
        tree = try JSONTree(spool: spool, jsonLines: jsonLines)
        catchUp()
    }

    deinit { if write >= 0 { close(write) } }

    /// Writes `bytes` to the pipe (not waiting for the scan: ``catchUp()`` does).
    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
            guard written > 0 else { break }
            offset += written
        }
        sent += bytes.count
    }

    /// Sends `bytes` and waits until the scan read them, taking in with `takeIn` (a viewer's).
    public func feed(_ bytes: [UInt8], takeIn: (() -> Void)? = nil) {
        send(bytes)
        catchUp(takeIn: takeIn)
    }

    /// Ends the input and waits until the scan ended, taking in with `takeIn` (a viewer's).
    public func end(takeIn: (() -> Void)? = nil) {
        if write >= 0 { close(write) }
        write = -1
        waitForSpool { $0.isFinished }
        catchUp(takeIn: takeIn)
    }

    /// Waits (on the spool's signal) until the input counts as paused.
    public func waitUntilPaused() {
        waitForSpool { $0.isIdle }
    }

    /// Waits until the scan has read every byte sent (or ended), taking in what it found with
    /// `takeIn` (a viewer's, which takes in for its outline), else the tree's own.
    public func catchUp(takeIn: (() -> Void)? = nil) {
        let takeIn = takeIn ?? { [tree] in _ = tree!.takeScanned() }
        waitForSpool { $0.bytesWritten >= self.sent || $0.isFinished }
        while tree.isScanning, tree.scannedBytes < spool.bytesWritten || spool.isFinished {
            guard let descriptor = tree.wakeDescriptor else { break }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&watched, 1, 1000)
            takeIn()
        }
        takeIn()
    }

    private func waitForSpool(until condition: (InputSpool) -> Bool) {
        while true {
            let generation = spool.changes.generation
            if condition(spool) { return }
            _ = spool.changes.wait(after: generation)
        }
    }
}
