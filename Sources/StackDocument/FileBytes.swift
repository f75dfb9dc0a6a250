import Glibc


/// Reads whole files with plain POSIX calls, so every failure has a precise reason.
enum FileBytes {
    /// The bytes of the file at `path` (`-` reads standard input).
    static func read(path: String) throws(DocumentError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO nobody writes to would otherwise wait forever; it then
        // reads as empty. Reads themselves block again (below).
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { if descriptor != 0 { close(descriptor) } }
        if descriptor != 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw DocumentError.unreadable(file: path, reason: "is a directory, expected a JSON file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    private static func unreadable(_ path: String) -> DocumentError {
        .unreadable(file: path, reason: String(cString: strerror(errno)).lowercased())
    }
}
