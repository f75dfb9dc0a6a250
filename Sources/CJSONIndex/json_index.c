// The first stage of a JSON scan, after simdjson's: classify 64 bytes at a time, find the
// escaped characters with integer arithmetic, the insides of strings with a prefix XOR
// (carry-less multiplication), and write out where the quotes and the brackets outside strings are.
#include "json_index.h"

#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint64_t even_bits = 0x5555555555555555ULL;

// The characters escaped by a backslash, given the backslashes of a block (simdjson's
// branchless method); `escaped` carries an odd run that ends the previous block.
static inline uint64_t find_escaped(uint64_t backslash, uint64_t *escaped) {
    backslash &= ~*escaped;
    uint64_t follows_escape = backslash << 1 | *escaped;
    uint64_t odd_sequence_starts = backslash & ~even_bits & ~follows_escape;
    uint64_t sequences_starting_on_even_bits;
    *escaped = __builtin_add_overflow(odd_sequence_starts, backslash, &sequences_starting_on_even_bits);
    uint64_t invert_mask = sequences_starting_on_even_bits << 1;
    return (even_bits ^ invert_mask) & follows_escape;
}

// `separators`: 1 adds commas and colons outside strings, 2 line feeds outside strings.
static size_t index_bytes(const uint8_t *bytes, size_t length, tstack_index_state *state, uint32_t *positions,
                          int separators) {
    size_t count = 0;
    int in_string = state->in_string != 0;
    int escaped = state->escaped != 0;
    for (size_t i = 0; i < length; i++) {
        uint8_t byte = bytes[i];
        // A backslash escapes the next byte wherever it is, as the vector path sees it (outside
        // a string it is not JSON, and the scan says so).
        if (escaped) {
            escaped = 0;
        } else if (byte == '\\') {
            escaped = 1;
        } else if (byte == '"') {
            in_string = !in_string;
            positions[count++] = (uint32_t)i;
        } else if (!in_string && (byte == '{' || byte == '}' || byte == '[' || byte == ']'
                                  || ((separators & 1) && (byte == ',' || byte == ':'))
                                  || ((separators & 2) && byte == '\n'))) {
            positions[count++] = (uint32_t)i;
        }
    }
    state->in_string = in_string ? ~0ULL : 0;
    state->escaped = escaped;
    return count;
}

#if defined(__x86_64__)
// The bits from an opening quote up to (not including) its closing quote, given the block's
// unescaped quotes; `in_string` carries a string left open from block to block (all ones or
// zero). A prefix XOR by carry-less multiplication (simdjson's).
__attribute__((target("pclmul")))
static inline uint64_t inside_strings(uint64_t quote, uint64_t *in_string) {
    uint64_t inside = (uint64_t)_mm_cvtsi128_si64(
        _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)quote), _mm_set1_epi8((char)0xFF), 0));
    inside ^= *in_string;
    *in_string = (uint64_t)((int64_t)inside >> 63);
    return inside;
}

// The last bytes of a chunk, fewer than a block, one at a time (a padded block would take an
// escape that ends the chunk as escaping the padding), after the `count` positions of the
// blocks before `start`. - Returns: the positions in all.
static inline size_t index_tail(const uint8_t *bytes, size_t start, size_t length, tstack_index_state *state,
                                uint32_t *positions, size_t count, int separators) {
    size_t rest = index_bytes(bytes + start, length - start, state, positions + count, separators);
    for (size_t k = count; k < count + rest; k++) positions[k] += (uint32_t)start;
    return count + rest;
}

// Writes the offsets of `bits`' set bits after `count` entries, as simdjson flattens them: eight
// at a time without a branch per bit (the writes past the last bit land in the entries of
// slack every caller leaves, `TSTACK_INDEX_SLACK`, and are overwritten by the next block). `tzcnt` is defined for
// zero, so those writes are harmless values.
__attribute__((target("bmi,popcnt")))
static inline size_t write_positions(uint64_t bits, uint32_t base, uint32_t *positions, size_t count) {
    if (bits == 0) return count;
    size_t found = (size_t)__builtin_popcountll(bits);
    uint32_t *out = positions + count;
    for (int i = 0; i < 8; i++) {
        out[i] = base + (uint32_t)_tzcnt_u64(bits);
        bits = _blsr_u64(bits);
    }
    if (found > 8) {
        for (int i = 8; i < 16; i++) {
            out[i] = base + (uint32_t)_tzcnt_u64(bits);
            bits = _blsr_u64(bits);
        }
        for (size_t i = 16; i < found; i++) {
            out[i] = base + (uint32_t)_tzcnt_u64(bits);
            bits = _blsr_u64(bits);
        }
    }
    return count + found;
}

