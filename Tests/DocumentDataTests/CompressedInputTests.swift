import CCompression
import Glibc
import Testing
import TestSupport
@testable import DocumentData

/// Issue 46: gzip, zstd, xz and bzip2 are told by their magic numbers, whatever the file is
/// called, and read as they are decompressed; corrupt or cut data says where, and what came
/// before it stays.
@Suite(.timeLimit(.minutes(1 * Sanitizers.timeLimitFactor))) struct CompressedInputTests {
    /// `bytes` compressed as `format` by its own library.
    static func compressed(_ bytes: [UInt8], as format: Compression) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 1024)
        var length = 0
        switch format {
        case .gzip:
            var stream = z_stream()
            _ = deflateInit2_(&stream, 6, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            bytes.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.avail_in = uInt(input.count)
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    _ = deflate(&stream, Z_FINISH)
                    length = out.count - Int(stream.avail_out)
                }
            }
            deflateEnd(&stream)
        case .zstd:
            length = output.withUnsafeMutableBytes { out in
                bytes.withUnsafeBytes { ZSTD_compress(out.baseAddress, out.count, $0.baseAddress, $0.count, 3) }
            }
        case .xz:
            var position = 0
            _ = bytes.withUnsafeBufferPointer { input in
                lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nil, input.baseAddress, input.count, &output, &position, output.count)
            }
            length = position
        case .bzip2:
            var produced = UInt32(output.count)
            var input = bytes.map { CChar(bitPattern: $0) }
            _ = output.withUnsafeMutableBytes { out in
                BZ2_bzBuffToBuffCompress(out.baseAddress!.assumingMemoryBound(to: CChar.self), &produced, &input, UInt32(input.count), 9, 0, 0)
            }
            length = Int(produced)
        }
        return Array(output[..<length])
    }

    /// A file holding `bytes` (removed by the caller).
    static func file(_ bytes: [UInt8], name: String) -> TemporaryFile {
        let file = TemporaryFile(contents: "", name: name)
        write(bytes, to: file.path)
        return file
    }

    /// Writes `bytes` over the file at `path`.
    static func write(_ bytes: [UInt8], to path: String) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// What the spool made of the file of `bytes`, and why it stopped early, if it did.
    static func spooled(_ bytes: [UInt8], name: String = "data") throws -> (bytes: [UInt8], spool: InputSpool) {
        let file = file(bytes, name: name)
        defer { file.remove() }
        let spool = try #require(try InputSpool.open(path: file.path))
        spool.wait { _ in false }
        return (try #require(try spool.reader().bytes(at: 0, length: spool.bytesWritten)), spool)
    }

    /// JSON Lines of `count` records, big enough to cross the spool's buffers.
    static func lines(_ count: Int) -> [UInt8] {
        Array((0..<count).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: $0 % 50))\"}\n" }.joined().utf8)
    }

    @Test(arguments: Compression.allCases) func eachFormatIsToldByItsMagicAndReadWhole(format: Compression) throws {
        let plain = Self.lines(40_000)
        // Two streams one after the other (`cat a.gz b.gz`) read as one.
        let (bytes, spool) = try Self.spooled(Self.compressed(plain, as: format) + Self.compressed(plain, as: format), name: "no-extension")
        #expect(spool.failure == nil)
        #expect(spool.compression == format)
        #expect(spool.format == .json)
        #expect(bytes == plain + plain)
        #expect(spool.bytesTaken < plain.count, "the status line counts the compressed bytes")
    }

    /// A name that says JSON says what is inside: the file is decompressed all the same.
    @Test func aFileNamedJSONThatIsCompressedIsDecompressed() throws {
        let (bytes, spool) = try Self.spooled(Self.compressed(Self.lines(10), as: .gzip), name: "log.jsonl.gz")
        #expect(spool.compression == .gzip)
        #expect(bytes == Self.lines(10))
    }

    @Test(arguments: Compression.allCases) func aCutStreamSaysWhereAndKeepsWhatCameBefore(format: Compression) throws {
        // (60,000 lines, 2.6 MB: a compressed stream of several of the source's buffers.)
        let whole = Self.compressed(Self.lines(60_000), as: format)
        let (bytes, spool) = try Self.spooled(Array(whole.prefix(whole.count * 2 / 3)))
        let failure = try #require(spool.failure?.description)
        #expect(failure.contains("\(format.rawValue) data cut short at byte \(whole.count * 2 / 3)"), "\(failure)")
        #expect(bytes.count > 1000, "what came before stays")
        #expect(Array(Self.lines(60_000).prefix(bytes.count)) == bytes)
    }

    @Test(arguments: Compression.allCases) func corruptDataSaysWhere(format: Compression) throws {
        var damaged = Self.compressed(Self.lines(20_000), as: format)
        // (Past the headers, in the first block: a frame without a checksum, as zstd writes by
        // default, is only found corrupt where its structure breaks.)
        for index in 12..<76 { damaged[index] ^= 0x55 }
        let (_, spool) = try Self.spooled(damaged)
        let failure = try #require(spool.failure?.description)
        #expect(failure.contains("\(format.rawValue) data"), "\(failure)")
        #expect(failure.contains(" at byte "), "\(failure)")
    }

    /// Spooled JSON is checked as it is copied: a stream's all the way (it may never end), a
    /// file's single document all the way (its tree checks no grammar), a file's JSON Lines in
    /// its first MiB (past it a bad line is a row of the tree, checked or not).
    @Test func spooledJSONIsCheckedWhereTheCheckTellsSomething() throws {
        let small = try Self.spooled(Self.compressed(Array("{\"a\": }\n".utf8), as: .gzip))
        #expect(small.spool.failure?.description.hasSuffix(":1:7: expected a value, found '}'") == true, "\(String(describing: small.spool.failure))")
        let lines = Self.lines(60_000) + Array("{\"bad\": }\n".utf8)
        #expect(lines.count > 2 * InputConversion.fileCheckLength)
        let file = try Self.spooled(Self.compressed(lines, as: .gzip))
        #expect(file.spool.failure == nil)
        #expect(file.bytes == lines, "written as they are past the first MiB")
        let document = Array("[".utf8) + Array(repeating: Array("{\"n\": 1},".utf8), count: 300_000).joined() + Array("}]".utf8)
        let whole = try Self.spooled(Self.compressed(document, as: .gzip))
        #expect(whole.spool.failure?.description.contains("found '}'") == true, "\(String(describing: whole.spool.failure))")
        var ends: [Int32] = [-1, -1]
        _ = Glibc.pipe(&ends)
        let stream = try InputSpool(reading: ends[0], name: "-", jsonLines: false)
        let compressed = Self.compressed(Self.lines(60_000) + [0], as: .gzip)
        _ = compressed.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        stream.wait { _ in false }
        #expect(stream.failure?.description.contains("found byte 0x00") == true, "\(String(describing: stream.failure))")
    }

    @Test func aCompressedCSVIsDecompressedThenMadeIntoRecords() throws {
        let (bytes, spool) = try Self.spooled(Self.compressed(Array("a,b\n1,x\n2,y\n".utf8), as: .zstd))
        #expect(spool.format == .csv(delimiter: UInt8(ascii: ",")))
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"a\":1,\"b\":\"x\"}\n{\"a\":2,\"b\":\"y\"}\n")
    }
}

