import Platform
import Synchronization

/// A regular file followed as it grows (`browse --follow`, as `less +F`): read in place, its new
/// bytes announced as they are written. inotify wakes the watching thread when the file changes
/// — nothing polls, and nothing runs while nothing is written.
///
/// When the file is truncated (`> log`) or replaced (log rotation: renamed, a new one created
/// under its name) the input ends and ``restartReason`` says why: the reader of the file must
/// start again from the beginning of the file now at ``path``.
public final class GrowingFile: GrowingInput {
    /// The path followed.
    public let path: String
    /// The file's path, as given.
    public var name: String { path }
    /// Signalled when the file grew, was truncated or replaced, or its following ended.
    public let changes = ChangeSignal()
    /// The file as it was opened.
    private let descriptor: Int32
    private let notifications: Int32
    private let stopReader: Int32
    private let stopWriter: Int32
    private let size = Atomic<Int>(0)
    private let ended = Atomic<Bool>(false)
    private let reason = Locked<String?>(nil)

    /// Opens `path` and starts watching it.
    /// - Throws: ``DocumentError`` when it cannot be opened, is not a regular file, or cannot be
    ///   watched.
    public init(path: String) throws(DocumentError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(file: path, reason: String(cString: strerror(errno)).lowercased())
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable(file: path, reason: "not a regular file: --follow follows files (a pipe is followed without it)")
        }
        notifications = inotify_init1(Int32(O_CLOEXEC))
        var ends: [Int32] = [-1, -1]
        guard notifications >= 0, pipe(&ends) == 0,
            inotify_add_watch(notifications, path, Self.fileEvents) >= 0 else {
            close(descriptor)
            throw .unreadable(file: path, reason: "cannot watch it: " + String(cString: strerror(errno)).lowercased())
        }
        stopReader = ends[0]
        stopWriter = ends[1]
        size.store(Int(status.st_size), ordering: .releasing)
        startThread { [self] in watch() }
    }

    /// The watching thread holds the file until it ends (``stop()``, or a restart).
    deinit {
        close(notifications)
        close(stopReader)
        close(stopWriter)
        close(descriptor)
    }

    /// The bytes the file holds now, as last seen.
    public var bytesWritten: Int { size.load(ordering: .acquiring) }
    /// Whether following ended (the file was truncated or replaced, or following stopped).
    public var isFinished: Bool { ended.load(ordering: .acquiring) }
    /// None: a regular file read in place cannot fail as a spool can.
    public var failure: DocumentError? { nil }
    /// A file's bytes are there to read at once: it is never waited for.
    public var isIdle: Bool { true }

    /// Why the file must be read again from its start (it was truncated or replaced), once
    /// the input ended for that reason.
    public var restartReason: String? { reason.withLock { $0 } }

    /// Stops following: the input ends where it is, and the watching thread lets go.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
    }

    func reader() throws(DocumentError) -> FileReader {
        try FileReader(duplicating: descriptor, name: path)
    }

    // MARK: - Watching

    private static let fileEvents = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)

    private func watch() {
        defer {
            ended.store(true, ordering: .releasing)
            changes.signal()
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var watched = [pollfd(fd: notifications, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, watched[1].revents == 0 else { return }
            _ = buffer.withUnsafeMutableBytes { read(notifications, $0.baseAddress, $0.count) }
            if let why = restartNeeded() {
                reason.withLock { $0 = why }
                return
            }
        }
    }

    /// Looks at the file after an event: it grew (say so), or it was truncated or replaced.
    private func restartNeeded() -> String? {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0 else { return "\(path) cannot be read any more" }
        let current = Int(opened.st_size)
        if current < bytesWritten { return "\(path) was truncated: reading it again from the start" }
        if stat(path, &named) != 0 || named.st_ino != opened.st_ino || named.st_dev != opened.st_dev {
            // Renamed or deleted: what was written to it before goes on being read; a new file
            // under its name starts again. Until one appears, the old one is followed.
            if stat(path, &named) == 0 { return "\(path) was replaced: reading the new file from the start" }
            _ = inotify_add_watch(notifications, Self.directory(of: path), UInt32(IN_CREATE | IN_MOVED_TO))
            // A new file made between the look above and the watch would send no event.
            if stat(path, &named) == 0 { return "\(path) was replaced: reading the new file from the start" }
        }
        if current > bytesWritten {
            size.store(current, ordering: .releasing)
            changes.signal()
        }
        return nil
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
