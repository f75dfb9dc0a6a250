import CJSONIndex

/// A pattern matched against a tree's rows as they are drawn (`RowText`), found through the
/// file's bytes: the literal every match requires (`RequiredText`) is looked for in a window of
/// bytes (respelled as rows spell strings around escapes, `RowSpelling`), and only the rows
/// holding it have their text built and matched. A pattern that requires no literal but whose
/// matches stay inside one key or value (`\d{12}`, `error|warn`) is itself run on the bytes; any
/// other (`^\{$`, `.*x`) has every row matched, each looked up from a byte of its text — correct,
/// and slow on a big file.
///
/// `^` and `$` anchor at a row's start and end: a row is matched alone.
struct RowMatcher {
    /// What rows must match.
    let pattern: RegexPattern
    /// What a row's bytes must match for its text to match; nil when every row is matched.
    private let literal: RegexPattern?
    /// Whether `literal` is the pattern itself (`RegexPattern.staysInOneToken`), not a literal
    /// it requires: around a byte a row spells otherwise, every row is then a candidate.
    private let isWholePattern: Bool

    init(_ pattern: RegexPattern) {
        self.pattern = pattern
        // A literal of a byte or two is in most rows (`c`, `id`): looking each one up costs
        // more than making every row from the bytes in order.
        let literal = pattern.requiredLiteral.flatMap { $0.source.utf8.count >= Self.shortestLiteral ? $0 : nil }
        isWholePattern = literal == nil && pattern.staysInOneToken
        self.literal = literal ?? (isWholePattern ? pattern : nil)
    }

    /// The fewest bytes a literal is looked for by (escapes counted as written: `\.` is two).
    static let shortestLiteral = 3

    /// Whether every row must be matched (no literal finds them in the bytes): the rows are then
    /// made from the bytes in order (`RowWalk`).
    var walksRows: Bool { literal == nil }

    /// Whether a row's text, `text`, matches.
    func matches(text: [UInt8]) -> Bool {
        text.withUnsafeBytes { pattern.firstMatch(in: $0, from: 0) } != nil
    }

    /// Whether `row`'s text matches.
    func matches(_ row: TreeRow, in tree: JSONTree) -> Bool {
        var text = RowText.text(of: row, in: tree)
        return text.withUTF8 { pattern.firstMatch(in: UnsafeRawBufferPointer($0), from: 0) } != nil
    }

    /// Where rows that may match are, in the bytes of a window of the file: the offsets of the
    /// required literal (every byte a row's text may start at, when none is required).
    ///
    /// The literal is looked for in the bytes as they are, and, around each byte that may be
    /// spelled otherwise in a row (a backslash, DEL, a lead byte of a character rows escape),
    /// in a region respelled as rows spell strings (`RowSpelling`): a log with an escape every
    /// few hundred records is searched at PCRE2's speed, not respelled whole. A hit of the bytes
    /// as they are that a row spells otherwise is only a candidate more: the row decides.
    ///
    /// Made on one thread and used on another once handed over (`CandidateWindows`): its
    /// patterns are then used by that thread alone.
    final class Candidates: @unchecked Sendable {
        private let literal: RegexPattern?
        /// Every literal a match requires.
        private let pieces: [RegexPattern]
        /// The window's bytes: a reader's buffer, valid while the window is looked at, or a copy
        /// of its own to free (`owned`).
        private let bytes: UnsafeBufferPointer<UInt8>
        private let owned: UnsafeMutableBufferPointer<UInt8>?
        /// The literal's hits in the respelled regions, as the file's offsets, in order.
        private let respelledHits: [Int]
        /// The file's offset of the window's first byte.
        let start: Int
        /// The last search of the bytes as they are: from where (window offsets), and its hit.
        /// A candidate of the respelled regions between asks again from before that hit: it is
        /// still the next (each ask scanning to the window's end made a window with an escape
        /// every few records quadratic).
        private var lastRawSearch: (from: Int, hit: Int?)?

        /// The candidates in `bytes`, the file's from `start`: bytes that stay as they are while
        /// the candidates are used (a window reader's, for one window).
        convenience init(borrowing bytes: UnsafeBufferPointer<UInt8>, at start: Int, for matcher: RowMatcher) {
            self.init(bytes, owned: nil, at: start, for: matcher)
        }

        /// The candidates in `bytes`, the file's from `start` (a copy kept).
        convenience init(_ bytes: [UInt8], at start: Int, for matcher: RowMatcher) {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = copy.initialize(from: bytes)
            self.init(UnsafeBufferPointer(copy), owned: copy, at: start, for: matcher)
        }

        private init(
            _ bytes: UnsafeBufferPointer<UInt8>, owned: UnsafeMutableBufferPointer<UInt8>?, at start: Int,
            for matcher: RowMatcher
        ) {
            literal = matcher.literal
            pieces = matcher.literal == nil || matcher.isWholePattern ? [] : matcher.pattern.requiredPieces
            self.start = start
            self.bytes = bytes
            self.owned = owned
            if matcher.isWholePattern {
                respelledHits = Self.respelledBytes(in: bytes).map { start + $0 }
            } else {
                respelledHits = matcher.literal.map { Self.respelledHits(of: $0, in: bytes, at: start) } ?? []
            }
        }

        deinit { owned?.deallocate() }