__attribute__((target("avx2,pclmul,bmi,popcnt")))
static inline uint64_t mask_of(__m256i low, __m256i high) {
    uint32_t l = (uint32_t)_mm256_movemask_epi8(low);
    uint32_t h = (uint32_t)_mm256_movemask_epi8(high);
    return (uint64_t)l | (uint64_t)h << 32;
}

__attribute__((target("avx2,pclmul,bmi,popcnt")))
static inline uint64_t equal_mask(__m256i low, __m256i high, char c) {
    __m256i needle = _mm256_set1_epi8(c);
    return mask_of(_mm256_cmpeq_epi8(low, needle), _mm256_cmpeq_epi8(high, needle));
}

// The bytes of a 32-byte vector that are brackets, and (by `separators`) commas and colons,
// line feeds: one vector, so the compiler has one mask to make (clang, given four masks to
// OR, took them apart bit by bit: 2.8x slower). A bracket is a byte that, with bit 5 set, is
// `{` or `}` (`[` is 0x5B, `{` 0x7B; `]` 0x5D, `}` 0x7D; no other byte becomes either): two
// comparisons where four were made.
__attribute__((target("avx2,pclmul,bmi,popcnt")))
static inline __m256i structural(__m256i bytes, int separators) {
    __m256i folded = _mm256_or_si256(bytes, _mm256_set1_epi8(0x20));
    __m256i found = _mm256_or_si256(_mm256_cmpeq_epi8(folded, _mm256_set1_epi8('{')),
                                    _mm256_cmpeq_epi8(folded, _mm256_set1_epi8('}')));
    if (separators & 1) {
        found = _mm256_or_si256(found, _mm256_or_si256(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(',')),
                                                       _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(':'))));
    }
    if (separators & 2) found = _mm256_or_si256(found, _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\n')));
    return found;
}

__attribute__((target("avx2,pclmul,bmi,popcnt")))
static inline __attribute__((always_inline)) size_t index_avx2(const uint8_t *bytes, size_t length,
                                                              tstack_index_state *state, uint32_t *positions,
                                                              int separators) {
    size_t count = 0;
    uint64_t in_string = state->in_string;
    uint64_t escaped = state->escaped;
    size_t start = 0;
    for (; start + 64 <= length; start += 64) {
        const uint8_t *block = bytes + start;
        __m256i low = _mm256_loadu_si256((const __m256i *)block);
        __m256i high = _mm256_loadu_si256((const __m256i *)(block + 32));
        uint64_t backslash = equal_mask(low, high, '\\');
        uint64_t escapes = find_escaped(backslash, &escaped);
        uint64_t quote = equal_mask(low, high, '"') & ~escapes;
        uint64_t inside = inside_strings(quote, &in_string);
        uint64_t brackets = mask_of(structural(low, separators), structural(high, separators));
        count = write_positions((brackets & ~inside & ~escapes) | quote, (uint32_t)start, positions, count);
    }
    state->in_string = in_string;
    state->escaped = escaped;
    return index_tail(bytes, start, length, state, positions, count, separators);
}
#endif

#if defined(__x86_64__)
#define AVX512_TARGET "avx512f,avx512bw,avx512vl,avx512vbmi2,pclmul,bmi,popcnt"

// Writes the offsets of `bits`' set bits after `count` entries with AVX-512's compress: the
// bytes 0…63 of the set bits gathered to the front of a vector, widened sixteen at a time to
// offsets (no branch per bit, and none per eight bits as with AVX2: a block of a stack
// document has five or six quotes and brackets, often more than eight). The writes past the
// last bit land in entries the next block overwrites, within the chunk's `length` entries (a
// block at `base` has written no more than `base` positions before it).
__attribute__((target(AVX512_TARGET)))
static inline size_t write_positions_avx512(uint64_t bits, uint32_t base, uint32_t *positions, size_t count) {
    const __m512i offsets = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46,
                                            45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28,
                                            27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                            9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    size_t found = (size_t)__builtin_popcountll(bits);
    __m512i gathered = _mm512_maskz_compress_epi8(bits, offsets);
    __m512i start = _mm512_set1_epi32((int)base);
    uint32_t *out = positions + count;
    _mm512_storeu_si512(out, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(gathered)), start));
    if (found > 16) {
        _mm512_storeu_si512(out + 16,
                            _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(gathered, 1)), start));
        if (found > 32) {
            _mm512_storeu_si512(
                out + 32, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(gathered, 2)), start));
            _mm512_storeu_si512(
                out + 48, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(gathered, 3)), start));
        }
    }
    return count + found;
}

