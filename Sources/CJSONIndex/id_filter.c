// The duplicate-id check's filter: a bit a key of an id hash, set and read a million times a
// load, in a bitmap a few times bigger than a core's cache.
#include "id_filter.h"

// Hashes ahead of the one set whose word is asked for: enough loads in flight to hide a miss.
#define AHEAD 16

size_t tstack_id_filter_insert(uint64_t *words, int key_bits, const uint32_t *hashes, size_t count, uint32_t *met) {
    size_t found = 0;
    for (size_t i = 0; i < count; i++) {
        if (i + AHEAD < count) __builtin_prefetch(&words[tstack_id_filter_key(hashes[i + AHEAD], key_bits) >> 6], 1);
        uint32_t hash = hashes[i];
        size_t key = tstack_id_filter_key(hash, key_bits);
        uint64_t bit = (hash != 0 ? 1ULL : 0ULL) << (key & 63);
        uint64_t word = words[key >> 6];
        met[found] = hash;
        found += (word & bit) != 0;
        words[key >> 6] = word | bit;
    }
    return found;
}

size_t tstack_id_filter_pick(const uint64_t *words, int key_bits, const uint32_t *hashes, size_t count,
                             uint32_t *picked) {
    size_t found = 0;
    for (size_t i = 0; i < count; i++) {
        if (i + AHEAD < count) __builtin_prefetch(&words[tstack_id_filter_key(hashes[i + AHEAD], key_bits) >> 6], 0);
        uint32_t hash = hashes[i];
        size_t key = tstack_id_filter_key(hash, key_bits);
        picked[found] = hash;
        found += hash != 0 && (words[key >> 6] >> (key & 63) & 1) != 0;
    }
    return found;
}
