import Platform

/// Several files read as one input of JSON Lines: each file read lazily through its own
/// decompression and conversion, its records merged with the others' in time order (the first
/// of ``LogTime/fieldNames`` each carries; a record with none keeps its place after the one
/// before it in its file), each object given a first member `_file` naming its file. Files
/// that carry no times follow one another, as a rotation's files each are in order.
///
/// Sendable (checked by hand): made on one thread and handed whole to the spool's, the only one
/// that then uses it.
final class MergedFiles: @unchecked Sendable {
    /// The member naming a record's file.
    static let fileKey = "_file"

    private final class File {
        let name: String
        let descriptor: Int32
        var source: (any ByteSource)?
        var conversion: InputConversion!
        var format: InputFormat?
        /// Made lines not yet merged, from `start`.
        var lines: [UInt8] = []
        var start = 0
        /// Where the search for the next line feed goes on (bytes before it hold none).
        var searched = 0
        var ended = false
        /// The time of the last record taken that had one.
        var lastTime = Int64.min
        /// The `"_file":"…",` member, made once.
        let member: [UInt8]
        var normalizer = JSONLineJoining()

        init(name: String, descriptor: Int32) {
            self.name = name
            self.descriptor = descriptor
            var output = JSONLinesOutput()
            output.appendString(MergedFiles.fileKey)
            output.bytes.append(UInt8(ascii: ":"))
            output.appendString(name)
            member = output.bytes
        }

        deinit { close(descriptor) }
    }

    private let files: [File]
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
    /// Bytes read from all the files so far.
    private(set) var bytesTaken = 0

