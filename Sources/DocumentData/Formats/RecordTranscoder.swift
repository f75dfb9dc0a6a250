/// Line-based input made into JSON Lines as it is read: bytes arrive in chunks, and each
/// whole line becomes a record.
protocol RecordTranscoder {
    /// Takes the next chunk of the input, writing the records it completes into `output`.
    mutating func take(_ chunk: UnsafeRawBufferPointer, into output: inout JSONLinesOutput)
    /// Says the input ended: writes the record of a last line with no line feed.
    mutating func finish(into output: inout JSONLinesOutput)
}

/// Gathers whole lines from chunks (a line feed ends one; a carriage return before it is
/// dropped), for the line-based transcoders.
struct LineGathering {
    private var partial: [UInt8] = []
    /// Lines seen so far.
    private(set) var lineNumber = 0

    /// Calls `line` with each line `chunk` completes (and its number, from 1).
    mutating func take(_ chunk: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer, Int) -> Void) {
        var start = 0
        while let feed = UnsafeRawBufferPointer(rebasing: chunk[start...]).firstIndex(of: 0x0A) {
            let end = start + feed
            lineNumber += 1
            if partial.isEmpty {
                emit(UnsafeRawBufferPointer(rebasing: chunk[start..<end]), line)
            } else {
                partial.appendBytes(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
                partial.withUnsafeBytes { emit($0, line) }
                partial.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        partial.appendBytes(UnsafeRawBufferPointer(rebasing: chunk[start...]))
    }

    /// Calls `line` with a last line no line feed ended.
    mutating func finish(_ line: (UnsafeRawBufferPointer, Int) -> Void) {
        guard !partial.isEmpty else { return }
        lineNumber += 1
        partial.withUnsafeBytes { emit($0, line) }
        partial = []
    }

    private func emit(_ bytes: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer, Int) -> Void) {
        if bytes.last == 0x0D {
            line(UnsafeRawBufferPointer(rebasing: bytes.dropLast()), lineNumber)
        } else {
            line(bytes, lineNumber)
        }
    }
}
