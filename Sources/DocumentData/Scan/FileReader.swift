import Platform

/// Reads byte ranges of an open file with `pread`, and turns offsets into line and column.
///
/// Sendable (checked by hand): its state never changes after `init`, and `pread` does not use or
/// move the descriptor's offset, so threads may read at once.
final class FileReader: @unchecked Sendable {
    let path: String
    /// What messages call the file (`-` for standard input copied to a temporary file).
    let name: String
    private let descriptor: Int32

    /// Opens `path` for reading; messages call it `name`.
    init(path: String, name: String? = nil) throws(DocumentError) {
        self.path = path
        self.name = name ?? path
        // O_NONBLOCK: opening a FIFO nobody writes to would wait forever (it is then not a
        // regular file, and the whole loader says what it is).
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .unreadable(file: self.name, reason: String(cString: strerror(errno)).lowercased())
        }
    }

    /// Reads the file open as `descriptor` (a copy of it: the caller keeps its own); messages
    /// call it `name`.
    init(duplicating descriptor: Int32, name: String) throws(DocumentError) {
        path = name
        self.name = name
        self.descriptor = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard self.descriptor >= 0 else {
            throw .unreadable(file: name, reason: String(cString: strerror(errno)).lowercased())
        }
    }

    deinit { close(descriptor) }

    /// The file's size in bytes, or nil when it is not a regular file.
    var regularFileSize: Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// `length` bytes from `offset`, or nil when the file no longer has them (it shrank).
    func bytes(at offset: Int, length: Int) -> [UInt8]? {
        var result = [UInt8](repeating: 0, count: length)
        let read = result.withUnsafeMutableBytes { fill($0, at: offset) }
        return read ? result : nil
    }

    /// Fills `buffer` with the bytes from `offset`: false when the file no longer has them all.
    func fill(_ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offset + done)
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    /// Reads up to `buffer.count` bytes from `offset` into `buffer`; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count < 0, errno == EINTR { continue }
            return max(0, count)
        }
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    /// - Complexity: O(offset): the file is read up to there.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var position = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while position < offset {
            let count = chunk.withUnsafeMutableBytes { read(into: $0, at: position) }
            guard count > 0 else { break }
            for byte in chunk[0..<min(count, offset - position)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            position += count
        }
        return (line, column)
    }
}
