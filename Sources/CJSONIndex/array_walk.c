#include "array_walk.h"
#include "json_bytes.h"

size_t tstack_walk_scalar_children(const uint8_t *chunk, int64_t offset, const uint32_t *positions, size_t k,
                                   size_t found, tstack_array_region *region, int64_t *starts, size_t *written) {
    int64_t start = region->start;
    int has_content = region->has_content;
    size_t count = 0;
    while (k < found) {
        uint32_t at = positions[k];
        uint8_t byte = chunk[at];
        if (byte == ',') {
            if (!has_content) {
                // (A region may have started in an earlier chunk: what it had there was recorded.)
                int64_t from = start > offset ? start - offset : 0;
                for (int64_t index = from; index < (int64_t)at; index++) {
                    if (!tstack_is_blank(chunk[index])) {
                        has_content = 1;
                        break;
                    }
                }
            }
            if (has_content) starts[count++] = start;
            start = offset + at + 1;
            has_content = 0;
            k += 1;
        } else if (byte == '"' && k + 1 < found) {
            has_content = 1;
            k += 2;
        } else {
            break;
        }
    }
    region->start = start;
    region->has_content = has_content;
    *written = count;
    return k;
}
