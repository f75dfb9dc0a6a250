/// Every member of every record given a column (what an export needs before its header row:
/// the table sampled only the first records), a window a step on both cores: a record whose
/// members all have columns already is passed from its bytes — its members listed, nothing
/// parsed —, and only one that may have a member without one is read whole
/// (`RecordTable.addColumns(of:)`), so the columns come in the order the records meet them.
public struct ColumnsPass {
    private var paired: PairedWalk<[Int]>?
    private let window: Int
    /// The records looked at.
    public private(set) var readCount = 0

    /// A pass reading `window` bytes of the file a thread a step.
    public init(window: Int = 4 << 20) {
        self.window = window
    }

    /// Looks at the next records of `table`, adding the columns they need.
    /// - Returns: whether every record is looked at.
    public mutating func step(_ table: inout RecordTable) -> Bool {
        let known = KnownColumns(table.columns)
        let records = table.records
        var paired = self.paired ?? PairedWalk(records, of: table.tree, keys: [], window: window)
        self.paired = nil
        var unknown: [Int] = []
        let done = paired.step(
            records: records, own: { if known.mayAddColumns($0.bytes) { unknown.append($0.index) } },
            start: { [] },
            add: { part, record in if known.mayAddColumns(record.bytes) { part.append(record.index) } },
            finish: { unknown += $0 })
        for row in unknown { table.addColumns(of: row) }
        readCount = paired.readCount
        self.paired = paired
        return done && !paired.otherThreadIsWalking
    }
}

/// The columns a table has, as the bytes of their keys, to tell from a record's bytes whether it
/// has a member without a column (`RecordTable.addColumns(of:)`'s rule: a member whose value is
/// an object with members has a column for each of them, any other member one of its own).
private struct KnownColumns: Sendable {
    /// The keys of the one-key columns, and of the two-key columns' first keys with their
    /// second keys, by each key's hash (`ValueCounts.hash`).
    private var plain: [UInt64: [[UInt8]]] = [:]
    private var nested: [UInt64: [([UInt8], [UInt64: [[UInt8]]])]] = [:]

    init(_ columns: [RecordColumn]) {
        var inner: [[UInt8]: [UInt64: [[UInt8]]]] = [:]
        for column in columns {
            let first = Array(column.keys[0].utf8)
            if column.keys.count == 1 {
                first.withUnsafeBytes { plain[ValueCounts.hash($0), default: []].append(first) }
            } else {
                let second = Array(column.keys[1].utf8)
                second.withUnsafeBytes { inner[first, default: [:]][ValueCounts.hash($0), default: []].append(second) }
            }
        }
        for (first, seconds) in inner {
            first.withUnsafeBytes { nested[ValueCounts.hash($0), default: []].append((first, seconds)) }
        }
    }

    /// Whether the record written in `bytes` may have a member without a column: a key written
    /// with an escape (its text is not its bytes) counts as one.
    func mayAddColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var adds = false
        MemberScanner.forEachMember(in: bytes) { keyRange, valueRange in
            let key = UnsafeBufferPointer(rebasing: bytes[(keyRange.lowerBound + 1)..<(keyRange.upperBound - 1)])
            guard !key.contains(UInt8(ascii: "\\")) else {
                adds = true
                return false
            }
            // (A key too long for a column has none.)
            guard key.count <= RecordTable.longestColumnKey else { return true }
            let value = UnsafeBufferPointer(rebasing: bytes[valueRange])
            if Self.isObjectWithMembers(value) {
                guard let seconds = Self.entry(key, in: nested) else {
                    adds = true
                    return false
                }
                MemberScanner.forEachMember(in: value) { innerRange, _ in
                    let inner = UnsafeBufferPointer(rebasing: value[(innerRange.lowerBound + 1)..<(innerRange.upperBound - 1)])
                    if inner.contains(UInt8(ascii: "\\")) || (inner.count <= RecordTable.longestColumnKey && !Self.holds(inner, seconds)) {
                        adds = true
                    }
                    return !adds
                }
            } else if !Self.holds(key, plain) {
                adds = true
            }
            return !adds
        }
        return adds
    }

    /// Whether `bytes` (a value) is an object with at least one member.
    private static func isObjectWithMembers(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "{") else { return false }
        let next = JSONBytes.skipBlanks(bytes, 1)
        return next < bytes.count && bytes[next] != UInt8(ascii: "}")
    }

    private static func holds(_ key: UnsafeBufferPointer<UInt8>, _ keys: [UInt64: [[UInt8]]]) -> Bool {
        keys[ValueCounts.hash(UnsafeRawBufferPointer(key))]?.contains { $0.elementsEqual(key) } ?? false
    }

    private static func entry<Value>(_ key: UnsafeBufferPointer<UInt8>, in keys: [UInt64: [([UInt8], Value)]]) -> Value? {
        keys[ValueCounts.hash(UnsafeRawBufferPointer(key))]?.first { $0.0.elementsEqual(key) }?.1
    }
}