/// Issue 46: several files open as one input, their records merged in time order.
@Suite(.timeLimit(.minutes(1 * Sanitizers.timeLimitFactor))) struct MergedFilesTests {
    /// Random files each in time order (some records without a time, some formats and
    /// compressions mixed): the merge is the stable sort of all their records by time, a record
    /// without one taking the time of the one before it in its file.
    @Test(arguments: 0..<12 as Range<UInt64>) func recordsAreMergedInTimeOrder(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var files: [TemporaryFile] = []
        defer { files.forEach { $0.remove() } }
        var model: [(time: Int64, file: Int, position: Int, record: String)] = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let file = TemporaryFile(contents: "", name: "f\(index).log")
            files.append(file)
            var time = Int64.random(in: 0...1000, using: &random)
            var last = Int64.min
            var text = ""
            let logfmt = Bool.random(using: &random)
            for position in 0..<Int.random(in: 0...60, using: &random) {
                time += Int64.random(in: 0...30, using: &random)
                let timed = Int.random(in: 0..<5, using: &random) > 0
                if timed { last = time * 1_000_000 }
                let stamp = "1970-01-01T00:\(String(format2: Int(time / 60 % 60))):\(String(format2: Int(time % 60)))Z"
                let record = timed ? "\"ts\":\"\(stamp)\",\"n\":\(position)" : "\"n\":\(position)"
                text += logfmt ? (timed ? "ts=\(stamp) n=\(position)\n" : "n=\(position) msg=\"no time\"\n") : "{\(record)}\n"
                let name = file.path
                let shown = logfmt ? (timed ? "{\"_file\":\"\(name)\",\"ts\":\"\(stamp)\",\"n\":\(position)}" : "{\"_file\":\"\(name)\",\"n\":\(position),\"msg\":\"no time\"}") : "{\"_file\":\"\(name)\",\(record)}"
                model.append((last, index, position, shown))
            }
            let bytes = Array(text.utf8)
            let stored = Bool.random(using: &random) ? CompressedInputTests.compressed(bytes, as: .gzip) : bytes
            CompressedInputTests.write(stored, to: file.path)
        }
        let spool = try InputSpool(merging: files.map(\.path))
        spool.wait { _ in false }
        #expect(spool.failure == nil)
        let bytes = try #require(try spool.reader().bytes(at: 0, length: spool.bytesWritten))
        let expected = model.sorted { ($0.time, $0.file, $0.position) < ($1.time, $1.file, $1.position) }
            .map(\.record)
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) == expected)
    }

    @Test func prettyJSONIsOneRecordAndYAMLIsRefused() throws {
        let pretty = TemporaryFile(contents: "\u{FEFF}{\n  \"ts\": 5,\n  \"a\": [1,\n 2]\n}\n", name: "p.json")
        let lines = TemporaryFile(contents: "{\"ts\": 1}\n", name: "l.jsonl")
        let yaml = TemporaryFile(contents: "---\na: 1\n", name: "y.yaml")
        defer { [pretty, lines, yaml].forEach { $0.remove() } }
        let spool = try InputSpool(merging: [pretty.path, lines.path])
        spool.wait { _ in false }
        let bytes = try #require(try spool.reader().bytes(at: 0, length: spool.bytesWritten))
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"_file\":\"\(lines.path)\",\"ts\": 1}\n{\"_file\":\"\(pretty.path)\",  \"ts\": 5,  \"a\": [1, 2]}\n")
        let refused = try InputSpool(merging: [lines.path, yaml.path])
        refused.wait { _ in false }
        #expect(refused.failure?.description == "\(yaml.path): YAML cannot be merged with other files: open it alone")
    }
}

extension String {
    fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
