// One pass over a window for any of a few bytes (the bytes a row spells otherwise): the
// compiler's portable vectors (SSE2 on x86-64, NEON on ARM), a byte at a time at the ends.
#include "byte_find.h"

#include <string.h>

typedef uint8_t bytes16 __attribute__((vector_size(16)));

static inline int is_in_set(uint8_t byte, const uint8_t *set, int set_count) {
    for (int k = 0; k < set_count; k++) {
        if (byte == set[k]) return 1;
    }
    return 0;
}

// The bytes of `block` equal to one of `s0`…`s4`: 0xFF where one is, else 0.
static inline bytes16 matching(bytes16 block, bytes16 s0, bytes16 s1, bytes16 s2, bytes16 s3, bytes16 s4) {
    return (bytes16)((block == s0) | (block == s1) | (block == s2) | (block == s3) | (block == s4));
}

// The index of the first nonzero byte of a 16-byte mask that has one.
static inline size_t first_set(bytes16 mask) {
    uint64_t low, high;
    memcpy(&low, &mask, 8);
    memcpy(&high, (const uint8_t *)&mask + 8, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return low ? (size_t)__builtin_ctzll(low) / 8 : 8 + (size_t)__builtin_ctzll(high) / 8;
#else
    for (size_t j = 0; j < 16; j++) {
        if (mask[j]) return j;
    }
    return 16;
#endif
}

size_t tstack_find_any_byte(const uint8_t *bytes, size_t count, size_t from, const uint8_t *set, int set_count) {
    if (set_count < 1 || set_count > 5) return count;
    // (Fewer than five: the first repeated.)
    uint8_t s[5];
    for (int k = 0; k < 5; k++) s[k] = set[k < set_count ? k : 0];
    bytes16 s0 = (bytes16){0} + s[0], s1 = (bytes16){0} + s[1], s2 = (bytes16){0} + s[2];
    bytes16 s3 = (bytes16){0} + s[3], s4 = (bytes16){0} + s[4];
    size_t i = from;
    for (; i + 32 <= count; i += 32) {
        bytes16 a, b;
        memcpy(&a, bytes + i, 16);
        memcpy(&b, bytes + i + 16, 16);
        bytes16 ma = matching(a, s0, s1, s2, s3, s4), mb = matching(b, s0, s1, s2, s3, s4);
        bytes16 any = ma | mb;
        uint64_t words[2];
        memcpy(words, &any, 16);
        if (words[0] | words[1]) {
            memcpy(words, &ma, 16);
            return i + ((words[0] | words[1]) ? first_set(ma) : 16 + first_set(mb));
        }
    }
    for (; i < count; i++) {
        if (is_in_set(bytes[i], s, 5)) return i;
    }
    return count;
}
