import CJSONIndex

/// A record as ``RecordWalk`` read it: its bytes, and where in them the values of the keys
/// looked up are — found by the C walk (`tstack_walk_members`), or by `MemberScanner` for a
/// record whose keys are written with escapes (or read the slow way).
struct WalkedRecord {
    /// The record's index among the container's children.
    let index: Int
    /// The record's bytes (its value, blanks around it trimmed).
    let bytes: UnsafeBufferPointer<UInt8>
    /// The C walk's findings for this record, in the window's offsets, and the record's start
    /// there; nil: look the keys up in `bytes`.
    fileprivate let found: UnsafePointer<tstack_range>?
    fileprivate let start: Int

    /// A record whose keys are looked up in its bytes.
    init(index: Int, bytes: UnsafeBufferPointer<UInt8>) {
        self.index = index
        self.bytes = bytes
        found = nil
        start = 0
    }

    fileprivate init(index: Int, bytes: UnsafeBufferPointer<UInt8>, found: UnsafePointer<tstack_range>?, start: Int) {
        self.index = index
        self.bytes = bytes
        self.found = found
        self.start = start
    }

    /// Whether the walk in C read the record as an object with plain keys (its members found
    /// as it read them; else they are looked up in its bytes, which may be no object or not JSON).
    var wasWalked: Bool { found != nil }

    /// The range in ``bytes`` of the value of top-level key `keys[key]` (the last when written
    /// twice); nil when there is none, or the record is no object.
    func value(ofKey key: Int, keys: [[UInt8]]) -> Range<Int>? {
        guard let found else { return MemberScanner.value(at: [keys[key]][...], in: bytes) }
        let range = found[key]
        guard range.start >= 0 else { return nil }
        return (Int(range.start) - start)..<(Int(range.end) - start)
    }

