/// The values of a table's columns in every record, in the file's order, read from the
/// records' bytes a window a step on both cores: what an export writes a row of each record from
/// without parsing it. The other thread makes its records' part with `add` (so what is made of
/// the values is made there too); the parts come back in order.
public struct ColumnValuesPass<Part: Sendable> {
    /// A record's values: each column's value as written (nil: no such member), read from the
    /// bytes the walk in C read as an object with plain keys — or not (`isWalked` false: a
    /// record that is no object, not JSON, or has a key written with escapes, to be read whole).
    public struct Values {
        /// The record's index.
        public let index: Int
        /// Whether the values were read by the walk (else there are none: read the record whole).
        public let isWalked: Bool
        fileprivate let record: WalkedRecord
        fileprivate let lookups: [(key: Int, deeper: ArraySlice<[UInt8]>)]
        fileprivate let keys: [[UInt8]]

        fileprivate init(_ record: WalkedRecord, lookups: [(key: Int, deeper: ArraySlice<[UInt8]>)], keys: [[UInt8]]) {
            index = record.index
            isWalked = record.wasWalked && record.bytes.first == UInt8(ascii: "{")
            self.record = record
            self.lookups = lookups
            self.keys = keys
        }

        /// The value of column `column`, as written.
        public func value(ofColumn column: Int) -> UnsafeBufferPointer<UInt8>? {
            let lookup = lookups[column]
            return record.value(ofKey: lookup.key, keys: keys, then: lookup.deeper)
                .map { UnsafeBufferPointer(rebasing: record.bytes[$0]) }
        }
    }

    private var paired: PairedWalk<Part>?
    private let keys: [[UInt8]]
    private let lookups: [(key: Int, deeper: ArraySlice<[UInt8]>)]
    private let window: Int

    /// A pass over the values of `columns`, reading `window` bytes of the file a thread a step.
    public init(columns: [RecordColumn], window: Int = 4 << 20) {
        var keys: [[UInt8]] = []
        lookups = columns.map { column in
            let first = Array(column.keys[0].utf8)
            let key = keys.firstIndex(of: first) ?? {
                keys.append(first)
                return keys.count - 1
            }()
            return (key, column.keys.dropFirst().map { Array($0.utf8) }[...])
        }
        self.keys = keys
        self.window = window
    }

    /// The records read so far.
    public var readCount: Int { paired?.readCount ?? 0 }

    /// The next records of `records` (of `tree`): this thread's to `own`, the other's into a
    /// part `start` makes, by `add` there, given to `finish` in the records' order.
    /// - Returns: whether every record is read.
    public mutating func step(
        records: ChildTable, of tree: JSONTree, own: (Values) -> Void, start: () -> Part,
        add: @escaping @Sendable (inout Part, Values) -> Void, finish: (Part) -> Void
    ) -> Bool {
        var paired = self.paired ?? PairedWalk(records, of: tree, keys: keys, window: window)
        self.paired = nil
        let keys = keys, lookups = lookups
        let done = paired.step(
            records: records, own: { own(Values($0, lookups: lookups, keys: keys)) }, start: start,
            add: { part, record in add(&part, Values(record, lookups: lookups, keys: keys)) },
            finish: finish)
        self.paired = paired
        return done && !paired.otherThreadIsWalking
    }
}
