/// The keys a pass over records looks up for some columns: each column's first key (the
/// distinct ones are what ``RecordWalk`` finds in a record's bytes) and, for a member of a
/// member (`ctx.user`), its second key, looked up in the first's value.
struct ColumnKeys: Sendable {
    /// The columns' first keys, distinct, as bytes.
    let firstKeys: [[UInt8]]
    /// Each column's first key's index in ``firstKeys``.
    let firstKeyOfColumn: [Int]
    /// Each column's second key, if it has one (a slice made once: not an array a value).
    let secondKeys: [ArraySlice<[UInt8]>?]

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
        secondKeys = columns.map { $0.keys.count > 1 ? [Array($0.keys[1].utf8)][...] : nil }
    }

    /// Column `column`'s value in `record`.
    func value(ofColumn column: Int, in record: WalkedRecord) -> Range<Int>? {
        guard let first = record.value(ofKey: firstKeyOfColumn[column], keys: firstKeys) else { return nil }
        guard let second = secondKeys[column] else { return first }
        return MemberScanner.value(at: second, in: record.bytes, from: first.lowerBound, whole: false)
    }
}
