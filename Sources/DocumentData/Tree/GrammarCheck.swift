import Synchronization

/// JSON's grammar checked over a whole file on a thread of its own (``JSONInputCheck``: a pass
/// that builds nothing), while the tree's scan finds its skeleton: the scan checks brackets,
/// commas and colons only, so a literal gone wrong near the end (`{"x": tru}`) is found here,
/// and said as soon as it is — not when a row happens to show it.
final class GrammarCheck: Sendable {
    /// What the check found.
    enum Outcome: Sendable, Equatable {
        /// The whole file is JSON.
        case valid
        /// Where it stops being JSON: the line and column, and what was expected.
        case malformed(JSONParseError)
        /// It could not be read to its end (it shrank, a read failed): nothing is said.
        case unread
    }

    /// Advanced when the check ends.
    let changes = ChangeSignal()
    /// Readable (`poll(2)`) once the check ended, until ``take()``.
    var wakeDescriptor: Int32 { wakePipe.descriptor }
    private let wakePipe = WakePipe()
    private let result = Locked<Outcome?>(nil)
    private let cancelled = Atomic<Bool>(false)

    /// Starts checking the first `length` bytes `reader` reads, on a thread nicer than the
    /// keys' and the scan's.
    init(reader: FileReader, length: Int) {
        startThread(niceness: 5) { [self] in
            let outcome = run(reader, length: length)
            result.withLock { $0 = outcome }
            changes.signal()
            wakePipe.wake()
        }
    }

    /// Stops the check at its next chunk (the tree is gone).
    func cancel() { cancelled.store(true, ordering: .releasing) }

    /// What it found, once it ended; the wake pipe drained.
    func take() -> Outcome? {
        let outcome = result.withLock { $0 }
        if outcome != nil { wakePipe.drain() }
        return outcome
    }

    /// Blocks until the check ended.
    func wait() -> Outcome {
        var generation = 0
        while true {
            generation = changes.generation
            if let outcome = result.withLock({ $0 }) { return outcome }
            changes.wait(after: generation)
        }
    }

    private func run(_ reader: FileReader, length: Int) -> Outcome {
        var check = JSONInputCheck()
        var offset = 0
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while offset < length, check.failure == nil {
            guard !cancelled.load(ordering: .acquiring) else { return .unread }
            let count = reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(chunk, length - offset)]), at: offset)
            guard count > 0 else { return .unread }
            _ = check.check(UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
            offset += count
        }
        if check.failure == nil { check.finish() }
        guard let failure = check.failure else { return .valid }
        let (line, column) = reader.lineAndColumn(of: failure.offset)
        return .malformed(JSONParseError(line: line, column: column, message: failure.message))
    }
}
