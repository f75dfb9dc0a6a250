import Glibc

// MARK: - Whole items read from the chunk's index (its quotes and brackets)

extension StackScanner {
    /// The first indexed position at or after `offset` in the chunk, if any. Offsets asked for
    /// never go back within a chunk, so the cursor only moves on.
    mutating func position(atOrAfter offset: Int) -> Int? {
        while cursor < positionCount, Int(positions[cursor]) < offset { cursor += 1 }
        return cursor < positionCount ? Int(positions[cursor]) : nil
    }

    /// Reads an item that ends in this chunk from the index alone: bracket to bracket, string to
    /// string, its members' names compared where they are, its `id` hashed and its `detail` read
    /// in place — no byte of its strings is visited. Nil, with nothing changed, when the item
    /// goes on into the next chunk or is not `{"name": value, …}` as expected: the byte-by-byte
    /// path then reads it, and says what is wrong.
    mutating func wholeItem(_ chunk: UnsafeBufferPointer<UInt8>, at open: Int, base: Int) -> Int? {
        let saved = cursor
        guard position(atOrAfter: open) == open else { return nil }
        let quote = UInt8(ascii: "\"")
        let n = chunk.count
        var k = cursor + 1
        // The open brackets, one bit each (1 for `{`), the innermost lowest.
        var brackets: UInt64 = 1
        var depth = 1
        var expectsName = true
        var member = ItemMember.other
        var idHash: UInt64 = 0
        var detail: UInt8 = 0
        func skipSpace(_ j: inout Int) {
            while j < n, chunk[j] == 0x20 || chunk[j] == 0x0A || chunk[j] == 0x0D || chunk[j] == 0x09 { j += 1 }
        }
        while k < positionCount {
            let p = Int(positions[k])
            let byte = chunk[p]
            if byte == quote {
                guard k + 1 < positionCount else { break }
                let close = Int(positions[k + 1])
                k += 2
                guard depth == 1 else { continue }
                let text = UnsafeBufferPointer(rebasing: chunk[(p + 1)..<close])
                if !expectsName {
                    if member == .id { idHash = Self.idHash(of: text, quoted: UnsafeBufferPointer(rebasing: chunk[p...close])) }
                    expectsName = true
                    continue
                }
                member = Self.member(named: text)
                var j = close + 1
                skipSpace(&j)
                guard j < n, chunk[j] == UInt8(ascii: ":") else { break }
                j += 1
                skipSpace(&j)
                guard j < n else { break }
                let value = chunk[j]
                if value == quote {
                    expectsName = false
                } else if value != UInt8(ascii: "{"), value != UInt8(ascii: "[") {
                    // A number or literal: only `detail`'s is read.
                    var end = j
                    while end < n, Self.isScalarByte(chunk[end]) { end += 1 }
                    guard end < n, end > j else { break }
                    if member == .detail { detail = end - j == 1 && (0x31...0x33).contains(value) ? value - 0x30 : 0 }
                }
                continue
            }
            k += 1
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                guard depth < 63, frames.count + depth < Self.maximumDepth else { break }
                brackets = brackets << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
                depth += 1
                continue
            }
            guard (brackets & 1 == 1) == (byte == UInt8(ascii: "}")) else { break }
            brackets >>= 1
            depth -= 1
            guard depth == 0 else { continue }
            cursor = k
            record(end: base + p + 1, idHash: idHash, detail: detail)
            return p + 1
        }
        cursor = saved
        return nil
    }

    private enum ItemMember { case id, detail, other }

    /// Which member a raw name is (compared as written, as the byte-by-byte path does).
    private static func member(named text: UnsafeBufferPointer<UInt8>) -> ItemMember {
        switch text.count {
        case 2: return text[0] == UInt8(ascii: "i") && text[1] == UInt8(ascii: "d") ? .id : .other
        case 6: return memcmp(text.baseAddress!, detailName, 6) == 0 ? .detail : .other
        default: return .other
        }
    }

    private static let detailName: [UInt8] = Array("detail".utf8)

    /// `ItemIDHash` of a string's text (`quoted` with its quotes, for one with escapes).
    private static func idHash(of text: UnsafeBufferPointer<UInt8>, quoted: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard text.contains(UInt8(ascii: "\\")) else { return ItemIDHash.of(utf8: text) }
        return ItemIDHash.ofRawString(Array(quoted))
    }
}
