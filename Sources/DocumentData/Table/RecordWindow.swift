/// Reads the records of an array a window of the file at a time, each record's start looked up
/// once (its block scanned again past the table's first 65,536): the way a `RecordWalk` falls
/// back to where its walk cannot read the records as the table does.
enum RecordWindow {
    /// A record as read: its index, the window's bytes, and where in them its region (the value,
    /// blanks around it) is; whether the window starts a line and whether its end ends one.
    struct Record {
        let index: Int
        let window: UnsafeBufferPointer<UInt8>
        let region: Range<Int>
        /// The file's offset of the window's first byte.
        let windowStart: Int

        /// The record's bytes.
        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: window[region]) }
    }

    /// Calls `body` with each record of `records` (an array's children) from `first` on that
    /// starts within `window` bytes of it — one record at least, however big.
    /// - Returns: the index after the last record read.
    static func read(
        _ records: ChildTable, of tree: JSONTree, from first: Int, window: Int, _ body: (Record) -> Void
    ) -> Int {
        // (A record still read is not one yet: it is read once whole.)
        let count = records.wholeChildCount
        guard first < count else { return first }
        let start = records.valueStart(of: first)
        var starts = [start]
        while first + starts.count < count {
            let next = records.valueStart(of: first + starts.count)
            guard next - start <= window else { break }
            starts.append(next)
        }
        let end = records.valueRegion(of: first + starts.count - 1).upperBound
        let readStart = start
        let bytes = tree.bytes(in: readStart..<end)
        bytes.withUnsafeBufferPointer { window in
            guard window.count == end - readStart else {
                // A short read (the file cut under it): these records have nothing to read.
                for offset in starts.indices {
                    body(Record(index: first + offset, window: window, region: 0..<0, windowStart: readStart))
                }
                return
            }
            for (offset, lower) in starts.enumerated() {
                // (An array's record ends before the comma that precedes the next.)
                let upper = offset + 1 < starts.count ? starts[offset + 1] - 1 : end
                body(Record(
                    index: first + offset, window: window, region: (lower - readStart)..<(max(lower, upper) - readStart),
                    windowStart: readStart))
            }
        }
        return first + starts.count
    }
}
