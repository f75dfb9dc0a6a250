import Glibc

/// Something that finds items in a file fed to it in chunks: ``StackScanner`` for stack
/// documents, ``LineScanner`` for JSON Lines.
protocol ChunkScanner {
    /// Events and items found since the caller last took them.
    var events: [StackScanner.Event] { get set }
    var items: [StackScanner.ItemRecord] { get set }
    /// Scans the next chunk of the file.
    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) throws(StackScanner.Failure)
    /// Says the file ended.
    mutating func finish() throws(StackScanner.Failure)
}

/// JSON Lines scanned the lazy way: every non-blank line is an item, with the id `line-N`. Lines
/// are found with `memchr`; nothing is parsed until a line is shown (a bad one then becomes an
/// error row). The items form one section, `lines`.
struct LineScanner: ChunkScanner, Sendable {
    var events: [StackScanner.Event] = [
        .sectionsStart, .sectionStart(firstItem: 0),
        .sectionMember(key: "id", value: Array(#""lines""#.utf8), offset: 0),
        .sectionMember(key: "header", value: Array(#""JSON Lines""#.utf8), offset: 0), .itemsStart,
    ]
    var items: [StackScanner.ItemRecord] = []
    private var offset = 0
    private var lineStart = 0
    private var line = 1
    private var lineHasContent = false
    private var itemCount = 0

    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) {
        let base = chunk.baseAddress!
        let n = chunk.count
        var i = 0
        while i < n {
            let newline = memchr(base + i, 0x0A, n - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
            // Only whether the line has anything but blanks matters: look until the first non-blank.
            if !lineHasContent {
                var j = i
                while j < newline, chunk[j] == 0x20 || chunk[j] == 0x09 || chunk[j] == 0x0D { j += 1 }
                lineHasContent = j < newline
            }
            guard newline < n else { break }
            endLine(at: offset + newline)
            i = newline + 1
        }
        offset += n
    }

    mutating func finish() {
        endLine(at: offset)
        events.append(.sectionEnd(endItem: itemCount))
    }

    private mutating func endLine(at end: Int) {
        if lineHasContent {
            items.append(StackScanner.ItemRecord(
                start: lineStart, length: end - lineStart, idHash: Self.idHash(ofLine: line), detail: 0,
                line: Int32(clamping: line)))
            itemCount += 1
        }
        line += 1
        lineStart = end + 1
        lineHasContent = false
    }

    /// ``ItemIDHash`` of `line-N`, without building the string.
    static func idHash(ofLine number: Int) -> UInt64 {
        var digits: [UInt8] = []
        var rest = number
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        return ItemIDHash.of(utf8: Array("line-".utf8) + digits.reversed())
    }
}
