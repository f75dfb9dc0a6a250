// What the C walks over JSON text share (private to this target).
#ifndef TSTACK_JSON_BYTES_H
#define TSTACK_JSON_BYTES_H

#include <stdint.h>

// JSON's blanks between tokens: space, line feed, carriage return, tab.
static inline int tstack_is_blank(uint8_t byte) {
    return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t';
}

#endif
