/// Finds where a record's member is written without decoding the record: its bytes are walked
/// once, each other member's value skipped by its brackets and quotes, and only the keys are
/// compared — as their bytes, or decoded when written with escapes (`"st\u0061tus"`). What a
/// `:sort` or a `:where` reads of a million records is then one member each, not all of them.
enum MemberScanner {
    /// The range in `bytes` of the value of the member at `keys` — one key, or two for a member
    /// of a member (`ctx.user`) — of the object written from `start` on; the last member with a
    /// key when it is written twice (as jq). Nil when there is none, or the bytes are no object
    /// (or not JSON where they were walked, or — a `whole` record — more than blanks follow the
    /// object: `{"a": 3} x` is no record).
    static func value(
        at keys: ArraySlice<[UInt8]>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, whole: Bool = true
    ) -> Range<Int>? {
        guard let wanted = keys.first else { return nil }
        var index = JSONBytes.skipBlanks(bytes, start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = JSONBytes.skipBlanks(bytes, index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return nil }
        var found: Range<Int>?
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = JSONBytes.stringEnd(bytes, index) else { return nil }
            let keyStart = index
            index = JSONBytes.skipBlanks(bytes, keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = JSONBytes.skipBlanks(bytes, index + 1)
            guard let valueEnd = JSONBytes.valueEnd(bytes, valueStart) else { return nil }
            if key(bytes, keyStart..<keyEnd, is: wanted) {
                found = keys.count == 1 ? valueStart..<valueEnd : value(at: keys.dropFirst(), in: bytes, from: valueStart, whole: false)
            }
            index = JSONBytes.skipBlanks(bytes, valueEnd)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") {
                guard !whole || JSONBytes.skipBlanks(bytes, index + 1) == bytes.count else { return nil }
                return found
            }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = JSONBytes.skipBlanks(bytes, index + 1)
        }
        return nil
    }

    /// Calls `body` with each top-level member of the object written in `bytes` — its key's
    /// range (quotes included) and its value's — in order, until `body` returns false or the
    /// bytes stop being an object (a record cut short: the members before the cut are seen).
    static func forEachMember(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Range<Int>) -> Bool) {
        var index = JSONBytes.skipBlanks(bytes, 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return }
        index = JSONBytes.skipBlanks(bytes, index + 1)
        while index < bytes.count, bytes[index] == UInt8(ascii: "\""), let keyEnd = JSONBytes.stringEnd(bytes, index) {
            let keyStart = index
            index = JSONBytes.skipBlanks(bytes, keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
            let valueStart = JSONBytes.skipBlanks(bytes, index + 1)
            guard let valueEnd = JSONBytes.valueEnd(bytes, valueStart),
                  body(keyStart..<keyEnd, valueStart..<valueEnd)
            else { return }
            index = JSONBytes.skipBlanks(bytes, valueEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return }
            index = JSONBytes.skipBlanks(bytes, index + 1)
        }
    }

    /// Whether the key written at `range` (its quotes included) is `wanted`'s bytes.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, is wanted: [UInt8]) -> Bool {
        let inside = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard inside.contains(UInt8(ascii: "\\")) else { return inside.elementsEqual(wanted) }
        guard case .string(let key)? = try? JSONParser.parse(Array(bytes[range])) else { return false }
        return key.utf8.elementsEqual(wanted)
    }
}
