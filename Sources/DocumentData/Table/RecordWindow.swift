/// Reads the records of a container a window of the file at a time — what `:sort` and `:where`
/// read of a million records: one read of the file a window, each record's start looked up once.
enum RecordWindow {
    /// Calls `body` with the index and the bytes (its region: the value, blanks around it) of
    /// each record of `records` from `first` on that starts within `window` bytes of it — one
    /// record at least, however big.
    /// - Returns: the index after the last record read.
    static func read(
        _ records: ChildTable, of tree: JSONTree, from first: Int, window: Int,
        _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        let count = records.count
        guard first < count else { return first }
        let start = records.valueStart(of: first)
        var starts = [start]
        while first + starts.count < count {
            let next = records.valueStart(of: first + starts.count)
            guard next - start <= window else { break }
            starts.append(next)
        }
        let end = records.valueRegion(of: first + starts.count - 1).upperBound
        let bytes = tree.bytes(in: start..<end)
        guard bytes.count == end - start else {
            // A short read (the file cut under it): these records have nothing to read.
            for offset in starts.indices { body(first + offset, UnsafeBufferPointer(start: nil, count: 0)) }
            return first + starts.count
        }
        bytes.withUnsafeBufferPointer { window in
            for (offset, lower) in starts.enumerated() {
                // (An array's record ends before the comma that precedes the next.)
                let upper = offset + 1 < starts.count ? starts[offset + 1] - (records.isObject ? 0 : 1) : end
                body(first + offset, UnsafeBufferPointer(rebasing: window[(lower - start)..<(max(lower, upper) - start)]))
            }
        }
        return first + starts.count
    }
}
