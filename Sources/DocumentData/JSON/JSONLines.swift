/// JSON Lines (`.jsonl`, `.ndjson`): one JSON value per line.
enum JSONLines {
    /// Whether `bytes` read as JSON Lines: at least two non-blank lines, the first a whole JSON
    /// value. One document cannot go on after a whole value, so what follows is lines — a bad
    /// second line is a bad line of JSON Lines (`{"a":1}` then `{bad`), not a document that
    /// fails at its second line.
    static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        let lines = firstLines(of: bytes, count: 2)
        guard lines.count == 2, let first = lines.first else { return false }
        return (try? JSONParser.parse(Array(first))) != nil
    }

    /// The first `count` lines of `bytes` that are not blank — only those are looked at (a
    /// pretty-printed file has millions of lines); with `ended`, only lines a line feed ends.
    private static func firstLines(of bytes: [UInt8], count: Int, ended: Bool = false) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while lines.count < count, start < bytes.count {
            let feed = bytes[start...].firstIndex(of: 0x0A)
            if ended, feed == nil { break }
            let end = feed ?? bytes.count
            let line = bytes[start..<end]
            if line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) { lines.append(line) }
            start = end + 1
        }
        return lines
    }

    /// Whether the file `reader` reads starts as JSON Lines (the test above on its first 64
    /// KiB); with `completeLinesOnly`, looking only at lines whose line feed arrived.
    static func startsLikeJSONLines(_ reader: FileReader, completeLinesOnly: Bool = false) -> Bool {
        var head = [UInt8](repeating: 0, count: 1 << 16)
        let count = head.withUnsafeMutableBytes { reader.read(into: $0, at: 0) }
        var bytes = Array(head[0..<count])
        // A line cut by the end of the read does not count.
        if count == head.count || completeLinesOnly {
            guard let lastNewline = bytes.lastIndex(of: 0x0A) else { return false }
            bytes.removeSubrange(lastNewline...)
        }
        return looksLikeJSONLines(bytes)
    }

    /// Whether growing `input` starts as JSON Lines: decided as soon as its first two lines are
    /// values, or at 64 KiB, or at its end — or when it pauses: then an input whose first line is
    /// a whole object or array, ended by its line feed, is taken for JSON Lines (`tail -f` of a
    /// log that wrote one line so far; not a followed file named `.json`), anything else for one
    /// document (`{"a":` and a pause).
    static func startsLikeJSONLines(_ input: some GrowingInput) -> Bool {
        guard let reader = try? input.reader() else { return false }
        input.wait { $0.bytesWritten >= 1 << 16 || $0.isIdle || startsLikeJSONLines(reader, completeLinesOnly: true) }
        if input.bytesWritten < 1 << 16, !input.isFinished, input.isIdle {
            // (One line of a followed `.json` file is one document: its name says so.)
            let named = (input as? GrowingFile)?.path.hasSuffix(".json") == true
            return startsLikeJSONLines(reader, completeLinesOnly: true)
                || (!named && firstLineIsAValue(reader, length: input.bytesWritten))
        }
        return startsLikeJSONLines(reader)
    }

    /// Whether the first line that is not blank among `length` bytes is a whole JSON value
    /// ended by a line feed.
    private static func firstLineIsAValue(_ reader: FileReader, length: Int) -> Bool {
        guard let line = firstLines(of: reader.bytes(at: 0, length: length) ?? [], count: 1, ended: true).first else {
            return false
        }
        let first = line.first { ![0x20, 0x09, 0x0D].contains($0) && !JSONParser.byteOrderMark.contains($0) }
        // A container on one line: `{"level": "info"}`; a scalar alone is one document.
        return (first == UInt8(ascii: "{") || first == UInt8(ascii: "[")) && (try? JSONParser.parse(Array(line))) != nil
    }
}