// The AVX2 kernel's steps on one 64-byte vector: each comparison gives its 64-bit mask at once.
__attribute__((target(AVX512_TARGET)))
static inline __attribute__((always_inline)) size_t index_avx512(const uint8_t *bytes, size_t length,
                                                                tstack_index_state *state, uint32_t *positions,
                                                                int separators) {
    size_t count = 0;
    uint64_t in_string = state->in_string;
    uint64_t escaped = state->escaped;
    const __m512i backslashes = _mm512_set1_epi8('\\'), quotes = _mm512_set1_epi8('"');
    const __m512i bit5 = _mm512_set1_epi8(0x20), opens = _mm512_set1_epi8('{'), closes = _mm512_set1_epi8('}');
    const __m512i commas = _mm512_set1_epi8(','), colons = _mm512_set1_epi8(':'), feeds = _mm512_set1_epi8('\n');
    size_t start = 0;
    for (; start + 64 <= length; start += 64) {
        __m512i block = _mm512_loadu_si512((const void *)(bytes + start));
        uint64_t escapes = find_escaped(_mm512_cmpeq_epi8_mask(block, backslashes), &escaped);
        uint64_t quote = _mm512_cmpeq_epi8_mask(block, quotes) & ~escapes;
        uint64_t inside = inside_strings(quote, &in_string);
        // Brackets as in `structural`: `[` and `]` with bit 5 set are `{` and `}`.
        __m512i folded = _mm512_or_si512(block, bit5);
        uint64_t found = _mm512_cmpeq_epi8_mask(folded, opens) | _mm512_cmpeq_epi8_mask(folded, closes);
        if (separators & 1) found |= _mm512_cmpeq_epi8_mask(block, commas) | _mm512_cmpeq_epi8_mask(block, colons);
        if (separators & 2) found |= _mm512_cmpeq_epi8_mask(block, feeds);
        count = write_positions_avx512((found & ~inside & ~escapes) | quote, (uint32_t)start, positions, count);
    }
    state->in_string = in_string;
    state->escaped = escaped;
    return index_tail(bytes, start, length, state, positions, count, separators);
}
#endif

#if defined(__x86_64__)
// What the processor and its system run, asked once with CPUID, by the first index: the
// compiler's `__builtin_cpu_supports` linked in a constructor that asks about every feature
// before `main` (a dozen CPUIDs, each a trip to the hypervisor in a VM: 4.5 µs here), on the
// way to a viewer's first frame.
static tstack_index_kernel widest_kernel_of_processor(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return TSTACK_INDEX_BYTES;
    const unsigned pclmul = 1u << 1, popcnt = 1u << 23, osxsave = 1u << 27, avx = 1u << 28;
    const unsigned needed = pclmul | popcnt | osxsave | avx;  // (both kernels are VEX-encoded)
    if ((ecx & needed) != needed) return TSTACK_INDEX_BYTES;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return TSTACK_INDEX_BYTES;
    const unsigned bmi = 1u << 3, avx2 = 1u << 5, avx512f = 1u << 16, avx512bw = 1u << 30, avx512vl = 1u << 31;
    const unsigned avx512vbmi2 = 1u << 6;  // (in ECX)
    if (!(ebx & bmi)) return TSTACK_INDEX_BYTES;
    // The registers' state the system saves: SSE and AVX (bits 1, 2), and AVX-512's (5–7).
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 0x6) != 0x6) return TSTACK_INDEX_BYTES;
    const unsigned avx512_all = avx512f | avx512bw | avx512vl;
    if ((ebx & avx512_all) == avx512_all && (ecx & avx512vbmi2) && (xcr0_low & 0xE0) == 0xE0) return TSTACK_INDEX_AVX512;
    return (ebx & avx2) ? TSTACK_INDEX_AVX2 : TSTACK_INDEX_BYTES;
}
#endif

