import Platform

/// Standard output for text: lines gathered in a buffer and written with `write(2)`, every
/// result checked. A write that fails (a full disk, a closed descriptor) is a one-line error
/// and exit status 74 (EX_IOERR), never a silent success.
final class StandardOutput {
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 16

    init() { buffer.reserveCapacity(Self.flushSize * 2) }

    /// Appends `text` and a line feed; writes once a buffer's worth has gathered.
    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.flushSize { flush() }
    }

    /// Writes everything gathered, or exits with the reason it could not.
    func flush() {
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)).lowercased() : "nothing was written"
                Diagnostics.fail("cannot write the output: \(reason)", status: Diagnostics.ioError)
            }
            done += count
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
