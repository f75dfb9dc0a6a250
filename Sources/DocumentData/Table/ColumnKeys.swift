/// The keys a pass over records looks up for some columns: each column's first key (the
/// distinct ones are what ``RecordWalk`` finds in a record's bytes) and, for a member of a
/// member (`ctx.user`), the keys below it, looked up in the first's value.
struct ColumnKeys: Sendable {
    /// The columns' first keys, distinct, as bytes.
    let firstKeys: [[UInt8]]
    /// Each column's first key's index in ``firstKeys``.
    let firstKeyOfColumn: [Int]
    /// Each column's keys below its first (none for most).
    let deeperKeys: [ArraySlice<[UInt8]>]

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
        deeperKeys = columns.map { $0.keys.dropFirst().map { Array($0.utf8) }[...] }
    }

    /// Column `column`'s value in `record`.
    func value(ofColumn column: Int, in record: WalkedRecord) -> Range<Int>? {
        record.value(ofKey: firstKeyOfColumn[column], keys: firstKeys, then: deeperKeys[column])
    }
}
