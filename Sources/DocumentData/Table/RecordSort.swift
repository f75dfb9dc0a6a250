/// The records of a ``RecordTable`` put in the order of one column — numbers by their value,
/// strings by their bytes (decoded), then `false` and `true`, then arrays and objects by their
/// bytes, `null` and a missing member last; records that tie keep the file's order — read a
/// window of the file at a time (``step()``): each record's member is found in its bytes
/// (`MemberScanner`), never the record decoded. The order is the records' indexes, 4 bytes a
/// record; what is read to make it (a class, a number and a text's place a record, and the
/// texts) goes with the sort.
public struct RecordSort {
    /// The column sorted by.
    public let column: RecordColumn
    /// Whether the order is the column's largest first (`:sort -COLUMN`); null and missing
    /// members stay last.
    public let descending: Bool

    private let table: RecordTable
    private let keys: [[UInt8]]
    /// Each record's class (`Kind`), and its number, or its text's place in `text`.
    private var kinds: [UInt8] = []
    private var numbers: [Double] = []
    private var textStarts: [Int] = []
    private var textEnds: [Int] = []
    private var text: [UInt8] = []

    /// Bytes of the file read a step (but for one record longer than that).
    public let window: Int

    /// What a member is, in the order classes sort in.
    private enum Kind: UInt8 {
        case number, string, boolean, container, null, missing
    }

    /// A sort of `table`'s records by `column`, reading `window` bytes of the file a step.
    public init(_ table: RecordTable, by column: RecordColumn, descending: Bool, window: Int = 4 << 20) {
        self.table = table
        self.window = window
        self.column = column
        self.descending = descending
        keys = column.keys.map { Array($0.utf8) }
    }

    /// The records whose member was read so far.
    public var readCount: Int { kinds.count }

    /// How far the reading got, 0–1, of the records `table` had.
    public var progress: Double { table.rowCount > 0 ? Double(readCount) / Double(table.rowCount) : 1 }

    /// Reads the member of the next records, a window of the file: those of `records` (the same
    /// container read further, when the file is still read).
    /// - Returns: whether every record of `records` is read.
    public mutating func step(records: ChildTable) -> Bool {
        let count = records.count
        guard readCount < count else { return true }
        // The records that start within a window (one at least, however big): each looked up
        // once, its region ending where the next starts.
        let start = records.valueStart(of: readCount)
        var starts = [start]
        while readCount + starts.count < count {
            let next = records.valueStart(of: readCount + starts.count)
            guard next - start <= window else { break }
            starts.append(next)
        }
        let last = readCount + starts.count - 1
        let end = records.valueRegion(of: last).upperBound
        let bytes = table.tree.bytes(in: start..<end)
        bytes.withUnsafeBufferPointer { window in
            for (offset, lower) in starts.enumerated() {
                // (An array's record ends before the comma that precedes the next.)
                let upper = offset + 1 < starts.count ? starts[offset + 1] - (records.isObject ? 0 : 1) : end
                let record = UnsafeBufferPointer(rebasing: window[(lower - start)..<max(lower, upper) - start])
                read(MemberScanner.value(at: keys[...], in: record).map { UnsafeBufferPointer(rebasing: record[$0]) })
            }
        }
        return readCount == count
    }

    /// Takes the value written in `bytes` (nil: none) as the next record's.
    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>?) {
        var kind = Kind.missing
        var number = 0.0
        let textStart = text.count
        if let bytes, let first = bytes.first {
            switch first {
            case UInt8(ascii: "\""):
                let inside = bytes[1..<(bytes.count - 1)]
                if !inside.contains(UInt8(ascii: "\\")) {
                    text.append(contentsOf: inside)
                    kind = .string
                } else if case .string(let decoded)? = try? JSONParser.parse(Array(bytes)) {
                    text.append(contentsOf: decoded.utf8)
                    kind = .string
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                kind = .boolean
                number = first == UInt8(ascii: "t") ? 1 : 0
            case UInt8(ascii: "n"):
                kind = bytes.elementsEqual("null".utf8) ? .null : .missing
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                text.append(contentsOf: bytes)
                kind = .container
            default:
                // (A number too big for a Double is infinite: after every other.)
                if let value = Double(String(decoding: bytes, as: UTF8.self)) {
                    kind = .number
                    number = value
                }
            }
        }
        kinds.append(kind.rawValue)
        numbers.append(number)
        textStarts.append(textStart)
        textEnds.append(text.count)
    }

    /// The records read, in the column's order: their indexes.
    /// - Complexity: O(n log n) comparisons.
    public func order() -> [UInt32] {
        var order = (0..<UInt32(readCount)).map { $0 }
        order.sort { precedes(Int($0), Int($1)) }
        return order
    }

    /// Whether record `a` comes before record `b`: by class, then value, then the file's order.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        let kindA = kinds[a], kindB = kinds[b]
        let lastA = kindA >= Kind.null.rawValue, lastB = kindB >= Kind.null.rawValue
        // Null and missing last, whichever way; among them (and in ties) the file's order.
        if lastA || lastB { return lastA == lastB ? a < b : lastB }
        if kindA != kindB { return descending ? kindA > kindB : kindA < kindB }
        let order: Int
        switch Kind(rawValue: kindA) {
        case .number?, .boolean?:
            order = numbers[a] < numbers[b] ? -1 : (numbers[a] > numbers[b] ? 1 : 0)
        default:
            order = compareText(a, b)
        }
        if order == 0 { return a < b }
        return descending ? order > 0 : order < 0
    }

    /// The texts of records `a` and `b` compared by their bytes: -1, 0 or 1.
    private func compareText(_ a: Int, _ b: Int) -> Int {
        text.withUnsafeBufferPointer { text in
            let left = text[textStarts[a]..<textEnds[a]]
            let right = text[textStarts[b]..<textEnds[b]]
            for (x, y) in zip(left, right) where x != y { return x < y ? -1 : 1 }
            return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
        }
    }
}
