import CJSONIndex

// MARK: - Whole items read from the chunk's index (its quotes and brackets)

extension StackScanner {
    /// The first indexed position at or after `offset` in the chunk, if any. Offsets asked for
    /// never go back within a chunk, so the cursor only moves on.
    mutating func position(atOrAfter offset: Int) -> Int? {
        while cursor < positionCount, Int(positions[cursor]) < offset { cursor += 1 }
        return cursor < positionCount ? Int(positions[cursor]) : nil
    }

    /// Reads the items from the one at `open` on that end in this chunk, from the index alone
    /// (`tstack_walk_items`, in C: the scan's hot loop): bracket to bracket, string to string,
    /// their members' names compared where they are, each `id` hashed and `detail` read in place —
    /// no byte of their strings is visited. Items follow one another across `,`; the walk stops
    /// after the last one it reads whole.
    /// - Returns: one past the last item read, or nil, with nothing changed, when the item at
    ///   `open` goes on into the next chunk or is not `{"name": value, …}` as expected: the
    ///   byte-by-byte path then reads it, and says what is wrong.
    mutating func wholeItems(_ chunk: UnsafeBufferPointer<UInt8>, at open: Int, base: Int) -> Int? {
        var at = open
        var walkedCursor = cursor
        let depthLimit = max(0, Self.maximumDepth - frames.count)
        let walked = positions.withUnsafeBufferPointer { positions in
            walkedItems.withUnsafeMutableBufferPointer { walked in
                tstack_walk_items(
                    chunk.baseAddress, chunk.count, positions.baseAddress, positionCount, &walkedCursor, &at,
                    depthLimit, walked.baseAddress, walked.count)
            }
        }
        guard walked > 0 else { return nil }
        cursor = walkedCursor
        record(walkedItems[..<walked], base: base)
        return at
    }
}
