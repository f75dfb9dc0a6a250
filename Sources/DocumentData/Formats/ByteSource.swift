import Platform

/// Bytes read in order from somewhere — a descriptor, or a decompressor over another source —
/// a buffer at a time: what the spool reads its input through.
protocol ByteSource: AnyObject {
    /// Fills the start of `buffer`; 0 at the end of the input.
    /// - Throws: ``DocumentError`` when the input cannot be read or is corrupt (with where).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DocumentError) -> Int
    /// The bytes taken from the file so far (compressed bytes, under a decompressor): what the
    /// status line counts.
    var bytesTaken: Int { get }
}

/// The bytes of a descriptor, waiting for them with `poll` so that a writer's pause is seen:
/// `paused` is called each time nothing came for `pause` milliseconds.
final class DescriptorSource: ByteSource {
    let descriptor: Int32
    let name: String
    private let pause: Int32?
    private let paused: () -> Void
    private(set) var bytesTaken = 0

    /// Reads `descriptor` (not closed here); `name` names it in errors.
    init(descriptor: Int32, name: String, pause: Int32?, paused: @escaping () -> Void = {}) {
        self.descriptor = descriptor
        self.name = name
        self.pause = pause
        self.paused = paused
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DocumentError) -> Int {
        while true {
            // Nothing for a while: say so (what waits to decide from what came, decides), then
            // wait. (A writer between two writes is not a pause: `curl` splits a body.)
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if let pause, poll(&ready, 1, pause) == 0 { paused() }
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw .unreadable(file: name, reason: String(cString: strerror(errno)).lowercased())
            }
            bytesTaken += count
            return count
        }
    }
}

/// A source whose first bytes were already read (to tell what it holds): they come first, then
/// the rest of `source`.
final class ReplayedSource: ByteSource {
    private var head: [UInt8]
    private var position = 0
    let source: any ByteSource

    init(head: [UInt8], then source: any ByteSource) {
        self.head = head
        self.source = source
    }

    var bytesTaken: Int { source.bytesTaken }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DocumentError) -> Int {
        guard position < head.count else {
            head = []
            return try source.read(into: buffer)
        }
        let count = min(buffer.count, head.count - position)
        head.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
        position += count
        return count
    }
}
