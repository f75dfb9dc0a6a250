import Glibc
import Synchronization

/// Input that is not a regular file — standard input, a FIFO, a device — copied to an unnamed
/// temporary file as it arrives, on a background thread, so it can be scanned and its items
/// decoded from the file (`pread`) while the rest still streams in, and is never held in memory.
///
/// What arrives is checked first (``JSONInputCheck``): at the first byte that cannot belong to
/// JSON or JSON Lines the copy stops and ``failure`` says where — `/dev/zero` is refused at its
/// first byte, not read forever. The file has no name (`O_TMPFILE`, or a name removed at once
/// where that is not supported), so no exit path, not even SIGKILL, can leave it behind.
/// Waiting for input blocks on ``changes``; nothing polls.
public final class InputSpool: GrowingInput {
    /// What messages call the input: `-` for standard input, else its path.
    public let name: String
    /// Advanced each time bytes are added and when the input ends.
    public let changes = ChangeSignal()
    /// The temporary file, open for reading and writing.
    let descriptor: Int32
    private let written = Atomic<Int>(0)
    private let done = Atomic<Bool>(false)
    private let idle = Atomic<Bool>(false)
    /// How long an input sends nothing before it counts as paused, by default.
    public static let pauseMilliseconds: Int32 = 250
    /// How long this input sends nothing before it counts as paused; nil: never (it is paused
    /// only once it ended — a test that feeds a pipe at its own pace).
    public let pause: Int32?
    private let stopped = Locked<DocumentError?>(nil)

    /// Starts copying standard input.
    /// - Throws: ``DocumentError`` when no temporary file can be made.
    public convenience init() throws(DocumentError) {
        try self.init(reading: STDIN_FILENO, name: "-", jsonLines: false)
    }

    /// Starts copying the input of `source`, which it then owns (and closes); messages call it
    /// `name`; `jsonLines` when the input is JSON Lines by name; it counts as paused after
    /// `pause` milliseconds with nothing (nil: never).
    /// - Throws: ``DocumentError`` when no temporary file can be made.
    public init(
        reading source: Int32, name: String, jsonLines: Bool, pause: Int32? = InputSpool.pauseMilliseconds
    ) throws(DocumentError) {
        self.name = name
        self.pause = pause
        descriptor = try Self.unnamedFile(name: name)
        let check = JSONInputCheck(jsonLines: jsonLines)
        startThread { [self] in copy(from: source, check: check) }
    }

    /// A spool for `path` when it is `-` or not a regular file (a FIFO, a device); nil for a
    /// regular file, which is read in place.
    /// - Throws: ``DocumentError`` when it cannot be opened or is a directory.
    public static func open(path: String) throws(DocumentError) -> InputSpool? {
        if path == "-" { return try InputSpool() }
        // O_NONBLOCK: opening a FIFO nobody writes to would wait forever. Reads block again.
        let source = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard source >= 0 else {
            throw .unreadable(file: path, reason: String(cString: strerror(errno)).lowercased())
        }
        var status = stat()
        let kind = fstat(source, &status) == 0 ? status.st_mode & S_IFMT : S_IFREG
        guard kind != S_IFREG, kind != S_IFDIR else {
            close(source)
            return nil
        }
        _ = fcntl(source, F_SETFL, fcntl(source, F_GETFL) & ~O_NONBLOCK)
        let jsonLines = path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
        return try InputSpool(reading: source, name: path, jsonLines: jsonLines)
    }

    deinit { close(descriptor) }

    /// Bytes in the file so far.
    public var bytesWritten: Int { written.load(ordering: .acquiring) }

    /// Whether the input ended (or failed, or was refused) and everything is in the file.
    public var isFinished: Bool { done.load(ordering: .acquiring) }

    /// Whether everything the input has sent so far was kept and nothing more came for
    /// ``pause`` milliseconds (the writer pauses): what arrived is all there is to decide from,
    /// for now.
    public var isIdle: Bool { idle.load(ordering: .acquiring) || isFinished }

    /// Why the copy stopped early: the input is not JSON (with its line and column), or it
    /// could not be read or written.
    public var failure: DocumentError? { stopped.withLock { $0 } }

    /// A reader of the file.
    func reader() throws(DocumentError) -> FileReader {
        try FileReader(duplicating: descriptor, name: name)
    }

    // MARK: - Copying

    private func copy(from source: Int32, check start: JSONInputCheck) {
        // The end of the input is not checked: a document cut short is the loaders' to report.
        var check = start
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer {
            buffer.deallocate()
            if source != STDIN_FILENO { close(source) }
            done.store(true, ordering: .releasing)
            changes.signal()
        }
        while true {
            // Nothing for a while: say so (what waits to decide from what came, decides), then
            // wait. (A writer between two writes is not a pause: `curl` splits a body.)
            var ready = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            if let pause, poll(&ready, 1, pause) == 0 {
                idle.store(true, ordering: .releasing)
                changes.signal()
            }
            let count = read(source, buffer, size)
            idle.store(false, ordering: .releasing)
            if count < 0, errno == EINTR { continue }
            if count < 0 { return stop(.unreadable(file: name, reason: String(cString: strerror(errno)).lowercased())) }
            guard count > 0 else { return }
            let bytes = UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count)
            let fine = check.check(bytes)
            // Up to and including a refused byte, so its line and column can be counted.
            let kept = check.failure.map { $0.offset - bytesWritten + 1 } ?? count
            guard append(buffer, count: kept) else { return }
            if !fine, let failure = check.failure { return refuse(failure) }
        }
    }

    /// Appends `count` bytes to the file; false (and ``failure`` set) when it cannot.
    private func append(_ bytes: UnsafeMutableRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            let wrote = pwrite(descriptor, bytes + done, count - done, off_t(bytesWritten + done))
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else {
                stop(.unreadable(file: name, reason: "cannot keep the input: " + String(cString: strerror(errno)).lowercased()))
                // What was kept stays readable (a write cut short by a full disk kept part of it).
                written.add(done, ordering: .releasing)
                changes.signal()
                return false
            }
            done += wrote
        }
        written.add(count, ordering: .releasing)
        changes.signal()
        return true
    }

    private func refuse(_ failure: JSONInputCheck.Failure) {
        let position = (try? reader())?.lineAndColumn(of: failure.offset) ?? (line: 1, column: 1)
        stop(.malformed(file: name, JSONParseError(line: position.line, column: position.column, message: failure.message)))
    }

    private func stop(_ error: DocumentError) {
        stopped.withLock { $0 = $0 ?? error }
    }

    /// A new file with no name in `$TMPDIR` (else `/tmp`), open for reading and writing.
    private static func unnamedFile(name: String) throws(DocumentError) -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        // O_TMPFILE, which Swift does not import: __O_TMPFILE | O_DIRECTORY (fcntl-linux.h).
        let unnamed = Glibc.open(directory, 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
        if unnamed >= 0 { return unnamed }
        // Where O_TMPFILE is not supported: a named file, its name removed at once.
        var template = Array((directory + "/tstack-input-XXXXXX").utf8CString)
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard named >= 0 else {
            throw .unreadable(
                file: name, reason: "cannot make a temporary file: " + String(cString: strerror(errno)).lowercased())
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(named, F_SETFD, FD_CLOEXEC)
        return named
    }
}
