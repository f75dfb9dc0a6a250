#ifndef TSTACK_JSON_INDEX_H
#define TSTACK_JSON_INDEX_H

#include <stddef.h>
#include <stdint.h>

/// What a scan carries from one chunk of JSON text to the next.
typedef struct {
    /// All ones when the last chunk ended inside a string, else zero.
    uint64_t in_string;
    /// One when the last chunk ended with an odd run of backslashes inside a string (its next
    /// byte is escaped), else zero.
    uint64_t escaped;
} tstack_index_state;

/// Entries past the last one found that an index may overwrite: `positions` needs room for
/// `length + TSTACK_INDEX_SLACK` entries.
#define TSTACK_INDEX_SLACK 16

/// Finds, in `bytes[0..<length]`, the quotes that open or close strings and the brackets
/// `{ } [ ]` outside strings, in order, and writes their offsets to `positions` (room for
/// `length + TSTACK_INDEX_SLACK` entries). `state` carries strings and escapes across chunks: start it zeroed.
/// Uses the widest kernel the processor runs (``tstack_index_widest_kernel``): AVX-512 or AVX2 with
/// carry-less multiplication (simdjson's first stage), else a byte loop with the same result.
/// - Returns: how many positions were written.
size_t tstack_index_json(const uint8_t *bytes, size_t length, tstack_index_state *state, uint32_t *positions);

/// The same, and the commas and colons outside strings too: what a scan of a tree's containers
/// needs to find each child.
size_t tstack_index_json_separators(const uint8_t *bytes, size_t length, tstack_index_state *state,
                                    uint32_t *positions);

/// The same, and the line feeds outside strings too: what a scan of JSON Lines needs.
size_t tstack_index_json_lines(const uint8_t *bytes, size_t length, tstack_index_state *state, uint32_t *positions);

/// The first stage's implementations, narrowest first.
typedef enum {
    /// A byte at a time: any processor.
    TSTACK_INDEX_BYTES = 0,
    /// 32 bytes a comparison, eight positions written a step (x86-64 with AVX2, PCLMUL, BMI1).
    TSTACK_INDEX_AVX2 = 1,
    /// 64 bytes a comparison, positions gathered by compress (AVX-512 F, BW, VL and VBMI2).
    TSTACK_INDEX_AVX512 = 2,
} tstack_index_kernel;

/// The widest kernel this processor runs: the one the functions above use.
tstack_index_kernel tstack_index_widest_kernel(void);

/// ``tstack_index_json`` (`separators` 0), ``tstack_index_json_separators`` (1) or
/// ``tstack_index_json_lines`` (3, and any other value) with the kernel given, or the widest the processor runs if
/// narrower: for tests that compare the kernels.
size_t tstack_index_json_with(tstack_index_kernel kernel, int separators, const uint8_t *bytes, size_t length,
                              tstack_index_state *state, uint32_t *positions);

#endif
