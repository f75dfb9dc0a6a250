import CJSONIndex

/// The keys a pass over records looks up for some columns: each column's first key (the
/// distinct ones are what ``RecordWalk`` finds in a record's bytes) and, for a member of a
/// member (`ctx.user`), its second key, looked up in the first's value.
struct ColumnKeys: Sendable {
    /// The columns' first keys, distinct, as bytes.
    let firstKeys: [[UInt8]]
    /// Each column's first key's index in ``firstKeys``.
    let firstKeyOfColumn: [Int]
    /// Each column's second key, if it has one.
    let secondKeys: [[UInt8]?]

    init(_ columns: [RecordColumn]) {
        var firstKeys: [[UInt8]] = []
        var firstKeyOfColumn: [Int] = []
        for column in columns {
            let first = Array(column.keys[0].utf8)
            if let known = firstKeys.firstIndex(of: first) {
                firstKeyOfColumn.append(known)
            } else {
                firstKeyOfColumn.append(firstKeys.count)
                firstKeys.append(first)
            }
        }
        self.firstKeys = firstKeys
        self.firstKeyOfColumn = firstKeyOfColumn
        secondKeys = columns.map { $0.keys.count > 1 ? Array($0.keys[1].utf8) : nil }
    }

    /// Column `column`'s value in `record`.
    func value(ofColumn column: Int, in record: WalkedRecord) -> Range<Int>? {
        guard let first = record.value(ofKey: firstKeyOfColumn[column], keys: firstKeys) else { return nil }
        guard let second = secondKeys[column] else { return first }
        return Self.member(second, in: record.bytes, objectAt: first)
    }

    /// The value of `key` in the object written at `range` of `bytes`: found by the walk in C,
    /// or by `MemberScanner` when the walk does not read it as an object with plain keys.
    static func member(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, objectAt range: Range<Int>) -> Range<Int>? {
        var at = 0, record = tstack_range(), kind: UInt8 = 0, found = tstack_range()
        let walked = key.withUnsafeBufferPointer { key in
            var keyStart = key.baseAddress, keyLength = key.count
            return tstack_walk_members(
                bytes.baseAddress! + range.lowerBound, range.count, &at, 1, 0, &keyStart, &keyLength, 1, &record, &kind, &found)
        }
        guard walked == 1, kind == UInt8(TSTACK_RECORD_OBJECT) else {
            return MemberScanner.value(at: [key][...], in: bytes, from: range.lowerBound, whole: false)
        }
        guard found.start >= 0 else { return nil }
        return (range.lowerBound + Int(found.start))..<(range.lowerBound + Int(found.end))
    }
}
