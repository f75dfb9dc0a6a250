import Platform

/// Notices when a file that was opened changes on disk: inotify on the file wakes
/// ``wakeDescriptor`` when it is written, truncated, renamed or removed (nothing polls: an idle
/// viewer takes no CPU), and ``check()`` then compares the file with what it was when watched —
/// its device and inode (under its path), its size, its modification time and the bytes at its
/// start and at its end — to say what happened.
///
/// A file read in place is read by its open descriptor: a file replaced or removed keeps showing
/// as it was opened; one truncated or rewritten shows a mix of versions, which the viewer must say.
public final class FileWatch {
    /// What happened to the file since it was watched, the most serious first: what mixes two
    /// versions on screen, then what leaves the view an old version, then what only adds.
    public enum Change: Int, Comparable, Sendable, CustomStringConvertible {
        /// It is shorter than it was: what was past its new end is gone.
        case shrank
        /// Bytes it had were written again (an editor's save, a rewrite in place), or its
        /// modification time moved with its size unchanged.
        case rewritten
        /// Another file is under its path now (log rotation); the view shows the old one.
        case replaced
        /// It was removed; the view shows it as it was opened.
        case removed
        /// Bytes were added after its end (a log written to); what it had is unchanged.
        case grew

        public static func < (lhs: Change, rhs: Change) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Whether what the view shows may no longer be the file (a whole-file answer from it
        /// would mix two versions); a file that grew or moved away keeps its version readable.
        public var mixesVersions: Bool { self == .shrank || self == .rewritten }

        public var description: String {
            switch self {
            case .replaced: return "was replaced on disk"
            case .removed: return "was removed from disk"
            case .shrank: return "is shorter on disk"
            case .rewritten: return "was rewritten on disk"
            case .grew: return "grew on disk"
            }
        }
    }

    /// The path watched.
    public let path: String
    private let notifications: Int32
    private let descriptor: Int32
    private let opened: stat
    /// The bytes at the file's start and before its end when watched.
    private let head: [UInt8]
    private let tail: [UInt8]
    /// The most serious change seen so far.
    public private(set) var change: Change?
    /// Whether the file was written to since it was watched (`touch` only changes its times).
    private var written = false

    /// Bytes compared at each end.
    private static let sample = 4096

    /// Starts watching the regular file at `path` as it is now; nil when it is no regular file
    /// or cannot be watched.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        var status = stat()
        guard descriptor >= 0 else { return nil }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        let notifications = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        let events = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)
        guard notifications >= 0, inotify_add_watch(notifications, path, events) >= 0 else {
            if notifications >= 0 { close(notifications) }
            close(descriptor)
            return nil
        }
        self.path = path
        self.descriptor = descriptor
        self.notifications = notifications
        opened = status
        let size = Int(status.st_size)
        head = Self.read(descriptor, at: 0, length: min(size, Self.sample))
        tail = Self.read(descriptor, at: max(0, size - Self.sample), length: min(size, Self.sample))
    }

    deinit {
        close(notifications)
        close(descriptor)
    }

    /// Readable when the file was touched since the last ``check()``.
    public var wakeDescriptor: Int32 { notifications }

    /// Takes the file's news: what changed since it was watched, if anything (the most serious
    /// change seen stays: a file that shrank and grew back is still not what was shown).
    /// - Returns: the change, when it is new or more serious than the one seen before.
    public func check() -> Change? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var touched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(notifications, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            touched = true
            // Each event: a descriptor, its mask, a cookie, the length of a name that follows.
            var offset = 0
            while offset + 16 <= count {
                let mask = buffer[(offset + 4)..<(offset + 8)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let length = buffer[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
                if mask & UInt32(IN_MODIFY) != 0 { written = true }
                offset += 16 + length
            }
        }
        guard touched, let now = compare() else { return nil }
        if let change, change <= now { return nil }
        change = now
        return now
    }

    /// What the file is now against what it was.
    /// (The file read first — what the view reads — then its path: a file truncated and then
    /// renamed away still mixes two versions on screen.)
    private func compare() -> Change? {
        var current = stat()
        guard fstat(descriptor, &current) == 0 else { return .removed }
        let size = Int(current.st_size), before = Int(opened.st_size)
        if size < before { return .shrank }
        if Self.read(descriptor, at: 0, length: head.count) != head
            || Self.read(descriptor, at: before - tail.count, length: tail.count) != tail {
            return .rewritten
        }
        var named = stat()
        guard stat(path, &named) == 0 else { return .removed }
        if named.st_ino != opened.st_ino || named.st_dev != opened.st_dev { return .replaced }
        if size > before { return .grew }
        // The same size and the same bytes where sampled — all of them, in a small file: it was
        // rewritten only if it was written to and its time moved (`touch` is no rewrite).
        if before <= 2 * Self.sample { return nil }
        let moved = current.st_mtim.tv_sec != opened.st_mtim.tv_sec || current.st_mtim.tv_nsec != opened.st_mtim.tv_nsec
        return written && moved ? .rewritten : nil
    }

    private static func read(_ descriptor: Int32, at offset: Int, length: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, length - done, off_t(offset + done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return Array(bytes[0..<done])
    }
}