    /// The range in ``bytes`` of the member at `keys[key]`, then at each of `deeper` in the
    /// value before it (`ctx.user.id`); nil when one is missing or no object.
    func value(ofKey key: Int, keys: [[UInt8]], then deeper: ArraySlice<[UInt8]>) -> Range<Int>? {
        guard var range = value(ofKey: key, keys: keys) else { return nil }
        for inner in deeper {
            guard let found = Self.member(inner, in: bytes, objectAt: range) else { return nil }
            range = found
        }
        return range
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

/// Reads the records of an array (a JSON Lines file's lines) a window of the file at a time for
/// the values of a few top-level keys: whole blocks of records (their first starts known to the
/// table) read with one `pread` and walked in C, each record once; a block the walk does not
/// read as the table does (a line that is not JSON) is read record by record as ``RecordWindow``
/// reads them. What `:freq` and `:describe` read of every record.
struct RecordWalk: Sendable {
    /// The keys looked up.
    let keys: [[UInt8]]
    /// Whether a comma may follow a record (an array's elements; not a JSON Lines file's lines,
    /// where `{"a": 1},` is no record).
    var commas = true

    /// Whether a comma comes between `records` (an array's), or not (a JSON Lines file's lines).
    static func commas(between records: ChildTable, of tree: JSONTree) -> Bool {
        !(tree.isJSONLines && records.start == tree.root?.start)
    }

    init(keys: [[UInt8]]) {
        self.keys = keys
    }

    /// What one thread's walk reads into, kept from one stretch to the next: the window's bytes
    /// and what the walk found in them (arrays made afresh each stretch were zeroed and their
    /// pages faulted in: a tenth of a `:describe`). Used by one thread at a time.
    final class Buffers: @unchecked Sendable {
        let reader: WindowReader
        fileprivate var ranges: [tstack_range] = [], kinds: [UInt8] = [], found: [tstack_range] = []

        /// Buffers for walks of `tree`'s records.
        init(reading tree: JSONTree) {
            reader = tree.windowReader()
        }

        /// Lets go of what the buffers hold (a pass that read every record there is): the next
        /// walk makes them again.
        func letGo() {
            reader.letGo()
            ranges = []
            kinds = []
            found = []
        }

        /// Room for `records` records of `keys` keys each.
        fileprivate func reserve(records: Int, keys: Int) {
            if ranges.count < records {
                ranges = [tstack_range](repeating: tstack_range(), count: records)
                kinds = [UInt8](repeating: 0, count: records)
            }
            if found.count < records * keys { found = [tstack_range](repeating: tstack_range(), count: records * keys) }
        }
    }

    /// Calls `body` with each record of `records` from `first` on that starts within `window`
    /// bytes of it — one at least —, read into `buffers`.
    /// - Returns: the index after the last record read.
    func read(
        _ records: ChildTable, of tree: JSONTree, from first: Int, window: Int, buffers: Buffers,
        _ body: (WalkedRecord) -> Void
    ) -> Int {
        var walk = self
        walk.commas = Self.commas(between: records, of: tree)
        guard let stretch = records.stretch(from: first, maximumBytes: window) else {
            if let toBlockEnd = records.childrenToBlockEnd(from: first), toBlockEnd > 0 {
                // (To the next block's start, where stretches begin again.)
                walk.readBySlowPath(records, of: tree, from: first, count: toBlockEnd, window: window, body)
                return first + toBlockEnd
            }
            return RecordWindow.read(records, of: tree, from: first, window: window) { record in
                body(WalkedRecord(index: record.index, bytes: record.bytes))
            }
        }
        guard let bytes = buffers.reader.bytes(in: stretch.bytes),
              walk.walk(bytes, first: first, count: stretch.count, buffers: buffers, body)
        else {
            // (Read as the table reads them — a record the walk could not read is missing — and
            // no further than the stretch: what follows may be another thread's.)
            readBySlowPath(records, of: tree, from: first, count: stretch.count, window: window, body)
            return first + stretch.count
        }
        return first + stretch.count
    }

    /// Reads records `first..<first + count` as ``RecordWindow`` reads them, `MemberScanner`
    /// finding their members: the walk's way when it cannot read them.
    func readBySlowPath(
        _ records: ChildTable, of tree: JSONTree, from first: Int, count: Int, window: Int, _ body: (WalkedRecord) -> Void
    ) {
        var next = first
        while next < first + count {
            next = RecordWindow.read(records, of: tree, from: next, window: window) { record in
                guard record.index < first + count else { return }
                body(WalkedRecord(index: record.index, bytes: record.bytes))
            }
        }
    }

    /// Walks the `count` records written in `bytes` (a ``ChildTable/stretch(from:maximumBytes:)``'s),
    /// the first at index `first`, what it finds kept in `buffers`: on any thread, it reads
    /// nothing but the bytes.
    /// - Returns: false, `body` not called, when the walk does not find them as the table does.
    func walk(
        _ window: UnsafeBufferPointer<UInt8>, first: Int, count: Int, buffers: Buffers, _ body: (WalkedRecord) -> Void
    ) -> Bool {
        let keyCount = max(1, keys.count)
        buffers.reserve(records: count, keys: keyCount)
        var at = 0
        let walked = keys.withPointers { keyPointers, keyLengths in
            tstack_walk_members(
                window.baseAddress, window.count, &at, count, commas ? 1 : 0, keyPointers, keyLengths, keys.count,
                &buffers.ranges, &buffers.kinds, &buffers.found)
        }
        // Every record, and nothing after them but blanks (and a comma in an array).
        guard walked == count, Self.onlySeparators(window, from: at, commas: commas ? 1 : 0) else { return false }
        let ranges = buffers.ranges, kinds = buffers.kinds
        buffers.found.withUnsafeBufferPointer { found in
            for record in 0..<count {
                let range = Int(ranges[record].start)..<Int(ranges[record].end)
                let bytes = UnsafeBufferPointer(rebasing: window[range])
                let escaped = kinds[record] == UInt8(TSTACK_RECORD_ESCAPED_KEY)
                body(WalkedRecord(
                    index: first + record, bytes: bytes,
                    found: escaped ? nil : found.baseAddress! + record * keyCount, start: range.lowerBound))
            }
        }
        return true
    }

    /// Whether `window` from `index` holds only blanks and at most `commas` commas.
    private static func onlySeparators(_ window: UnsafeBufferPointer<UInt8>, from index: Int, commas allowed: Int) -> Bool {
        var commas = 0
        for byte in window[index...] {
            if byte == UInt8(ascii: ",") { commas += 1 } else if byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09 { return false }
        }
        return commas <= allowed
    }
}

private extension Array where Element == [UInt8] {
    /// Calls `body` with a pointer to each key's bytes and their lengths.
    func withPointers<Result>(_ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int>) -> Result) -> Result {
        let joined = [UInt8](self.joined()) + [0]
        return joined.withUnsafeBufferPointer { bytes in
            var pointers: [UnsafePointer<UInt8>?] = []
            var offset = 0
            for key in self {
                pointers.append(bytes.baseAddress! + offset)
                offset += key.count
            }
            let lengths = map(\.count)
            return body(pointers, lengths)
        }
    }
}
