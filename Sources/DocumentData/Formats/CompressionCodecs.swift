import CCompression

/// gzip through zlib's `inflate`.
final class GzipCodec: DecompressionCodec {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() {
        stream.initialize(to: z_stream())
        // 16 + 15: a gzip header and trailer, the largest window.
        _ = tstack_inflate_init(stream, 16 + 15)
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    func step(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(CodecError) -> (taken: Int, made: Int, streamEnded: Bool) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = inflate(stream, Z_NO_FLUSH)
        let taken = input.count - Int(stream.pointee.avail_in)
        let made = output.count - Int(stream.pointee.avail_out)
        switch status {
        case Z_OK, Z_BUF_ERROR: return (taken, made, false)
        case Z_STREAM_END: return (taken, made, true)
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw CodecError(message: message)
        }
    }

    func reset() { inflateReset(stream) }
}

/// Zstandard through libzstd's streaming decompression (frames that follow each other are read
/// by the same context).
final class ZstdCodec: DecompressionCodec {
    private let context = ZSTD_createDCtx()

    deinit { ZSTD_freeDCtx(context) }

    func step(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(CodecError) -> (taken: Int, made: Int, streamEnded: Bool) {
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let result = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
        if ZSTD_isError(result) != 0 { throw CodecError(message: String(cString: ZSTD_getErrorName(result))) }
        // 0: a frame ended and everything it holds was written.
        return (inBuffer.pos, outBuffer.pos, result == 0)
    }

    func reset() {}
}

/// xz through liblzma's stream decoder.
final class XZCodec: DecompressionCodec {
    private let stream = UnsafeMutablePointer<lzma_stream>.allocate(capacity: 1)

    init() {
        stream.initialize(to: lzma_stream())
        start()
    }

    private func start() {
        // No memory limit of the library's: the dictionary is the file's (64 MiB at -9).
        _ = lzma_stream_decoder(stream, UInt64.max, 0)
    }

    deinit {
        lzma_end(stream)
        stream.deallocate()
    }

    func step(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(CodecError) -> (taken: Int, made: Int, streamEnded: Bool) {
        stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_in = input.count
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = output.count
        let status = lzma_code(stream, LZMA_RUN)
        let taken = input.count - stream.pointee.avail_in
        let made = output.count - stream.pointee.avail_out
        switch status {
        case LZMA_OK, LZMA_BUF_ERROR: return (taken, made, false)
        case LZMA_STREAM_END: return (taken, made, true)
        case LZMA_FORMAT_ERROR: throw CodecError(message: "not xz data")
        case LZMA_DATA_ERROR: throw CodecError(message: "the data is corrupt")
        case LZMA_MEM_ERROR: throw CodecError(message: "out of memory")
        default: throw CodecError(message: "liblzma error \(status.rawValue)")
        }
    }

    func reset() {
        lzma_end(stream)
        stream.pointee = lzma_stream()
        start()
    }
}

/// bzip2 through libbz2.
final class Bzip2Codec: DecompressionCodec {
    private let stream = UnsafeMutablePointer<bz_stream>.allocate(capacity: 1)

    init() {
        stream.initialize(to: bz_stream())
        _ = BZ2_bzDecompressInit(stream, 0, 0)
    }

    deinit {
        BZ2_bzDecompressEnd(stream)
        stream.deallocate()
    }

    func step(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(CodecError) -> (taken: Int, made: Int, streamEnded: Bool) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: CChar.self))
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: CChar.self)
        stream.pointee.avail_out = UInt32(output.count)
        let status = BZ2_bzDecompress(stream)
        let taken = input.count - Int(stream.pointee.avail_in)
        let made = output.count - Int(stream.pointee.avail_out)
        switch status {
        case BZ_OK: return (taken, made, false)
        case BZ_STREAM_END: return (taken, made, true)
        case BZ_DATA_ERROR, BZ_DATA_ERROR_MAGIC: throw CodecError(message: "the data is corrupt")
        case BZ_MEM_ERROR: throw CodecError(message: "out of memory")
        default: throw CodecError(message: "libbz2 error \(status)")
        }
    }

    func reset() {
        BZ2_bzDecompressEnd(stream)
        stream.pointee = bz_stream()
        _ = BZ2_bzDecompressInit(stream, 0, 0)
    }
}
