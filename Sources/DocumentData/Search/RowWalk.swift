/// The rows of a window of the file, made straight from its bytes in order: each row's text as
/// `RowText` makes it, and its span — what a search for a pattern that requires no literal
/// (`^\{$`, `a b`) matches row by row without looking each row up in the index and reading it
/// again (a lookup and two reads a row made such a search through a 273 MB log minutes long).
///
/// It starts where a row's text starts (or between rows) and stops before a row that does not
/// end in the window, or at anything it does not read as JSON (a line cut short): the caller
/// goes on from there by the index, a row at a time.
struct RowWalk {
    /// The bytes, and the file's offset of the first.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let start: Int
    /// Where the next row is looked for, in `bytes`.
    private(set) var position: Int
    /// The text of the row made last (reused: no allocation a row).
    private(set) var text: [UInt8] = []

    init(_ bytes: UnsafeRawBufferPointer, at start: Int) {
        self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
        self.start = start
        position = 0
    }

    /// The file's offset where the walk stopped: every row before it was made.
    var stoppedAt: Int { start + position }

    /// The next row's span in the file (its text in ``text``); nil at the end of the window, or
    /// at what it cannot read (``stoppedAt`` says where).
    mutating func next() -> Range<Int>? {
        var index = skipBetweenRows(from: position)
        guard index < bytes.count else {
            position = index
            return nil
        }
        let rowStart = index
        text.removeAll(keepingCapacity: true)
        if bytes[index] == UInt8(ascii: "\"") {
            guard let stringEnd = JSONBytes.stringEnd(bytes, index) else { return nil }
            let afterString = JSONBytes.skipBlanks(bytes, stringEnd)
            if afterString < bytes.count, bytes[afterString] == UInt8(ascii: ":") {
                // A key: its text bare, then the value.
                guard appendString(index..<stringEnd, quoted: false) else { return nil }
                text.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                index = JSONBytes.skipBlanks(bytes, afterString + 1)
                guard index < bytes.count else { return nil }
            } else if afterString >= bytes.count {
                // (Whether it is a key is not known yet: the row is not whole in the window.)
                return nil
            }
        }
        guard let valueEnd = appendValue(at: index) else { return nil }
        position = valueEnd
        return (start + rowStart)..<(start + valueEnd)
    }

    /// Appends the value at `index` as its row shows it (a container: its opening bracket).
    /// - Returns: where the row's text ends; nil when it cannot tell.
    private mutating func appendValue(at index: Int) -> Int? {
        let first = bytes[index]
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            text.append(first)
            return index + 1
        case UInt8(ascii: "\""):
            guard let end = JSONBytes.stringEnd(bytes, index), appendString(index..<end, quoted: true) else { return nil }
            return end
        default:
            // A number, true, false, null: as written, up to what ends a value (a token that is
            // not JSON is shown as written too, escaped: printable ASCII needs none).
            var end = index
            while end < bytes.count, !Self.endsScalar(bytes[end]) {
                guard (0x21...0x7E).contains(bytes[end]) else { return nil }
                end += 1
            }
            // (It may go on past the window.)
            guard end < bytes.count, end > index else { return nil }
            text.append(contentsOf: bytes[index..<end])
            return end
        }
    }

    /// Appends the string whose bytes (quotes included) are `range`, as a row writes it: quoted
    /// and escaped (`quoted`), or bare and escaped as a key.
    private mutating func appendString(_ range: Range<Int>, quoted: Bool) -> Bool {
        let content = (range.lowerBound + 1)..<(range.upperBound - 1)
        // Most strings: nothing to respell, the bytes are the text (if they are UTF-8: a row
        // shows what is not as U+FFFD).
        if !bytes[content].contains(where: { $0 == 0x5C || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }),
            !bytes[content].contains(where: { $0 >= 0x80 }) || String(validating: bytes[content], as: UTF8.self) != nil {
            text.append(contentsOf: bytes[quoted ? range : content])
            return true
        }
        guard case .string(let decoded)? = try? JSONParser.parse(Array(bytes[range])) else { return false }
        text.append(contentsOf: (quoted ? RowText.scalar(.string(decoded)) : RowText.key(decoded)).utf8)
        return true
    }

    /// Past the bytes between rows (``isBetweenRows(_:)``): to where the next row's text starts.
    private func skipBetweenRows(from index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isBetweenRows(bytes[index]) { index += 1 }
        return index
    }

    /// Blanks, commas, colons and closing brackets: bytes no row's text starts with.
    static func isBetweenRows(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"): true
        default: false
        }
    }

    /// Goes on from the file's `offset` (a row's start, or between rows): past a record kept.
    mutating func skip(to offset: Int) {
        position = max(position, min(bytes.count, offset - start))
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: ",")
            || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }
}
