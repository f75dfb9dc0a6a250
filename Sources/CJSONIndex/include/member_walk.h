#ifndef TSTACK_MEMBER_WALK_H
#define TSTACK_MEMBER_WALK_H

#include <stddef.h>
#include <stdint.h>

/// A range of bytes: `start..<end`.
typedef struct {
    size_t start;
    size_t end;
} tstack_range;

/// What ``tstack_walk_members`` found a record to be.
enum {
    /// An object: its members looked up.
    TSTACK_RECORD_OBJECT = 0,
    /// A value that is not an object: it has no members.
    TSTACK_RECORD_OTHER = 1,
    /// An object with a key written with an escape (`"st\u0061tus"`): the caller compares its
    /// keys decoded.
    TSTACK_RECORD_ESCAPED_KEY = 2,
};

/// Marks a key not found in a record: its range's `start` and `end`.
#define TSTACK_NOT_FOUND SIZE_MAX

/// Walks up to `count` records — JSON values one after another, as an array's elements (a comma
/// between: `commas` 1) or JSON Lines (blanks between: `commas` 0) — from `*at` in `bytes[0..<length]`, and looks up in
/// each that is an object the top-level members named `keys` (`key_count` of them, their bytes
/// as written between quotes): record `r`'s value of `keys[k]` is `found[r * key_count + k]`,
/// the last member when a key is written twice (as jq), `TSTACK_NOT_FOUND` when there is none.
/// `records[r]` is the record's value and `kinds[r]` what it is (`TSTACK_RECORD_…`).
///
/// Strings are passed by `memchr`, containers by their brackets outside strings, and nothing
/// is decoded: it finds structure, not every grammar error (the tree's own check does that).
/// It stops at the end of the bytes, before a record they do not hold whole, at an array's `]`,
/// or before what cannot be a record (`*at` is then where it stopped).
/// - Returns: how many records were walked.
size_t tstack_walk_members(const uint8_t *bytes, size_t length, size_t *at, size_t count, int commas,
                           const uint8_t *const *keys, const size_t *key_lengths, size_t key_count,
                           tstack_range *records, uint8_t *kinds, tstack_range *found);

#endif
