/// Reads windows of a tree's text into a buffer of its own, kept from one read to the next: a
/// pass over a whole file reads it a few MiB at a time, and a fresh buffer each time cost more
/// than the walk of its records (zeroed, then its every page faulted in). Used by one thread
/// at a time; it may be handed to another thread (``JSONTree/windowReader()``).
final class WindowReader: @unchecked Sendable {
    private let fill: @Sendable (Range<Int>, UnsafeMutableRawBufferPointer) -> Bool
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// A reader whose `fill` copies a range of the text into a buffer at least as long, and
    /// says whether every byte was there.
    init(fill: @escaping @Sendable (Range<Int>, UnsafeMutableRawBufferPointer) -> Bool) {
        self.fill = fill
    }

    deinit { buffer.deallocate() }

    /// Lets go of the buffer (a pass that read all there is): the next read makes one again.
    func letGo() {
        buffer.deallocate()
        buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    /// The bytes of `range` (valid until the next read), or nil when the text no longer has
    /// them all (the file shrank).
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
        // (Made again when too short, or far too long: one long record's window is not kept.)
        if buffer.count < range.count || (buffer.count > 16 << 20 && buffer.count > 2 * range.count) {
            buffer.deallocate()
            buffer = .allocate(byteCount: range.count, alignment: 64)
        }
        let window = UnsafeMutableRawBufferPointer(rebasing: buffer[..<range.count])
        guard fill(range, window) else { return nil }
        return UnsafeBufferPointer(window.bindMemory(to: UInt8.self))
    }
}

/// Window readers for reads that any thread makes now and then (a block of a container's
/// children scanned again as a pass meets it): a read takes an idle reader, or makes one, and
/// gives it back — its buffer kept for the next read rather than a fresh array each time.
final class WindowReaderPool: Sendable {
    private let idle = Locked<[WindowReader]>([])

    /// Runs `body` with a reader no other thread uses meanwhile: an idle one, or one `make`
    /// makes.
    func withReader<Result>(making make: () -> WindowReader, _ body: (WindowReader) -> Result) -> Result {
        let reader = idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(reader) } }
        return body(reader)
    }
}
