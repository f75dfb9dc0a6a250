/// The compressed formats logs are rotated and shipped in, known by their first bytes (never by
/// the file's name): each is read through its own library as it is decompressed.
public enum Compression: String, Sendable, CaseIterable {
    case gzip, zstd, xz, bzip2

    /// The format whose magic number `head` starts with, or nil.
    public init?(magic head: some Collection<UInt8>) {
        let bytes = Array(head.prefix(6))
        func starts(_ magic: [UInt8]) -> Bool { bytes.count >= magic.count && Array(bytes.prefix(magic.count)) == magic }
        if starts([0x1F, 0x8B]) {
            self = .gzip
        } else if starts([0x28, 0xB5, 0x2F, 0xFD]) {
            self = .zstd
        } else if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            self = .xz
        } else if starts([0x42, 0x5A, 0x68]), bytes.count > 3, (0x31...0x39).contains(bytes[3]) {
            self = .bzip2
        } else {
            return nil
        }
    }

    /// The magic numbers (bzip2's without its block size digit).
    private static let magics: [[UInt8]] = [
        [0x1F, 0x8B], [0x28, 0xB5, 0x2F, 0xFD], [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], [0x42, 0x5A, 0x68],
    ]

    /// Whether `head` may still be the start of a magic number (more bytes would tell): a
    /// stream that sends `BUG` and waits is not kept waiting.
    private static func mayStartAMagic(_ head: ArraySlice<UInt8>) -> Bool {
        Compression(magic: head) == nil && magics.contains { magic in
            head.count < magic.count + (magic.first == 0x42 ? 1 : 0) && zip(head, magic).allSatisfy { $0 == $1 }
        }
    }

    /// The bytes needed to tell every format apart.
    static let magicLength = 6

    /// `raw` decompressed when its first bytes are a compressed format's magic number, and the
    /// format; else `raw` as it is, and nil.
    static func decompressingIfCompressed(
        _ raw: any ByteSource, name: String
    ) throws(DocumentError) -> (any ByteSource, Compression?) {
        var head = [UInt8](repeating: 0, count: magicLength)
        var count = 0
        // Only as many bytes as tell: a stream that sends `{` and waits is not kept waiting.
        while count < head.count {
            let space = UnsafeMutableRawBufferPointer.allocate(byteCount: head.count - count, alignment: 1)
            defer { space.deallocate() }
            let read = try raw.read(into: space)
            head.replaceSubrange(count..<count + read, with: space[..<read])
            guard read > 0 else { break }
            count += read
            guard mayStartAMagic(head[..<count]) else { break }
        }
        let replayed = ReplayedSource(head: Array(head[..<count]), then: raw)
        guard let compression = Compression(magic: head[..<count]) else { return (replayed, nil) }
        return (compression.decompressing(replayed, name: name), compression)
    }

    /// `source` decompressed; `name` names it in errors.
    func decompressing(_ source: any ByteSource, name: String) -> any ByteSource {
        switch self {
        case .gzip: DecompressingSource(source, codec: GzipCodec(), format: self, name: name)
        case .zstd: DecompressingSource(source, codec: ZstdCodec(), format: self, name: name)
        case .xz: DecompressingSource(source, codec: XZCodec(), format: self, name: name)
        case .bzip2: DecompressingSource(source, codec: Bzip2Codec(), format: self, name: name)
        }
    }
}

/// One decompression library's streaming call: as much of `input` as it takes, into `output`.
protocol DecompressionCodec: AnyObject {
    /// Decompresses from `input` into `output`.
    /// - Returns: the bytes taken and made, and whether a whole stream (a member) ended.
    /// - Throws: the library's message when the data is corrupt.
    func step(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(CodecError) -> (taken: Int, made: Int, streamEnded: Bool)
    /// Starts over, for a next stream following one that ended (`cat a.gz b.gz`).
    func reset()
}

/// What a decompression library said of corrupt data.
struct CodecError: Error {
    var message: String
}

/// The decompressed bytes of `source`, a buffer of compressed bytes at a time. Streams that
/// follow each other (concatenated members) are read as one. Corrupt data, or an end inside a
/// stream, is an error naming the compressed byte it was found at; what came before it was read.
final class DecompressingSource: ByteSource {
    private let source: any ByteSource
    private let codec: any DecompressionCodec
    private let format: Compression
    private let name: String
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
    private var start = 0
    private var end = 0
    /// Compressed bytes given to the codec so far.
    private var consumed = 0
    /// Whether the codec is inside a stream (not at its start or past its end).
    private var inStream = false
    private var sourceEnded = false
    /// Whether a whole stream was read: what follows the last one may be padding.
    private var streamEnded = false

    init(_ source: any ByteSource, codec: any DecompressionCodec, format: Compression, name: String) {
        self.source = source
        self.codec = codec
        self.format = format
        self.name = name
    }

    deinit { input.deallocate() }

    var bytesTaken: Int { source.bytesTaken }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DocumentError) -> Int {
        while true {
            if start == end {
                guard !sourceEnded else {
                    if inStream {
                        throw .unreadable(
                            file: name, reason: "\(format.rawValue) data cut short at byte \(consumed) (the input ended inside a stream)")
                    }
                    return 0
                }
                start = 0
                end = try source.read(into: input)
                if end == 0 {
                    sourceEnded = true
                    continue
                }
            }
            let step: (taken: Int, made: Int, streamEnded: Bool)
            do {
                step = try codec.step(UnsafeRawBufferPointer(rebasing: input[start..<end]), into: buffer)
            } catch {
                // Bytes after a whole stream that start none (the zeros a tape or a tool pads
                // with) end the input, as `gzip -d` ignores them.
                if streamEnded, !inStream { return 0 }
                throw .unreadable(file: name, reason: "corrupt \(format.rawValue) data at byte \(consumed): \(error.message)")
            }
            start += step.taken
            consumed += step.taken
            inStream = !step.streamEnded && (inStream || step.taken > 0 || step.made > 0)
            if step.streamEnded {
                streamEnded = true
                codec.reset()
            }
            if step.made > 0 { return step.made }
            if step.taken == 0, !step.streamEnded {
                throw .unreadable(file: name, reason: "corrupt \(format.rawValue) data at byte \(consumed)")
            }
        }
    }
}
