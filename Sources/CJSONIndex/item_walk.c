// The items of a stack document read from the first stage's index: the scan's hot loop, a
// position or two an item's member, with no byte of its strings visited.
#include "item_walk.h"

#include <string.h>

#include "json_bytes.h"

// A byte of a number or a literal (`true`, `null`, `-1.5e3`).
static inline int is_scalar(uint8_t byte) {
    return (byte >= '0' && byte <= '9') || (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z')
        || byte == '-' || byte == '+' || byte == '.';
}

// Mixes eight bytes of an id into `hash`.
static inline uint64_t absorb(uint64_t hash, uint64_t word) {
    hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
    return hash ^ hash >> 29;
}

// Whether a word of eight bytes holds a backslash (the bit trick for a zero byte, on the word
// with every byte XORed with `\`).
static inline int has_backslash(uint64_t word) {
    uint64_t x = word ^ 0x5C5C5C5C5C5C5C5CULL;
    return ((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) != 0;
}

// The hash of `text`, eight bytes a step, and whether a backslash is in it (`*escaped`).
static inline uint64_t id_hash(const uint8_t *text, size_t length, int *escaped) {
    uint64_t hash = 0xCBF29CE484222325ULL ^ length;
    int backslash = 0;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, text + i, 8);
        backslash |= has_backslash(word);
        hash = absorb(hash, word);
    }
    // The last bytes, fewer than eight, in the low bytes of a word (no read past the text).
    uint64_t word = 0;
    for (size_t shift = 0; i < length; i++, shift += 8) word |= (uint64_t)text[i] << shift;
    backslash |= has_backslash(word);
    hash = absorb(hash, word);
    // Every bit of the hash from every bit of the text (the low 32 bits are what is kept).
    hash ^= hash >> 33;
    hash *= 0xFF51AFD7ED558CCDULL;
    hash ^= hash >> 33;
    *escaped = backslash;
    return hash == 0 ? 1 : hash;
}

uint64_t tstack_id_hash(const uint8_t *text, size_t length) {
    int escaped;
    return id_hash(text, length, &escaped);
}

enum member { MEMBER_OTHER, MEMBER_ID, MEMBER_DETAIL };

// The first byte at or after `j` in the chunk that is not a blank (`n` at the end).
static inline size_t past_blanks(const uint8_t *chunk, size_t n, size_t j) {
    while (j < n && tstack_is_blank(chunk[j])) j++;
    return j;
}

// One item from its `{`, entry `k` of the index: one past its `}` (and the entry after it in
// `*next`), or 0 when it is not read here. A string met at the item's own level is a member's
// name, read with what follows it (`:` and the value; a string value is the next two entries);
// strings deeper down are passed two entries at a time, unread.
static size_t whole_item(const uint8_t *chunk, size_t n, const uint32_t *positions, size_t count, size_t k,
                         size_t depth_limit, size_t *next, uint64_t *hash, uint8_t *detail) {
    // The open brackets, one bit each (1 for `{`), the innermost lowest.
    uint64_t brackets = 1;
    size_t depth = 1;
    uint64_t found_hash = 0;
    uint8_t found_detail = 0;
    k += 1;
    while (k < count) {
        size_t p = positions[k];
        uint8_t byte = chunk[p];
        if (byte == '"') {
            // (A string the chunk does not close ends the loop: the item is not whole here.)
            if (depth != 1) {
                k += 2;
                continue;
            }
            if (k + 1 >= count) return 0;
            size_t close = positions[k + 1];
            k += 2;
            const uint8_t *name = chunk + p + 1;
            size_t name_length = close - p - 1;
            // Names compared as written, as the byte-by-byte path compares them.
            enum member member = name_length == 2 && name[0] == 'i' && name[1] == 'd' ? MEMBER_ID
                : name_length == 6 && memcmp(name, "detail", 6) == 0 ? MEMBER_DETAIL
                : MEMBER_OTHER;
            // `"name":value` most often: the blanks are looked for only when there are any (the
            // walk of compact items: 31 instructions an item fewer, 510 in all).
            size_t j = close + 1;
            if (j < n && chunk[j] != ':') j = past_blanks(chunk, n, j);
            if (j >= n || chunk[j] != ':') return 0;
            j += 1;
            if (j < n && tstack_is_blank(chunk[j])) j = past_blanks(chunk, n, j);
            if (j >= n) return 0;
            uint8_t value = chunk[j];
            if (value == '"') {
                // The value's quotes are the next two entries.
                if (k + 1 >= count || positions[k] != j) return 0;
                if (member == MEMBER_ID) {
                    int escaped;
                    found_hash = id_hash(chunk + j + 1, positions[k + 1] - j - 1, &escaped);
                    // An escaped id is decoded by the byte-by-byte path.
                    if (escaped) return 0;
                }
                k += 2;
            } else if (value != '{' && value != '[') {
                // A number or a literal: only `detail`'s is read.
                size_t end = j;
                while (end < n && is_scalar(chunk[end])) end++;
                if (end >= n || end == j) return 0;
                if (member == MEMBER_DETAIL) found_detail = end - j == 1 && value >= '1' && value <= '3' ? value - '0' : 0;
            }
            continue;
        }
        k += 1;
        if (byte == '{' || byte == '[') {
            if (depth >= 63 || depth >= depth_limit) return 0;
            brackets = brackets << 1 | (byte == '{' ? 1 : 0);
            depth += 1;
            continue;
        }
        if (((brackets & 1) == 1) != (byte == '}')) return 0;
        brackets >>= 1;
        depth -= 1;
        if (depth == 0) {
            *next = k;
            *hash = found_hash;
            *detail = found_detail;
            return p + 1;
        }
    }
    return 0;
}

size_t tstack_walk_items(const uint8_t *chunk, size_t length, const uint32_t *positions, size_t count,
                         size_t *cursor, size_t *at, size_t depth_limit, tstack_item *items, size_t capacity) {
    size_t walked = 0;
    size_t open = *at;
    size_t k = *cursor;
    while (walked < capacity) {
        while (k < count && positions[k] < open) k++;
        if (k >= count || positions[k] != open) break;
        size_t next;
        uint64_t hash;
        uint8_t detail;
        size_t end = whole_item(chunk, length, positions, count, k, depth_limit, &next, &hash, &detail);
        if (end == 0) break;
        items[walked++] = (tstack_item){.start = open, .end = end, .id_hash = hash, .detail = detail};
        k = next;
        *cursor = k;
        *at = end;
        // The next item: a comma and a `{`, blanks around them.
        size_t j = end;
        while (j < length && tstack_is_blank(chunk[j])) j++;
        if (j >= length || chunk[j] != ',') break;
        j++;
        while (j < length && tstack_is_blank(chunk[j])) j++;
        if (j >= length || chunk[j] != '{') break;
        open = j;
    }
    return walked;
}
