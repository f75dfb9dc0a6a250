import DequeModule

/// Item records the scan found and nobody took in yet, kept in the batches the scan published
/// them in (one a chunk of the file, each array exactly its records' size).
///
/// Taking some never copies the rest, and what is held is what waits: 24 bytes a record. One
/// array that grew by doubling and kept its capacity held up to four times that (8.4 MB of a
/// million items' 40 MB peak).
struct ItemBacklog {
    private var batches: Deque<[StackScanner.ItemRecord]> = []
    /// Records of the first batch already taken.
    private var taken = 0
    /// Records waiting, in all.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds a batch at the end.
    mutating func append(_ batch: [StackScanner.ItemRecord]) {
        guard !batch.isEmpty else { return }
        batches.append(batch)
        count += batch.count
    }

    /// Adds batches at the end, in order.
    mutating func append(contentsOf batches: [[StackScanner.ItemRecord]]) {
        for batch in batches { append(batch) }
    }

    /// Takes up to `limit` records from the front, all from one batch (call again for more).
    mutating func takeFirst(upTo limit: Int) -> ArraySlice<StackScanner.ItemRecord> {
        guard limit > 0, let first = batches.first else { return [] }
        let end = min(first.count, taken + limit)
        let records = first[taken..<end]
        count -= records.count
        if end == first.count {
            batches.removeFirst()
            taken = 0
        } else {
            taken = end
        }
        return records
    }
}