        /// Whether looking for the pattern itself in the bytes (`RegexPattern.staysInOneToken`)
        /// stopped at PCRE2's limits: the candidates are not all known.
        var exceededLimits: Bool { literal?.exceededLimits ?? false }

        /// The bytes either side of one that may be respelled that a respelled region holds: an
        /// escape's whole sequence (up to 12 bytes) and what the literal may span around it
        /// (each of its bytes at most 6 in the file, `\u00e9`'s).
        private static func margin(for literal: RegexPattern) -> Int { 6 * literal.source.utf8.count + 12 }

        /// Bytes that may be spelled otherwise in a row.
        private static let respelled: [UInt8] = [0x5C, 0x7F, 0xC2, 0xD8, 0xE2]

        /// Where the bytes a row may spell otherwise are, in order.
        private static func respelledBytes(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
            var positions: [Int] = []
            guard let base = bytes.baseAddress else { return [] }
            var from = 0
            while case let found = tstack_find_any_byte(base, bytes.count, from, respelled, Int32(respelled.count)),
                found < bytes.count {
                positions.append(found)
                from = found + 1
            }
            return positions
        }

        /// The hits of `literal` in the regions around the bytes a row may spell otherwise.
        private static func respelledHits(of literal: RegexPattern, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> [Int] {
            let margin = margin(for: literal)
            // The regions: each such byte with `margin` bytes either side, those that touch merged.
            var regions: [Range<Int>] = []
            for position in respelledBytes(in: bytes) {
                let region = max(0, position - margin)..<min(bytes.count, position + margin + 1)
                if let last = regions.last, last.upperBound >= region.lowerBound {
                    regions[regions.count - 1] = last.lowerBound..<max(last.upperBound, region.upperBound)
                } else {
                    regions.append(region)
                }
            }
            var hits: [Int] = []
            for region in regions {
                guard let spelling = RowSpelling(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[region]))) else {
                    continue
                }
                spelling.bytes.withUnsafeBytes { spelled in
                    var from = 0
                    while let found = literal.firstMatch(in: spelled, from: from) {
                        hits.append(start + region.lowerBound + spelling.fileOffset(of: found.lowerBound))
                        from = found.lowerBound + 1
                    }
                }
            }
            return hits
        }

        /// Whether the bytes of the file's `range` (a row's, or a record's: text that starts a
        /// row) hold every literal a match requires, spelled as rows spell them: a row or
        /// record without one cannot match, and is passed without building a row's text. True
        /// when `range` is not all in the window (it is not judged here).
        func holdsEveryPiece(in range: Range<Int>) -> Bool {
            guard pieces.count > 1, let part = bytes(in: range) else { return true }
            guard let spelling = RowSpelling(part) else {
                return pieces.allSatisfy { $0.firstMatch(in: part, from: 0) != nil }
            }
            return spelling.bytes.withUnsafeBytes { spelled in pieces.allSatisfy { $0.firstMatch(in: spelled, from: 0) != nil } }
        }

        /// The bytes of the file's `range`, when the window holds them all.
        func bytes(in range: Range<Int>) -> UnsafeRawBufferPointer? {
            guard range.lowerBound >= start, range.upperBound <= start + bytes.count else { return nil }
            return UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(range.lowerBound - start)..<(range.upperBound - start)]))
        }

        /// The first candidate at or after the file's `offset`, or nil.
        func first(from offset: Int) -> Int? {
            guard let literal else {
                // Every byte of a key, a scalar or an opening bracket.
                var index = max(0, offset - start)
                while index < bytes.count {
                    if !RowWalk.isBetweenRows(bytes[index]) { return start + index }
                    index += 1
                }
                return nil
            }
            let from = max(0, offset - start)
            var rawHit: Int?
            if let last = lastRawSearch, last.from <= from, (last.hit ?? Int.max) >= from {
                rawHit = last.hit
            } else {
                rawHit = literal.firstMatch(in: UnsafeRawBufferPointer(bytes), from: from)?.lowerBound
                lastRawSearch = (from, rawHit)
            }
            let found = rawHit.map { start + $0 }
            let hit = respelledHits.partitioningIndex { $0 >= offset }
            let respelled = hit < respelledHits.count ? respelledHits[hit] : nil
            switch (found, respelled) {
            case let (found?, respelled?): return min(found, respelled)
            case let (found, respelled): return found ?? respelled
            }
        }

        /// The candidates from the file's `floor` and before `offset`, in order — every byte a
        /// row's text may start at when no literal is required (a backward search takes them
        /// from the last; asking for the last one each time rescanned the window each time).
        func all(from floor: Int, before offset: Int) -> [Int] {
            var found: [Int] = []
            guard literal != nil else {
                for index in max(0, floor - start)..<max(max(0, floor - start), min(bytes.count, offset - start))
                where !RowWalk.isBetweenRows(bytes[index]) {
                    found.append(start + index)
                }
                return found
            }
            var from = floor
            while let hit = first(from: from), hit < offset {
                found.append(hit)
                from = hit + 1
            }
            return found
        }
    }
}

extension RequiredText {
    /// `text` as a pattern matching it literally.
    static func escaped(_ text: String) -> String {
        let special = Set("\\^$.|?*+()[]{}")
        return text.map { special.contains($0) ? "\\\($0)" : String($0) }.joined()
    }
}
