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

uint64_t tstack_id_hash(const uint8_t *text, size_t length) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < length; i++) {
        hash ^= text[i];
        hash *= 0x100000001b3ULL;
    }
    return hash == 0 ? 1 : hash;
}

enum member { MEMBER_OTHER, MEMBER_ID, MEMBER_DETAIL };

// One item from its `{`, entry `k` of the index: one past its `}` (and the entry after it in
// `*next`), or 0 when it is not read here.
static size_t whole_item(const uint8_t *chunk, size_t n, const uint32_t *positions, size_t count, size_t k,
                         size_t depth_limit, size_t *next, uint64_t *hash, uint8_t *detail) {
    // The open brackets, one bit each (1 for `{`), the innermost lowest.
    uint64_t brackets = 1;
    size_t depth = 1;
    int expects_name = 1;
    enum member member = MEMBER_OTHER;
    uint64_t found_hash = 0;
    uint8_t found_detail = 0;
    k += 1;
    while (k < count) {
        size_t p = positions[k];
        uint8_t byte = chunk[p];
        if (byte == '"') {
            if (k + 1 >= count) return 0;
            size_t close = positions[k + 1];
            k += 2;
            if (depth != 1) continue;
            const uint8_t *text = chunk + p + 1;
            size_t text_length = close - p - 1;
            if (!expects_name) {
                if (member == MEMBER_ID) {
                    // An escaped id is decoded by the byte-by-byte path.
                    if (memchr(text, '\\', text_length) != NULL) return 0;
                    found_hash = tstack_id_hash(text, text_length);
                }
                expects_name = 1;
                continue;
            }
            // Names compared as written, as the byte-by-byte path compares them.
            member = text_length == 2 && text[0] == 'i' && text[1] == 'd' ? MEMBER_ID
                : text_length == 6 && memcmp(text, "detail", 6) == 0 ? MEMBER_DETAIL
                : MEMBER_OTHER;
            size_t j = close + 1;
            while (j < n && tstack_is_blank(chunk[j])) j++;
            if (j >= n || chunk[j] != ':') return 0;
            j++;
            while (j < n && tstack_is_blank(chunk[j])) j++;
            if (j >= n) return 0;
            uint8_t value = chunk[j];
            if (value == '"') {
                expects_name = 0;
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
