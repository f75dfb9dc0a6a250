import Platform

/// Reads whole files with plain POSIX calls, so every failure has a precise reason. What is
/// read is checked as it arrives (``JSONInputCheck``): reading stops at the first byte that
/// cannot belong to JSON, so a big file of garbage is refused without being read whole.
enum FileBytes {
    /// The bytes of the file at `path` (`-` reads standard input); `jsonLines` when it is JSON
    /// Lines by name.
    /// - Throws: ``DocumentError``: unreadable, a directory, or not JSON (with line:column).
    static func read(path: String, jsonLines: Bool = false) throws(DocumentError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO nobody writes to would otherwise wait forever; it then
        // reads as empty. Reads themselves block again (below).
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { if descriptor != 0 { close(descriptor) } }
        if descriptor != 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw DocumentError.unreadable(file: path, reason: "is a directory, expected a JSON file")
        }
        var bytes: [UInt8] = []
        if (status.st_mode & S_IFMT) == S_IFREG {
            try MemoryCheck.reserve(Int(status.st_size), for: path)
            bytes.reserveCapacity(Int(status.st_size))
        }
        var check = JSONInputCheck(jsonLines: jsonLines)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            let fine = chunk.withUnsafeBufferPointer { check.check(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            bytes.append(contentsOf: chunk[0..<count])
            if !fine { break }
        }
        if let failure = check.failure { throw malformed(path, bytes, failure) }
        return bytes
    }

    /// The error for a check's failure, its line and column counted in `bytes`.
    static func malformed(_ path: String, _ bytes: [UInt8], _ failure: JSONInputCheck.Failure) -> DocumentError {
        var line = 1
        var column = 1
        for byte in bytes.prefix(failure.offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .malformed(file: path, JSONParseError(line: line, column: column, message: failure.message))
    }

    private static func unreadable(_ path: String) -> DocumentError {
        .unreadable(file: path, reason: String(cString: strerror(errno)).lowercased())
    }
}
