import Platform

/// The records of a ``RecordTable`` put in the order of one column — numbers by their value,
/// strings by their bytes (decoded), then `false` and `true`, then arrays and objects by their
/// bytes, `null` and a missing member last; records that tie keep the file's order — read a
/// window of the file at a time (``step(records:)``): each record's member is found in its bytes
/// (`RecordWalk`), never the record decoded. The order is the records' indexes, 4 bytes a
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
    /// What is read of each record, in the records' order.
    private var read = SortKeys()
    /// The records' walk on two threads (made at the first step).
    private var paired: PairedWalk<SortKeys>?

    /// Bytes of the file read a step (but for one record longer than that).
    public let window: Int

    /// What a member is, in the order classes sort in.
    fileprivate enum Kind: UInt8 {
        case number, string, boolean, container, null, missing
    }

    /// A sort of `table`'s records by `column`, reading `window` bytes of the file a step.
    public init(_ table: RecordTable, by column: RecordColumn, descending: Bool, window: Int = 4 << 20) {
        self.table = table
        self.window = window
        self.column = column
        self.descending = descending
        recordCount = table.rowCount
        keys = column.keys.map { Array($0.utf8) }
    }

    /// The records whose member was read so far.
    public var readCount: Int { read.kinds.count }

    /// The records there were at the last step (the container read further since the sort began).
    private var recordCount: Int

    /// How far the reading got, 0–1, of the records there were at the last step.
    public var progress: Double { recordCount > 0 ? min(1, Double(readCount) / Double(recordCount)) : 1 }

    /// Reads the member of the next records, a window of the file: those of `records` (the same
    /// container read further, when the file is still read).
    /// - Returns: whether every record of `records` is read.
    public mutating func step(records: ChildTable) -> Bool {
        precondition(!isUsedUp, "a sort read again after its order was handed over")
        recordCount = records.count
        // (Grown once to the records there are, not doubled on the way: half the peak.)
        read.reserve(recordCount)
        let keys = self.keys
        let first = [keys[0]]
        var paired = self.paired ?? PairedWalk(records, of: table.tree, keys: first, window: window)
        self.paired = nil
        _ = paired.step(
            records: records, own: { read.read(Self.member(of: $0, first: first, deeper: keys.dropFirst())) },
            start: { SortKeys() },
            add: { part, record in part.read(Self.member(of: record, first: first, deeper: keys.dropFirst())) },
            finish: { read.append($0) })
        self.paired = paired
        return !paired.otherThreadIsWalking && readCount == records.wholeChildCount
    }

    /// The bytes of the member of a walked record at its first key (`first`, found by the
    /// walk) and the `deeper` ones.
    private static func member(
        of record: WalkedRecord, first: [[UInt8]], deeper: ArraySlice<[UInt8]>
    ) -> UnsafeBufferPointer<UInt8>? {
        record.value(ofKey: 0, keys: first, then: deeper).map { UnsafeBufferPointer(rebasing: record.bytes[$0]) }
    }

    /// The records read, in the column's order: their indexes, all at once.
    /// - Complexity: O(n log n) comparisons; O(n) when every member present is a number (null
    ///   and missing members aside).
    public func order() -> [UInt32] {
        precondition(!isUsedUp, "a sort ordered again after its order was handed over")
        var sort = self
        sort.ordering = nil
        while true {
            if let order = sort.orderingStep(budget: .max) { return order }
        }
    }

    /// The ordering of the records read, a part a step (``orderingStep()``), so a key never
    /// waits for the whole sort.
    private var ordering: OrderingWork?

    /// How the records read are ordered: by their numbers' bits, a radix sort, when every member
    /// present is a number (those absent keyed last, so in the file's order after them), numbers
    /// with the same Double then put in order by how they are written, a run at a time from
    /// `tiesFrom`; else by comparisons.
    private enum OrderingWork {
        case keyed(KeyOrdering)
        case ties(order: [UInt32], from: Int)
        case compared(Ordering)
    }

    /// Comparisons of the ordering a step (eight times as many moves of a radix sort): a few
    /// milliseconds.
    public static let orderingBudget = 1 << 16

    /// The next part of ordering the records read (once all are read): the order when done —
    /// and then the sort is used up: what it read is let go before rows are made in that order
    /// (it is not to be stepped or ordered again).
    public mutating func orderingStep() -> [UInt32]? {
        guard let order = orderingStep(budget: Self.orderingBudget) else { return nil }
        read = SortKeys()
        isUsedUp = true
        return order
    }

    /// Whether ``orderingStep()`` handed its order over, letting go of what it read.
    private var isUsedUp = false

    private mutating func orderingStep(budget: Int) -> [UInt32]? {
        // Taken out first: the comparison holds a copy of this sort, which must not hold the
        // ordering's arrays too (each step would copy them).
        let current = ordering ?? orderingWork()
        ordering = nil
        switch consume current {
        case .keyed(var keyed):
            let kinds = read.kinds, numbers = read.numbers, descending = descending
            // (A move of an index costs an eighth of a comparison; a null or a missing member is
            // keyed past every number, either way.)
            let moves = budget == .max ? .max : budget * 8
            if !keyed.isDone, !keyed.step(budget: moves, key: {
                kinds[$0] == Kind.number.rawValue ? Self.key(of: numbers[$0], descending: descending) : .max
            }) {
                ordering = .keyed(keyed)
                return nil
            }
            guard !read.text.isEmpty else { return keyed.order }
            ordering = .ties(order: keyed.order, from: 0)
            return nil
        case .ties(var order, var from):
            let done = orderTies(&order, from: &from, budget: budget == .max ? .max : budget * 8)
            ordering = .ties(order: order, from: from)
            return done ? order : nil
        case .compared(var compared):
            let precedes = self.precedes
            let done = compared.step(budget: budget, by: precedes)
            ordering = .compared(compared)
            return done ? compared.order : nil
        }
    }

    /// How the records read are to be ordered (a look at each one's class).
    private func orderingWork() -> OrderingWork {
        // (A string, a boolean or a container: ordered by comparisons.)
        let numbers = read.kinds.allSatisfy { $0 == Kind.number.rawValue || $0 >= Kind.null.rawValue }
        guard numbers else { return .compared(Ordering(count: readCount)) }
        return .keyed(KeyOrdering(Array(0..<UInt32(readCount))))
    }

    /// Puts in order the runs of numbers with the same Double in `order` (by their keys) from
    /// `start` on, for about `budget` numbers: by how they are written (`1e-400` before `0`),
    /// ties in the file's order. A run of one, or already in order, is passed by.
    /// - Returns: whether every run is in order.
    private func orderTies(_ order: inout [UInt32], from start: inout Int, budget: Int) -> Bool {
        var spent = 0
        while start < order.count, spent < budget {
            let number = read.numbers[Int(order[start])]
            var end = start + 1
            // (Of numbers alone: those absent, last, are in the file's order already.)
            if read.kinds[Int(order[start])] == Kind.number.rawValue {
                while end < order.count, read.kinds[Int(order[end])] == Kind.number.rawValue,
                      read.numbers[Int(order[end])] == number {
                    end += 1
                }
            }
            let run = order[start..<end]
            if run.count > 1, !zip(run, run.dropFirst()).allSatisfy({ precedes(Int($0), Int($1)) }) {
                order[start..<end].sort { precedes(Int($0), Int($1)) }
            }
            spent += end - start
            start = end
        }
        return start == order.count
    }

    /// A number's key: its bits made to order as the numbers do (-0 as 0), largest first when
    /// `descending`.
    static func key(of number: Double, descending: Bool) -> UInt64 {
        let bits = (number == 0 ? 0 : number).bitPattern
        let ascending = bits >> 63 == 1 ? ~bits : bits | 1 << 63
        return descending ? ~ascending : ascending
    }

    /// How far the ordering got, 0–1.
    public var orderingProgress: Double {
        switch ordering {
        case .keyed(let keyed)?: keyed.progress
        // (Runs of ties are ordered at the end, mostly passed by: not counted.)
        case .ties?: 1
        case .compared(let compared)?: compared.progress
        case nil: 0
        }
    }

    /// Whether record `a` comes before record `b`: by class, then value, then the file's order.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        let kindA = read.kinds[a], kindB = read.kinds[b]
        let lastA = kindA >= Kind.null.rawValue, lastB = kindB >= Kind.null.rawValue
        // Null and missing last, whichever way; among them (and in ties) the file's order.
        if lastA || lastB { return lastA == lastB ? a < b : lastB }
        if kindA != kindB { return descending ? kindA > kindB : kindA < kindB }
        let order: Int
        switch Kind(rawValue: kindA) {
        case .number?, .boolean?:
            order = (read.numbers[a] < read.numbers[b] ? -1 : (read.numbers[a] > read.numbers[b] ? 1 : 0))
                .nonZero(or: compareWritten(a, b))
        default:
            order = compareText(a, b)
        }
        if order == 0 { return a < b }
        return descending ? order > 0 : order < 0
    }

    /// Two numbers with the same Double, by how they are written (kept in `text` when the
    /// Double may not tell them apart; none kept for one exactly zero, as `0` is written): -1, 0
    /// or 1; 0 when neither was kept.
    private func compareWritten(_ a: Int, _ b: Int) -> Int {
        let (a, b) = (textRange(a), textRange(b))
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        let zero: ArraySlice<UInt8> = [UInt8(ascii: "0")]
        return JSONNumber.compare(a.isEmpty ? zero : read.text[a], b.isEmpty ? zero : read.text[b])
    }

    /// Where record `record`'s text is in `text`.
    private func textRange(_ record: Int) -> Range<Int> {
        read.textStarts.isEmpty ? 0..<0 : Int(read.textStarts[record])..<Int(read.textStarts[record + 1])
    }

    /// The texts of records `a` and `b` compared by their bytes: -1, 0 or 1.
    private func compareText(_ a: Int, _ b: Int) -> Int {
        let (rangeA, rangeB) = (textRange(a), textRange(b))
        return read.text.withUnsafeBytes { text in
            JSONBytes.order(UnsafeRawBufferPointer(rebasing: text[rangeA]), UnsafeRawBufferPointer(rebasing: text[rangeB]))
        }
    }
}

