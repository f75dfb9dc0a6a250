import Platform

/// What an item's raw bytes in the file say about a pattern, before anything is decoded.
public enum RawMatch: Sendable {
    /// No match: the item need not be decoded.
    case no
    /// Perhaps: decode the item and match its fields.
    case maybe
}

/// Which items' raw bytes match a pattern, found a block of items at a time with one read of
/// the file per block: the raw-byte pass of a search through a file read lazily, which decodes
/// only the items it lets through.
///
/// For a stack document an item passes when its bytes match: a match in a field's decoded text
/// is a match in its raw bytes when the field has no escape; an item with escapes is matched
/// with them decoded in place (`JSONUnescaping`), which makes every field's decoded text a run
/// of its bytes again.
final class RawMatches {
    /// The pattern these answers are for.
    let pattern: RegexPattern
    /// One bit per item: the bytes matched. Plain words, not swift-collections' `BitSet` (as
    /// `ItemFilter` holds its matches): a search asks item by item, and a `BitSet`'s access made
    /// a search with no match through a million items 20 ms slower (461 against 484 ms).
    private var hits: [UInt64] = []
    /// One bit per block: scanned.
    private var scanned: [UInt64] = []
    /// A last block scanned while it was not full (the file was still being read), and how
    /// many items it had then.
    private var partial: (block: Int, count: Int)?
    /// The bytes of the block being scanned, kept between blocks.
    private var buffer: [UInt8] = []
    /// An item with escapes, decoded in place.
    private var unescaped: [UInt8] = []

    /// Items per block: a block is read with one `pread`.
    static let blockSize = 1_024

    init(pattern: RegexPattern) {
        self.pattern = pattern
    }

    /// The first of `ordinals` (of `count` items) whose bytes may match, or `ordinals.upperBound`
    /// when none may: the blocks holding them are scanned first where they were not, and the
    /// items whose bytes did not match are passed 64 at a time. A filter or a search steps from
    /// candidate to candidate, never asking the items between (at a million items, asking each
    /// one was a tenth of a second of calls). `span` gives an item's byte range in the file,
    /// `read` fills a buffer from an offset.
    func firstCandidate(
        in ordinals: Range<Int>, count: Int, span: (Int) -> Range<Int>,
        read: (UnsafeMutableRawBufferPointer, Int) -> Int
    ) -> Int {
        if !pattern.survivesRawBytes { return ordinals.lowerBound }
        var ordinal = ordinals.lowerBound
        while ordinal < ordinals.upperBound {
            let block = ordinal / Self.blockSize
            let lower = block * Self.blockSize
            let upper = min(count, lower + Self.blockSize)
            // An item the store does not know yet: unknown, so it may match.
            guard ordinal < upper else { return ordinal }
            let done = Self.bit(block, in: scanned) && (partial.map { $0.block != block || $0.count == upper - lower } ?? true)
            if !done { scan(lower..<upper, block: block, span: span, read: read) }
            let stop = min(upper, ordinals.upperBound)
            if let hit = Self.firstBit(in: hits, from: ordinal, below: stop) { return hit }
            ordinal = stop
        }
        return ordinals.upperBound
    }

    private func scan(
        _ items: Range<Int>, block: Int, span: (Int) -> Range<Int>, read: (UnsafeMutableRawBufferPointer, Int) -> Int
    ) {
        let first = span(items.lowerBound).lowerBound
        let end = span(items.upperBound - 1).upperBound
        if buffer.count < end - first { buffer = [UInt8](repeating: 0, count: end - first) }
        let got = buffer.withUnsafeMutableBytes { read(UnsafeMutableRawBufferPointer(rebasing: $0[..<(end - first)]), first) }
        Self.ensure(items.upperBound, bitsIn: &hits)
        Self.ensure(block + 1, bitsIn: &scanned)
        buffer.withUnsafeBytes { bytes in
            for ordinal in items {
                let range = span(ordinal)
                // Bytes the file no longer has (it shrank) cannot be judged here.
                guard range.upperBound - first <= got else {
                    Self.set(ordinal, in: &hits)
                    continue
                }
                let item = UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound - first)..<(range.upperBound - first)])
                if matches(item) { Self.set(ordinal, in: &hits) }
            }
        }
        // A block scanned while it was the growing last one, left for another: scanned again
        // when asked (its items read since then were never matched). Hits are only ever set, so
        // scanning it again keeps them.
        if let earlier = partial, earlier.block != block {
            scanned[earlier.block / 64] &= ~(1 << UInt64(earlier.block % 64))
        }
        Self.set(block, in: &scanned)
        partial = items.count < Self.blockSize ? (block, items.count) : nil
    }

    /// Whether the item's bytes match: with its escapes decoded, when it has any.
    private func matches(_ item: UnsafeRawBufferPointer) -> Bool {
        guard let base = item.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), item.count) != nil else {
            return pattern.firstMatch(in: item, from: 0) != nil
        }
        JSONUnescaping.unescape(item, into: &unescaped)
        return unescaped.withUnsafeBytes { pattern.firstMatch(in: $0, from: 0) } != nil
    }

    /// The first set bit of `bits` from `start` and below `end`.
    private static func firstBit(in bits: [UInt64], from start: Int, below end: Int) -> Int? {
        var index = start
        while index < end, index / 64 < bits.count {
            let word = bits[index / 64] >> UInt64(index % 64)
            if word != 0 {
                let found = index + word.trailingZeroBitCount
                return found < end ? found : nil
            }
            index = (index / 64 + 1) * 64
        }
        return nil
    }

    private static func bit(_ index: Int, in bits: [UInt64]) -> Bool {
        index / 64 < bits.count && bits[index / 64] & (1 << UInt64(index % 64)) != 0
    }

    private static func set(_ index: Int, in bits: inout [UInt64]) {
        bits[index / 64] |= 1 << UInt64(index % 64)
    }

    private static func ensure(_ count: Int, bitsIn bits: inout [UInt64]) {
        let words = (count + 63) / 64
        if bits.count < words { bits += [UInt64](repeating: 0, count: words - bits.count) }
    }
}
