import StackDocument

/// A search through every item of the document, shown or not yet built: titles, subtitles,
/// bodies and ids. Smart case: case-sensitive only when the pattern has an upper-case letter.
struct Search: Equatable {
    var pattern: String
    /// The direction the search was started in (`/` forward, `?` backward); `N` reverses it.
    var forward: Bool
    var caseSensitive: Bool
    private var folded: String

    /// The pattern's bytes, lower-cased, when it is ASCII: then matching scans UTF-8 directly
    /// without allocating (a 100 MB body is searched in place).
    private var asciiPattern: [UInt8]?

    init(pattern: String, forward: Bool) {
        self.pattern = pattern
        self.forward = forward
        caseSensitive = pattern.contains { $0.isUppercase }
        folded = caseSensitive ? pattern : pattern.lowercased()
        if !caseSensitive, folded.utf8.allSatisfy({ $0 < 0x80 }) { asciiPattern = Array(folded.utf8) }
    }

    /// Whether `item` matches.
    func matches(_ item: StackDocument.Item) -> Bool {
        contains(item.title) || contains(item.id) || item.subtitle.map(contains) == true
            || item.body.map(contains) == true
    }

    func contains(_ text: String) -> Bool {
        if let asciiPattern { return Self.containsIgnoringASCIICase(text, asciiPattern) }
        return (caseSensitive ? text : text.lowercased()).contains(folded)
    }

    /// Whether `text` contains `pattern` (lower-case ASCII), ASCII letters compared in any case.
    /// Non-ASCII bytes only match themselves, which is right: the pattern has none.
    static func containsIgnoringASCIICase(_ text: String, _ pattern: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = pattern.count
            guard count > 0 else { return true }
            guard bytes.count >= count else { return false }
            for start in 0...(bytes.count - count) {
                var offset = 0
                while offset < count, lowered(bytes[start + offset]) == pattern[offset] { offset += 1 }
                if offset == count { return true }
            }
            return false
        }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}

/// A search in progress: items are scanned in steps so a large document never freezes the
/// screen (the run loop draws progress between steps and Esc cancels).
struct SearchScan: Equatable {
    var search: Search
    /// The direction of this scan (`n` follows the search, `N` goes against it).
    var forward: Bool
    /// The ordinal the scan started after.
    var start: Int
    /// Items scanned so far, and how many there are.
    var scanned = 0
    var count: Int

    /// The ordinal `scanned` steps from the start, wrapping at the ends.
    func ordinal(after steps: Int) -> Int {
        let offset = forward ? steps + 1 : -(steps + 1)
        return ((start + offset) % count + count) % count
    }

    /// Whether step `steps` passed the end (or the start) of the document.
    func wrapped(at steps: Int) -> Bool {
        forward ? start + steps + 1 >= count : start - steps - 1 < 0
    }
}