tstack_index_kernel tstack_index_widest_kernel(void) {
#if defined(__x86_64__)
    // (-1: not asked yet. Two threads asking at once both find the same answer.)
    static _Atomic int widest = -1;
    int kernel = atomic_load_explicit(&widest, memory_order_relaxed);
    if (kernel < 0) {
        kernel = (int)widest_kernel_of_processor();
        atomic_store_explicit(&widest, kernel, memory_order_relaxed);
    }
    return (tstack_index_kernel)kernel;
#else
    return TSTACK_INDEX_BYTES;
#endif
}

#if defined(__x86_64__)
// A kernel for each set of separators, so the compiler drops the other sets' comparisons from
// its loop (asked at each block, they cost the AVX-512 kernel a tenth).
#define SEPARATOR_SETS(kernel, features)                                                                       \
    __attribute__((target(features))) static size_t kernel##_brackets(const uint8_t *bytes, size_t length,   \
                                                                      tstack_index_state *state,             \
                                                                      uint32_t *positions) {                 \
        return kernel(bytes, length, state, positions, 0);                                                   \
    }                                                                                                        \
    __attribute__((target(features))) static size_t kernel##_separators(const uint8_t *bytes, size_t length, \
                                                                        tstack_index_state *state,           \
                                                                        uint32_t *positions) {               \
        return kernel(bytes, length, state, positions, 1);                                                   \
    }                                                                                                        \
    __attribute__((target(features))) static size_t kernel##_lines(const uint8_t *bytes, size_t length,      \
                                                                   tstack_index_state *state,                \
                                                                   uint32_t *positions) {                    \
        return kernel(bytes, length, state, positions, 3);                                                   \
    }
SEPARATOR_SETS(index_avx2, "avx2,pclmul,bmi,popcnt")
SEPARATOR_SETS(index_avx512, AVX512_TARGET)
#endif

// The first stage with `kernel`, which the processor runs; `separators` 0, 1 or 3.
static size_t index_with(tstack_index_kernel kernel, int separators, const uint8_t *bytes, size_t length,
                         tstack_index_state *state, uint32_t *positions) {
    switch (kernel) {
#if defined(__x86_64__)
    case TSTACK_INDEX_AVX512:
        return separators == 0   ? index_avx512_brackets(bytes, length, state, positions)
               : separators == 1 ? index_avx512_separators(bytes, length, state, positions)
                                 : index_avx512_lines(bytes, length, state, positions);
    case TSTACK_INDEX_AVX2:
        return separators == 0   ? index_avx2_brackets(bytes, length, state, positions)
               : separators == 1 ? index_avx2_separators(bytes, length, state, positions)
                                 : index_avx2_lines(bytes, length, state, positions);
#endif
    default:
        return index_bytes(bytes, length, state, positions, separators);
    }
}

size_t tstack_index_json_with(tstack_index_kernel kernel, int separators, const uint8_t *bytes, size_t length,
                              tstack_index_state *state, uint32_t *positions) {
    // A kernel the processor lacks falls back to the widest it has; separators other than 0 and
    // 1 are the lines' set, 3.
    tstack_index_kernel widest = tstack_index_widest_kernel();
    return index_with(kernel <= widest ? kernel : widest, separators == 0 || separators == 1 ? separators : 3, bytes,
                      length, state, positions);
}

static size_t index_json(const uint8_t *bytes, size_t length, tstack_index_state *state, uint32_t *positions,
                         int separators) {
    return index_with(tstack_index_widest_kernel(), separators, bytes, length, state, positions);
}

size_t tstack_index_json(const uint8_t *bytes, size_t length, tstack_index_state *state, uint32_t *positions) {
    return index_json(bytes, length, state, positions, 0);
}

size_t tstack_index_json_separators(const uint8_t *bytes, size_t length, tstack_index_state *state,
                                    uint32_t *positions) {
    return index_json(bytes, length, state, positions, 1);
}

size_t tstack_index_json_lines(const uint8_t *bytes, size_t length, tstack_index_state *state, uint32_t *positions) {
    return index_json(bytes, length, state, positions, 3);
}
