#ifndef TSTACK_ID_FILTER_H
#define TSTACK_ID_FILTER_H

#include <stddef.h>
#include <stdint.h>

/// The bit of `hash` in a filter of `1 << key_bits` bits: the top bits of a multiplicative hash
/// of it (ids alike but for their last bytes may have hashes alike in their low bits).
static inline size_t tstack_id_filter_key(uint32_t hash, int key_bits) {
    return (size_t)(((uint64_t)hash * 0x9E3779B97F4A7C15ULL) >> (64 - key_bits));
}

/// Sets the bits of `hashes` (`count`; 0, no id, left out) in `words` (`1 << key_bits` bits, 64 a
/// word), and writes to `met` (room for `count`) each hash whose bit was set already, in order.
/// Without a branch per hash, and the words asked for ahead: the bits are far bigger than a
/// cache, and each hash's is anywhere in them.
/// - Returns: how many were written to `met`.
size_t tstack_id_filter_insert(uint64_t *words, int key_bits, const uint32_t *hashes, size_t count, uint32_t *met);

/// Writes to `picked` (room for `count`) the hashes of `hashes` (0 left out) whose bit is set in
/// `words` (`1 << key_bits` bits), in order.
/// - Returns: how many were written.
size_t tstack_id_filter_pick(const uint64_t *words, int key_bits, const uint32_t *hashes, size_t count,
                             uint32_t *picked);

#endif
