// The decompressors of the four formats logs are rotated and shipped in: zlib (gzip), libzstd,
// liblzma (xz) and libbz2, Debian's packages, each streamed a buffer at a time.
#include <zlib.h>
#include <zstd.h>
#include <lzma.h>
#include <bzlib.h>

// zlib's inflateInit2 is a macro over inflateInit2_, which Swift cannot call.
static inline int tstack_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
