/// Reads the records of an array a window of the file at a time — what `:sort` and `:where`
/// read of a million records: one read of the file a window (with the bytes just before it, for
/// a pattern's lookbehind), each record's start looked up once.
enum RecordWindow {
    /// A record as read: its index, the window's bytes, and where in them its region (the value,
    /// blanks around it) is; whether the window starts a line and whether its end ends one.
    struct Record {
        let index: Int
        let window: UnsafeBufferPointer<UInt8>
        let region: Range<Int>
        let windowStartsLine: Bool
        let windowEndsLine: Bool

        /// The record's bytes.
        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: window[region]) }

        /// Whether `pattern` matches in the record's text, seen as the tree's `&` sees a child's
        /// (`TreeFilter.matches`): what precedes it for a lookbehind, `^` and `$` where the
        /// file's lines start and end.
        func matches(_ pattern: RegexPattern) -> Bool {
            let readStart = max(0, region.lowerBound - TreeFilter.context)
            let startsLine = readStart == 0 ? windowStartsLine : window[readStart - 1] == 0x0A
            let endsLine = region.upperBound < window.count ? window[region.upperBound] == 0x0A : windowEndsLine
            return TreeFilter.matches(
                pattern, in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: window[readStart..<region.upperBound])),
                from: region.lowerBound - readStart, startsLine: startsLine, endsLine: endsLine)
        }
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
        let readStart = max(0, start - TreeFilter.context)
        let bytes = tree.bytes(in: readStart..<end)
        let startsLine = tree.startsLine(at: readStart)
        // (The root's children end a line where the file's text of them ends, as the tree's `&`
        // sees them.)
        let endsRoot = first + starts.count == count && records.start == tree.root?.start && !tree.isScanning
        let endsLine = end >= tree.size || tree.startsLine(at: end + 1) || endsRoot
        bytes.withUnsafeBufferPointer { window in
            guard window.count == end - readStart else {
                // A short read (the file cut under it): these records have nothing to read.
                for offset in starts.indices {
                    body(Record(index: first + offset, window: window, region: 0..<0, windowStartsLine: true, windowEndsLine: true))
                }
                return
            }
            for (offset, lower) in starts.enumerated() {
                // (An array's record ends before the comma that precedes the next.)
                let upper = offset + 1 < starts.count ? starts[offset + 1] - 1 : end
                body(Record(
                    index: first + offset, window: window, region: (lower - readStart)..<(max(lower, upper) - readStart),
                    windowStartsLine: startsLine, windowEndsLine: endsLine))
            }
        }
        return first + starts.count
    }
}
