import Dispatch
import Glibc
import Synchronization

/// Standard input copied to a temporary file as it arrives, on a background thread, so that a
/// document piped in can be scanned and its items decoded from the file (`pread`) while the rest
/// still streams in. The file is removed when the spool goes away.
public final class StdinSpool: Sendable {
    /// The temporary file.
    let path: String
    private let written = Atomic<Int>(0)
    private let done = Atomic<Bool>(false)

    /// Starts copying standard input to a new temporary file.
    /// - Throws: ``DocumentError`` when no temporary file can be made.
    public init() throws(DocumentError) {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/tstack-stdin-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .unreadable(file: "-", reason: "cannot make a temporary file: " + String(cString: strerror(errno)).lowercased())
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            copy(from: 0, to: descriptor)
        }
    }

    deinit { unlink(path) }

    /// Bytes written to the file so far.
    var bytesWritten: Int { written.load(ordering: .acquiring) }

    /// Whether standard input ended (or failed) and everything is in the file.
    public var isFinished: Bool { done.load(ordering: .acquiring) }

    /// Blocks until `condition` holds or standard input ended.
    func wait(until condition: (StdinSpool) -> Bool) {
        while !isFinished, !condition(self) { usleep(500) }
    }

    private func copy(from input: Int32, to output: Int32) {
        defer {
            close(output)
            done.store(true, ordering: .releasing)
        }
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer, size)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var done = 0
            while done < count {
                let wrote = write(output, buffer + done, count - done)
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { return }
                done += wrote
            }
            written.add(count, ordering: .releasing)
        }
    }
}
