/// Plain text made into JSON Lines: each line a string, blank ones too (as `less` shows them).
struct TextLines: RecordTranscoder {
    private var lines = LineGathering()

    mutating func take(_ chunk: UnsafeRawBufferPointer, into output: inout JSONLinesOutput) {
        lines.take(chunk) { line, _ in
            output.appendString(line)
            output.endLine()
        }
    }

    mutating func finish(into output: inout JSONLinesOutput) {
        lines.finish { line, _ in
            output.appendString(line)
            output.endLine()
        }
    }
}
