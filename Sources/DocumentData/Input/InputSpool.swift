import Platform
import Synchronization

/// Input that is not a regular file of JSON — standard input, a FIFO, a device, a compressed
/// file, CSV, YAML, logfmt or text — copied to an unnamed temporary file as it arrives, on a
/// background thread, so it can be scanned and its items decoded from the file (`pread`) while
/// the rest still streams in, and is never held in memory.
///
/// A compressed input (gzip, zstd, xz, bzip2: ``Compression``, by its magic number) is
/// decompressed as it is copied; what is not JSON is made into JSON Lines
/// (``InputFormat``). JSON is checked as it arrives (``JSONInputCheck``): at the first byte that
/// cannot belong to JSON or JSON Lines the copy stops and ``failure`` says where — `/dev/zero`
/// is refused at its first byte, not read forever. Corrupt compressed data stops the copy too:
/// what came before it stays, and ``failure`` says where it broke. The file has no name (`O_TMPFILE`, or a name removed at once
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
    private let decidedFormat = Locked<InputFormat?>(nil)
    private let decidedCompression = Locked<Compression?>(nil)
    private let taken = Atomic<Int>(0)
    /// Whether it holds several files' records merged (JSON Lines, whatever the files are).
    public let isMerged: Bool
    /// The size of the file read, when it is a regular file (a compressed one, CSV…).
    public let sourceSize: Int?

    /// Starts copying standard input.
    /// - Throws: ``DocumentError`` when no temporary file can be made.
    public convenience init(format: InputFormat? = nil) throws(DocumentError) {
        try self.init(reading: STDIN_FILENO, name: "-", jsonLines: false, format: format)
    }

    /// Starts copying the input of `source`, which it then owns (and closes); messages call it
    /// `name`; `jsonLines` when the input is JSON Lines by name; `format` when it was named
    /// (nil: told from its first bytes); it counts as paused after `pause` milliseconds with
    /// nothing (nil: never).
    /// - Throws: ``DocumentError`` when no temporary file can be made.
    public init(
        reading source: Int32, name: String, jsonLines: Bool, format: InputFormat? = nil,
        pause: Int32? = InputSpool.pauseMilliseconds
    ) throws(DocumentError) {
        self.name = name
        self.pause = pause
        isMerged = false
        var status = stat()
        sourceSize = fstat(source, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        descriptor = try Self.unnamedFile(name: name)
        startThread { [self] in copy(from: source, jsonLines: jsonLines, format: format) }
    }

    /// Starts copying the files at `paths` as one input, their records merged in time order
    /// (each file read lazily, a record without a time after the one before it in its file; each object given a `_file` member naming its file), each read as `format` (nil: told from its first bytes).
    /// - Throws: ``DocumentError`` when one cannot be opened or no temporary file can be made.
    public init(merging paths: [String], format: InputFormat? = nil) throws(DocumentError) {
        name = paths.first.map { paths.count > 1 ? "\($0) (+\(paths.count - 1))" : $0 } ?? "-"
        pause = nil
        var total = 0
        for path in paths {
            var status = stat()
            if stat(path, &status) == 0 { total += Int(status.st_size) }
        }
        sourceSize = total
        let merged = try MergedFiles(paths: paths, format: format)
        descriptor = try Self.unnamedFile(name: name)
        isMerged = true
        startThread { [self] in
            defer {
                if decidedFormat.withLock({ $0 }) == nil { decidedFormat.withLock { $0 = .json } }
                done.store(true, ordering: .releasing)
                changes.signal()
            }
            do throws(DocumentError) {
                try merged.merge(decided: { format in
                    decidedFormat.withLock { $0 = format }
                    changes.signal()
                }) { bytes in
                    taken.store(merged.bytesTaken, ordering: .relaxed)
                    return append(bytes)
                }
            } catch {
                stop(error)
            }
        }
    }

    /// A spool for `path` when it is `-`, not a regular file (a FIFO, a device), compressed, or
    /// not JSON (by its first bytes, or `format`); nil for a regular file of JSON, which is read
    /// in place.
    /// - Throws: ``DocumentError`` when it cannot be opened or is a directory.
    public static func open(path: String, format: InputFormat? = nil) throws(DocumentError) -> InputSpool? {
        if path == "-" { return try InputSpool(format: format) }
        // O_NONBLOCK: opening a FIFO nobody writes to would wait forever. Reads block again.
        let source = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard source >= 0 else {
            throw .unreadable(file: path, reason: String(cString: strerror(errno)).lowercased())
        }
        var status = stat()
        let kind = fstat(source, &status) == 0 ? status.st_mode & S_IFMT : S_IFREG
        let jsonLines = path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
        // A file named JSON is JSON: if it is broken, where it breaks is what to say.
        var format = format ?? (InputFormat.namesJSON(path) ? .json : nil)
        // A regular file's format told here, once (a compressed one's only once decompressed);
        // JSON is read in place.
        var readsInPlace = false
        if kind == S_IFREG, let head = uncompressedHead(of: source) {
            format = format ?? InputFormat.sniff(head, final: true)
            readsInPlace = format == .json
        }
        guard kind != S_IFDIR, !readsInPlace else {
            close(source)
            return nil
        }
        _ = fcntl(source, F_SETFL, fcntl(source, F_GETFL) & ~O_NONBLOCK)
        return try InputSpool(reading: source, name: path, jsonLines: jsonLines, format: format)
    }

    /// The first bytes of the regular file open as `source`, to tell its format by (none when
    /// it cannot be read: it is read in place, and the loaders say why); nil when it is
    /// compressed.
    private static func uncompressedHead(of source: Int32) -> [UInt8]? {
        var head = [UInt8](repeating: 0, count: InputFormat.sniffLength)
        let count = head.withUnsafeMutableBytes { pread(source, $0.baseAddress, $0.count, 0) }
        head.removeSubrange(max(0, count)...)
        return Compression(magic: head) == nil ? head : nil
    }

    deinit { close(descriptor) }

    /// The input's format, once its first bytes told it (nil before).
    public var format: InputFormat? { decidedFormat.withLock { $0 } }

    /// The compression the input was read through, if any.
    public var compression: Compression? { decidedCompression.withLock { $0 } }

    /// The bytes read from the input so far (compressed bytes, when it is compressed).
    public var bytesTaken: Int { taken.load(ordering: .relaxed) }

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

    private func copy(from source: Int32, jsonLines: Bool, format named: InputFormat?) {
        // The end of the input is not checked: a document cut short is the loaders' to report.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        let conversion = InputConversion(
            format: named, jsonLines: jsonLines, isFile: sourceSize != nil, write: { [self] in append($0) },
            decided: { [self] format in
                decidedFormat.withLock { $0 = format }
                changes.signal()
            })
        defer {
            buffer.deallocate()
            if source != STDIN_FILENO { close(source) }
            if decidedFormat.withLock({ $0 }) == nil { decidedFormat.withLock { $0 = .json } }
            done.store(true, ordering: .releasing)
            changes.signal()
        }
        let raw = DescriptorSource(descriptor: source, name: name, pause: pause) { [self] in
            // Nothing for a while: what came is all there is to decide from, for now.
            conversion.paused()
            idle.store(true, ordering: .releasing)
            changes.signal()
        }
        do throws(DocumentError) {
            let input = try decompressed(raw)
            // (Until the input is known to be YAML, whose parser then reads it itself.)
            while !conversion.isYAML {
                let count = try input.read(into: buffer)
                idle.store(false, ordering: .releasing)
                taken.store(raw.bytesTaken, ordering: .relaxed)
                guard count > 0 else {
                    conversion.finish()
                    break
                }
                // (False: refused, or the file could not be written, which `append` said.)
                guard conversion.take(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { break }
            }
            if let refusal = conversion.refusal { return refuse(refusal) }
            if conversion.isYAML {
                try YAMLDocuments(source: ReplayedSource(head: conversion.yamlHead, then: input), name: name)
                    .convert { lines in lines.bytes.withUnsafeBytes { append($0) } }
            }
        } catch {
            // What was read before the fault stays, and browses; the failure says where.
            conversion.finish()
            stop(error)
        }
    }

    /// `raw` decompressed when its first bytes are a compressed format's magic number.
    private func decompressed(_ raw: DescriptorSource) throws(DocumentError) -> any ByteSource {
        let (source, compression) = try Compression.decompressingIfCompressed(raw, name: name)
        decidedCompression.withLock { $0 = compression }
        return source
    }

    /// Appends `bytes` to the file; false (and ``failure`` set) when it cannot.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count > 0 else { return true }
        var done = 0
        while done < count {
            let wrote = pwrite(descriptor, bytes.baseAddress! + done, count - done, off_t(bytesWritten + done))
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
        let unnamed = systemOpen(directory, 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
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
