#ifndef TSTACK_ARRAY_WALK_H
#define TSTACK_ARRAY_WALK_H

#include <stddef.h>
#include <stdint.h>

/// The region of an array's child being read: where it starts (a byte offset in the file, after
/// the `[` or `,` before it) and whether anything but blanks was seen in it.
typedef struct {
    int64_t start;
    int32_t has_content;
} tstack_array_region;

/// Walks a run of an array's scalar children in a chunk (`chunk`, the file's bytes from
/// `offset`), from entry `k` of its separators (`positions`, `found` of them, as
/// `tstack_index_json_separators` finds them) on, while each is a comma (a child ends) or a
/// string's opening quote (its closing one is the next entry). A child whose region is not blank
/// has its region's start written to `starts` (room for `found - k` entries); `region` is carried
/// in and out; `*written` says how many were written.
/// - Returns: the first entry not taken (a bracket, a colon, or a string the chunk does not close).
size_t tstack_walk_scalar_children(const uint8_t *chunk, int64_t offset, const uint32_t *positions, size_t k,
                                   size_t found, tstack_array_region *region, int64_t *starts, size_t *written);

#endif