    /// Opens `paths` (each regular file, compressed or not), read as `format` (nil: each told
    /// from its first bytes).
    /// - Throws: ``DocumentError`` when one cannot be opened.
    init(paths: [String], format: InputFormat?) throws(DocumentError) {
        var files: [File] = []
        for path in paths {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .unreadable(file: path, reason: String(cString: strerror(errno)).lowercased())
            }
            files.append(File(name: path, descriptor: descriptor))
        }
        self.files = files
        for file in files {
            file.conversion = InputConversion(
                format: format, jsonLines: true, isFile: true,
                write: { [unowned file] bytes in
                    if file.format == .json {
                        file.normalizer.join(bytes, into: &file.lines)
                    } else {
                        file.lines.appendBytes(bytes)
                    }
                    return true
                },
                decided: { [unowned file] in file.format = $0 })
        }
    }

    deinit { buffer.deallocate() }

    /// Writes the merged records through `write` (false: stop), a megabyte at a time, once
    /// `decided` was told the first file's format.
    /// - Throws: ``DocumentError`` when a file cannot be read, is corrupt, is YAML, or is not
    ///   JSON where it must be.
    func merge(
        decided: (InputFormat) -> Void, write: (UnsafeRawBufferPointer) -> Bool
    ) throws(DocumentError) {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        // The next line of each file and its time, while it has one.
        var heads: [(line: Range<Int>, time: Int64)?] = []
        for file in files { heads.append(try next(file)) }
        decided(files.first?.format ?? .json)
        while true {
            var chosen: Int?
            for (index, head) in heads.enumerated() {
                guard let head else { continue }
                if let best = chosen, heads[best]!.time <= head.time { continue }
                chosen = index
            }
            guard let chosen, let head = heads[chosen] else { break }
            let file = files[chosen]
            file.lines.withUnsafeBytes { appendRecord(UnsafeRawBufferPointer(rebasing: $0[head.line]), of: file, to: &output) }
            file.start = head.line.upperBound + 1
            heads[chosen] = try next(file)
            if output.count >= 1 << 20 {
                guard output.withUnsafeBytes(write) else { return }
                output.removeAll(keepingCapacity: true)
            }
        }
        _ = output.withUnsafeBytes(write)
    }

    /// The record `line` with its file's member first when it is an object.
    private func appendRecord(_ line: UnsafeRawBufferPointer, of file: File, to output: inout [UInt8]) {
        let blank = line.prefix { $0 == 0x20 || $0 == 0x09 }.count
        guard blank < line.count, line[blank] == UInt8(ascii: "{") else {
            output.append(contentsOf: line)
            output.append(0x0A)
            return
        }
        output.append(UInt8(ascii: "{"))
        output.append(contentsOf: file.member)
        let rest = UnsafeRawBufferPointer(rebasing: line[(blank + 1)...])
        if rest.first(where: { $0 != 0x20 && $0 != 0x09 }) != UInt8(ascii: "}") { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: rest)
        output.append(0x0A)
    }

    /// The next line of `file` that is not blank, and its time (the last one's when it has
    /// none); nil at its end.
    private func next(_ file: File) throws(DocumentError) -> (line: Range<Int>, time: Int64)? {
        while true {
            file.searched = max(file.searched, file.start)
            let found = file.lines.withUnsafeBytes { bytes -> Int? in
                guard file.searched < bytes.count,
                      let hit = memchr(bytes.baseAddress! + file.searched, 0x0A, bytes.count - file.searched)
                else { return nil }
                return UnsafeRawPointer(hit) - bytes.baseAddress!
            }
            if let feed = found {
                let line = file.start..<feed
                file.searched = feed + 1
                if file.lines[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    file.start = feed + 1
                    continue
                }
                if let time = file.lines.withUnsafeBytes({ LogTime.microseconds(ofRecord: UnsafeRawBufferPointer(rebasing: $0[line])) }) {
                    file.lastTime = time
                }
                return (line, file.lastTime)
            }
            guard !file.ended else {
                // A last line with no line feed.
                guard file.start < file.lines.count else { return nil }
                file.lines.append(0x0A)
                continue
            }
            try read(file)
        }
    }

    /// Reads the next buffer of `file` into its lines.
    private func read(_ file: File) throws(DocumentError) {
        if file.start > 0 {
            file.lines.removeSubrange(..<file.start)
            file.searched -= file.start
            file.start = 0
        }
        file.searched = file.lines.count
        if file.source == nil {
            let raw = DescriptorSource(descriptor: file.descriptor, name: file.name, pause: nil)
            file.source = try Compression.decompressingIfCompressed(raw, name: file.name).0
        }
        let before = file.source!.bytesTaken
        let count = try file.source!.read(into: buffer)
        bytesTaken += file.source!.bytesTaken - before
        guard count > 0 else {
            file.conversion.finish()
            file.ended = true
            return try refuseYAML(file)
        }
        let fine = file.conversion.take(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        try refuseYAML(file)
        if !fine, let refusal = file.conversion.refusal {
            throw .unreadable(file: file.name, reason: "not JSON at byte \(refusal.offset + 1): \(refusal.message)")
        }
    }

    private func refuseYAML(_ file: File) throws(DocumentError) {
        guard file.format == .yaml else { return }
        throw .unreadable(file: file.name, reason: "YAML cannot be merged with other files: open it alone")
    }
}

/// JSON made into one line per top-level value as it streams: line breaks inside containers
/// dropped (strings and blanks left as they are), so a pretty-printed document is one record
/// like a JSON Lines line.
struct JSONLineJoining {
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Whether nothing was read yet: a byte order mark first is dropped (it would sit inside
    /// the merged lines).
    private var atStart = true
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Appends `bytes` to `output`, joined: runs of bytes that change nothing are copied at
    /// once, only the line breaks inside containers left out.
    mutating func join(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        var index = 0
        let count = bytes.count
        if atStart, count > 0 {
            // (A mark cut across two chunks is rare enough to be written as it came.)
            if bytes.starts(with: Self.byteOrderMark) { index = 3 }
            atStart = false
        }
        var runStart = index
        while index < count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case 0x0A, 0x0D:
                if depth > 0 {
                    output.appendBytes(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                    runStart = index + 1
                }
            default: break
            }
            index += 1
        }
        output.appendBytes(UnsafeRawBufferPointer(rebasing: bytes[runStart..<count]))
    }
}
