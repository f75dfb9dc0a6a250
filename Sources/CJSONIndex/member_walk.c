// The records of a table walked for a few members each: what `:freq`, `:describe`, `:sort`
// and `:where` read of every record, a byte loop with `memchr` over strings.
#include "member_walk.h"

#include <string.h>

#include "json_bytes.h"

// The first byte at or after `j` that is not a blank (`n` at the end).
static inline size_t skip_blanks(const uint8_t *bytes, size_t n, size_t j) {
    while (j < n && tstack_is_blank(bytes[j])) j++;
    return j;
}

// Marks a string or a container the bytes end inside.
#define UNENDED SIZE_MAX

// The bytes of `word` equal to `byte`: the high bit of each set (exact for the lowest one set,
// which is all that is read of it: a borrow may set bits above it).
static inline uint64_t bytes_equal(uint64_t word, uint8_t byte) {
    uint64_t differs = word ^ (0x0101010101010101ULL * byte);
    return (differs - 0x0101010101010101ULL) & ~differs & 0x8080808080808080ULL;
}

// One past the quote closing the string whose opening quote is at `j`, or `UNENDED`: eight
// bytes at a time to the next quote or backslash (a backslash passes the byte it escapes).
// Most strings of a record are a few to a few dozen bytes, where `memchr`'s set-up per string
// cost more than the scan.
static inline size_t string_end(const uint8_t *bytes, size_t n, size_t j) {
    size_t i = j + 1;
    while (i < n) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (i + 8 <= n) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            uint64_t found = bytes_equal(word, '"') | bytes_equal(word, '\\');
            if (!found) {
                i += 8;
                continue;
            }
            i += (size_t)__builtin_ctzll(found) / 8;
        }
#endif
        if (bytes[i] == '"') return i + 1;
        i += bytes[i] == '\\' ? 2 : 1;
    }
    return UNENDED;
}

// One past the value starting at `j` (a string, a container by its brackets, a scalar up to a
// delimiter or the end), or `UNENDED` for a string or a container the bytes end inside.
static inline size_t value_end(const uint8_t *bytes, size_t n, size_t j) {
    uint8_t first = bytes[j];
    if (first == '"') return string_end(bytes, n, j);
    if (first == '{' || first == '[') {
        size_t depth = 0;
        for (size_t i = j; i < n; i++) {
            uint8_t byte = bytes[i];
            if (byte == '"') {
                size_t after = string_end(bytes, n, i);
                if (after == UNENDED) return UNENDED;
                i = after - 1;
            } else if (byte == '{' || byte == '[') {
                depth++;
            } else if (byte == '}' || byte == ']') {
                if (--depth == 0) return i + 1;
            }
        }
        return UNENDED;
    }
    size_t i = j;
    while (i < n) {
        uint8_t byte = bytes[i];
        if (byte == ',' || byte == '}' || byte == ']' || tstack_is_blank(byte)) break;
        i++;
    }
    return i;
}

size_t tstack_walk_members(const uint8_t *bytes, size_t n, size_t *at, size_t count, int commas,
                           const uint8_t *const *keys, const size_t *key_lengths, size_t key_count,
                           tstack_range *records, uint8_t *kinds, tstack_range *found) {
    size_t j = *at, walked = 0, end = 0;
    while (walked < count) {
        // Between records: blanks, and one comma in an array.
        size_t start = skip_blanks(bytes, n, j);
        if (commas && start < n && bytes[start] == ',' && walked > 0) start = skip_blanks(bytes, n, start + 1);
        if (start >= n || bytes[start] == ']' || bytes[start] == '}' || bytes[start] == ',') break;
        tstack_range *slots = found + walked * key_count;
        for (size_t k = 0; k < key_count; k++) slots[k].start = slots[k].end = TSTACK_NOT_FOUND;
        uint8_t kind = TSTACK_RECORD_OBJECT;
        if (bytes[start] != '{') {
            kind = TSTACK_RECORD_OTHER;
            end = value_end(bytes, n, start);
            if (end == UNENDED || end == start) break;
        } else {
            // The object's members, key by key; a record cut by the bytes' end is not walked.
            size_t i = skip_blanks(bytes, n, start + 1);
            int whole = 0;
            if (i < n && bytes[i] == '}') {
                whole = 1;
                end = i + 1;
            }
            while (!whole && i < n && bytes[i] == '"') {
                size_t key_end = string_end(bytes, n, i);
                if (key_end == UNENDED) break;
                if (memchr(bytes + i + 1, '\\', key_end - i - 2)) kind = TSTACK_RECORD_ESCAPED_KEY;
                size_t colon = skip_blanks(bytes, n, key_end);
                if (colon >= n || bytes[colon] != ':') break;
                size_t value = skip_blanks(bytes, n, colon + 1);
                if (value >= n) break;
                size_t after = value_end(bytes, n, value);
                if (after == UNENDED || after == value) break;
                size_t length = key_end - i - 2;
                for (size_t k = 0; k < key_count; k++) {
                    if (key_lengths[k] == length && memcmp(keys[k], bytes + i + 1, length) == 0) {
                        slots[k].start = value;
                        slots[k].end = after;
                    }
                }
                i = skip_blanks(bytes, n, after);
                if (i < n && bytes[i] == '}') {
                    whole = 1;
                    end = i + 1;
                } else if (i < n && bytes[i] == ',') {
                    i = skip_blanks(bytes, n, i + 1);
                } else {
                    break;
                }
            }
            if (!whole) break;
        }
        records[walked].start = start;
        records[walked].end = end;
        kinds[walked] = kind;
        walked++;
        j = end;
    }
    *at = j;
    return walked;
}