private extension Int {
    /// This order, or `tie` when this is 0.
    func nonZero(or tie: @autoclosure () -> Int) -> Int { self != 0 ? self : tie() }
}

/// What a sort reads of its records, in their order: each one's class (`RecordSort.Kind`), and
/// its number, or its text's place in `text` — a part read on another thread appended whole.
private struct SortKeys: Sendable {
    var kinds: [UInt8] = []
    var numbers: [Double] = []
    /// Where record `k`'s text starts in `text`: `textStarts[k]`, and ends: `textStarts[k + 1]`;
    /// empty while no record has a text (a column of numbers: 4 bytes a record less).
    var textStarts: [UInt32] = []
    var text: [UInt8] = []

    mutating func reserve(_ count: Int) {
        guard kinds.capacity < count else { return }
        kinds.reserveCapacity(count)
        numbers.reserveCapacity(count)
    }

    /// Takes the value written in `bytes` (nil: none) as the next record's.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>?) {
        var kind = RecordSort.Kind.missing
        var number = 0.0
        let textStart = text.count
        switch MemberValue(bytes) {
        case .number(let value, let written):
            kind = .number
            number = value
            // A number a Double may not tell from another (a 64-bit id, `1e400`, `1e-400`) keeps
            // how it is written: two with the same Double are told apart by it. (A zero that is
            // exactly zero needs none: a column of numbers with a `0` keeps no texts.)
            if let written, value != 0 || !Self.isExactlyZero(written) { text += written }
        case .string(let bytes):
            kind = .string
            text += bytes
        case .boolean(let flag):
            kind = .boolean
            number = flag ? 1 : 0
        case .container(let bytes):
            kind = .container
            text += bytes
        case .null: kind = .null
        case .missing: kind = .missing
        }
        kinds.append(kind.rawValue)
        numbers.append(number)
        // (Past 4 GiB of texts a record's text is left out: a string sorts as empty, a number by
        // its Double alone, as `0` among zeros.)
        if text.count > Int(UInt32.max) { text.removeSubrange(textStart...) }
        guard text.count > textStart || !textStarts.isEmpty else { return }
        // (The first text: every record before it starts and ends at 0.)
        if textStarts.isEmpty { textStarts = [UInt32](repeating: 0, count: kinds.count) }
        textStarts.append(UInt32(text.count))
    }

    /// Whether a number written `bytes` (whose Double is 0) is exactly zero: no digit of its
    /// mantissa is another (`0`, `-0.0`, `0e5`; not `1e-400`).
    static func isExactlyZero(_ bytes: [UInt8]) -> Bool {
        for byte in bytes {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    /// Appends `part`'s records after these.
    mutating func append(_ part: SortKeys) {
        let base = UInt32(text.count)
        let before = kinds.count
        kinds += part.kinds
        numbers += part.numbers
        // (Past 4 GiB of texts the part's records sort as empty.)
        guard !part.textStarts.isEmpty, text.count + part.text.count <= Int(UInt32.max) else {
            if !textStarts.isEmpty { textStarts += repeatElement(base, count: part.kinds.count) }
            return
        }
        if textStarts.isEmpty { textStarts = [UInt32](repeating: 0, count: before + 1) }
        text += part.text
        textStarts += part.textStarts.dropFirst().map { $0 + base }
    }
}
