#ifndef TSTACK_ITEM_WALK_H
#define TSTACK_ITEM_WALK_H

#include <stddef.h>
#include <stdint.h>

/// An item of a stack document found whole in a chunk: where it is in the chunk, its `id`'s hash
/// and its `detail`.
typedef struct {
    /// Offsets in the chunk of its `{` and one past its `}`.
    size_t start;
    size_t end;
    /// `tstack_id_hash` of its `id` string as written; 0 when it has no `id` string.
    uint64_t id_hash;
    /// Its `detail` when it is a number 1–3, else 0.
    uint8_t detail;
} tstack_item;

/// The hash of an item's `id` (`ItemIDHash`) over the UTF-8 of its text: eight bytes a step, each mixed in by a
/// multiplication, then the bits spread (murmur3's finalizer) so that the low 32 bits kept depend on every byte.
/// Never 0 (which means "no id").
uint64_t tstack_id_hash(const uint8_t *text, size_t length);

/// Walks the items of an items array that lie whole in `chunk` (`length` bytes), from the `{` at
/// `*at`, from the chunk's index alone (`positions`, `count` of them: its quotes and its brackets
/// outside strings, as `tstack_index_json` finds them): bracket to bracket, string to string, its
/// members' names compared where they are, its `id` hashed and its `detail` read in place. Items
/// follow one another across `,` and blanks; up to `capacity` are written to `items`.
///
/// It stops before anything else: the array's end, an item the chunk does not hold whole, an
/// item nested deeper than `depth_limit` (or 63) levels, an `id` with an escape, anything not
/// `{"name": value, …}` — the caller's byte-by-byte path reads it, and says what is wrong.
/// `*at` is then one past the last item walked and `*cursor` the first entry of `positions` after
/// it (both unchanged when none was).
/// - Returns: how many items were written.
size_t tstack_walk_items(const uint8_t *chunk, size_t length, const uint32_t *positions, size_t count,
                         size_t *cursor, size_t *at, size_t depth_limit, tstack_item *items, size_t capacity);

#endif
