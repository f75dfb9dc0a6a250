#ifndef TSTACK_BYTE_FIND_H
#define TSTACK_BYTE_FIND_H

#include <stddef.h>
#include <stdint.h>

/// The offset of the first byte of `bytes` (`count`), at or after `from`, that is one of the
/// `set_count` bytes of `set` (1 to 5); `count` when none is. One pass over the bytes, 32 at a
/// time, for any of them — where `memchr` takes a pass for each.
size_t tstack_find_any_byte(const uint8_t *bytes, size_t count, size_t from, const uint8_t *set, int set_count);

#endif
