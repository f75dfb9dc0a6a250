import Platform

/// The file `:write` writes: a temporary file beside the target, made with `mkstemp`, renamed
/// over it once it is whole. A write that stops (Esc), fails, or is dropped removes it, so
/// nothing half-written remains; without `overwrites` an existing target is never replaced
/// (the rename is a `link`, which fails on a file made meanwhile).
final class PendingFile {
    /// Where it goes once whole.
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private let overwrites: Bool
    private var buffer: [UInt8] = []
    private var isDone = false
    /// The first write error, said at the end.
    private var failure: String?

    /// Bytes buffered before a `write`.
    private static let bufferSize = 1 << 20

    /// A pending write of `path`.
    /// - Throws: ``PendingFileError`` when `path` exists and `overwrites` is false, or the
    ///   temporary file cannot be made (a missing directory, no permission).
    init(path: String, overwrites: Bool) throws(PendingFileError) {
        self.overwrites = overwrites
        var status = stat()
        let exists = lstat(path, &status) == 0
        if !overwrites, exists { throw PendingFileError("\(path) exists (:w! \(path) replaces it)") }
        // `:w!` over a link replaces the file it names, not the link.
        var target = path
        if exists, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        self.path = target
        let path = target
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + name + ".tstack-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw PendingFileError("\(path): \(String(cString: strerror(errno)))") }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The mode a new file gets (mkstemp's is 0600), or the one of the file replaced.
        let mask = umask(0)
        umask(mask)
        var replaced = stat()
        fchmod(descriptor, stat(path, &replaced) == 0 ? replaced.st_mode & 0o7777 : 0o666 & ~mask)
    }

    deinit {
        if !isDone { discard() }
    }

    /// Appends `line` and a line feed.
    func append(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Puts the file in place: written out, synced, renamed (or linked) to ``path``.
    /// - Returns: why it could not be, the temporary file removed; nil once it is in place.
    func commit() -> String? {
        flush()
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            discard()
            return "\(path): \(failure)"
        }
        close(descriptor)
        let placed = overwrites ? rename(temporaryPath, path) : link(temporaryPath, path)
        let code = placed == 0 ? 0 : errno
        if !overwrites || code != 0 { unlink(temporaryPath) }
        isDone = true
        if code == EEXIST, !overwrites { return "\(path) exists (:w! \(path) replaces it)" }
        return code == 0 ? nil : "\(path): \(String(cString: strerror(code)))"
    }

    /// Removes the temporary file: the write stopped or failed.
    func discard() {
        guard !isDone else { return }
        close(descriptor)
        unlink(temporaryPath)
        isDone = true
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        let written = buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    if count == 0 { errno = EIO }
                    return false
                }
                offset += count
            }
            return true
        }
        if !written { failure = String(cString: strerror(errno)) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Why `:write` could not begin.
struct PendingFileError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
