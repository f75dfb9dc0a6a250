import CJSONIndex
import Platform

/// A resumable structural scan of a stack document: it finds where each item starts and ends,
/// and its `id` and `detail`, without building any value. Bytes are fed in chunks of any size; a
/// chunk boundary may fall anywhere, even inside a string escape.
///
/// Only the skeleton is checked here: brackets, strings, and the commas and colons of the levels
/// above the items' insides. What lies inside an item is checked when the item is decoded for
/// display (``JSONParser``), so a bad item becomes an error row while the rest still browses.
struct StackScanner: Sendable {
    /// Something found between items, in file order.
    enum Event: Equatable, Sendable {
        /// A member of the top-level object other than `sections`, with its raw JSON.
        case documentMember(key: String, value: [UInt8], offset: Int)
        /// The `sections` array opened.
        case sectionsStart
        /// A section object opened; its items start at item number `firstItem`.
        case sectionStart(firstItem: Int)
        /// A member of the open section other than `items`, with its raw JSON.
        case sectionMember(key: String, value: [UInt8], offset: Int)
        /// The open section's `items` array opened.
        case itemsStart
        /// The open section closed; its items end before item number `endItem`.
        case sectionEnd(endItem: Int)
    }

    /// One item as found by the scan.
    struct ItemRecord: Equatable, Sendable {
        /// Byte offset of the item's first byte, and its length (at most 4 GiB, as `LazyItems`
        /// keeps it).
        var start: Int
        var length: UInt32
        /// `ItemIDHash.short` of its `id` member, or 0 when it has none (or not a string): the
        /// 32 bits kept (24 bytes a record, where 64 made 32).
        var idHash: UInt32
        /// Its `detail` (1–3), or 0 when it has none or something else.
        var detail: UInt8
    }

    /// Malformed structure: where (a byte offset) and what was expected.
    struct Failure: Error, Equatable, Sendable {
        var offset: Int
        var message: String
    }

    /// Events and items found since the caller last took them.
    var events: [Event] = []
    var items: [ItemRecord] = []
    /// How many items were found so far, in all.
    private(set) var itemCount = 0
    /// Bytes consumed so far.
    private(set) var offset = 0
    /// Whether the top-level object closed.
    private(set) var isComplete = false

    private(set) var frames: [Frame] = []
    /// Brackets of the containers being skipped inside a value nobody needs.
    private var skipped: [UInt8] = []
    private var mode = Mode.structural
    /// Where the chunk's quotes and its brackets outside strings are (`tstack_index_json`):
    /// string contents and the insides of skipped values are jumped over, not read.
    var positions: [UInt32] = []
    var positionCount = 0
    /// The first position not yet passed.
    var cursor = 0
    /// Room for the items a walk of the index reads at once (``wholeItems(_:at:base:)``).
    var walkedItems = [tstack_item](repeating: tstack_item(), count: 256)
    /// The bytes of the value (or member name) being captured, kept across chunks.
    private var capture: [UInt8] = []
    private var capturing = false
    private var captureStart = 0
    private var pending = Completion.none
    private var valueOffset = 0
    private var itemStart = 0
    private var itemIDHash: UInt64 = 0
    private var itemDetail: UInt8 = 0

    init() {}

    // MARK: - State

    enum Kind: UInt8 { case document, sections, section, items, item }

    enum Expect: UInt8 { case keyOrClose, key, colon, value, valueOrClose, commaOrClose }

    struct Frame {
        var kind: Kind
        var expect: Expect
        var key = MemberKey.other

        var isObject: Bool { kind == .document || kind == .section || kind == .item }
    }

    enum MemberKey: Equatable {
        case sections, items, id, detail, other
        case named(String)
    }

    private enum Mode: Equatable {
        case structural
        /// Inside a string; `isKey` when it is a member name.
        case string(isKey: Bool)
        /// Inside containers nobody needs (`skipped` holds their brackets).
        case skipping
        /// Inside a string within such containers.
        case skippedString
        /// Inside a number or literal.
        case scalar
    }

    /// What finishing the value in progress means.
    private enum Completion: Equatable {
        case none, documentMember(String), sectionMember(String), itemID, itemDetail, item
    }

    // MARK: - Feeding

    /// Scans the next chunk of the file, read and indexed (``IndexedChunks``, on another thread
    /// while the scan runs): its index is swapped in, and the chunk takes the last one's room.
    /// - Throws: `Failure` at the first structural error; the scanner is then unusable.
    mutating func scan(_ chunk: IndexedChunks.Chunk) throws(Failure) {
        swap(&positions, &chunk.positions)
        positionCount = chunk.positionCount
        cursor = 0
        try walk(chunk.bytes)
    }

    /// Walks `chunk` from its index (`positions`).
    private mutating func walk(_ chunk: UnsafeBufferPointer<UInt8>) throws(Failure) {
        let base = offset
        let n = chunk.count
        var i = 0
        if base == 0, n >= 3, chunk.starts(with: JSONParser.byteOrderMark) { i = 3 }
        captureStart = i
        while i < n {
            switch mode {
            case .structural:
                i = try structural(chunk, from: i, base: base)
            case .skipping:
                i = try skip(chunk, from: i, base: base)
            case .skippedString:
                guard let end = stringEnd(chunk, from: i) else { i = n; break }
                i = end + 1
                mode = .skipping
            case .string(let isKey):
                guard let end = stringEnd(chunk, from: i) else { i = n; break }
                i = end + 1
                mode = .structural
                if isKey { try finishKey(chunk, end: i, base: base) } else { finishValue(chunk, end: i, base: base) }
            case .scalar:
                while i < n, Self.isScalarByte(chunk[i]) { i += 1 }
                if i < n {
                    mode = .structural
                    finishValue(chunk, end: i, base: base)
                }
            }
        }
        if capturing, captureStart < n {
            capture.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[captureStart..<n]))
        }
        captureStart = 0
        offset = base + n
    }

    /// Says the file ended.
    /// - Throws: `Failure` when the document is incomplete.
    func finish() throws(Failure) {
        guard !isComplete else { return }
        if frames.isEmpty, mode == .structural {
            throw Failure(offset: offset, message: "expected a JSON document, found end of input")
        }
        let expected: String
        switch mode {
        case .string, .skippedString: expected = "the end of a string"
        case .skipping: expected = skipped.last == UInt8(ascii: "[") ? "']'" : "'}'"
        case .structural, .scalar: expected = frames.last?.isObject == false ? "']'" : "'}'"
        }
        throw Failure(offset: offset, message: "unexpected end of input, expected \(expected)")
    }

    // MARK: - The levels above the items' insides

    private mutating func structural(
        _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, base: Int
    ) throws(Failure) -> Int {
        var i = start
        let n = chunk.count
        while i < n {
            let byte = chunk[i]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                i += 1
                continue
            }
            guard let frame = frames.last else {
                if isComplete { throw Failure(offset: base + i, message: "expected end of input after the top-level value") }
                guard byte == UInt8(ascii: "{") else {
                    throw Failure(offset: base + i, message: "expected an object with \"sections\", found \(Self.describe(byte))")
                }
                frames.append(Frame(kind: .document, expect: .keyOrClose))
                i += 1
                continue
            }
            let top = frames.count - 1
            switch frame.expect {
            case .keyOrClose, .key:
                if byte == UInt8(ascii: "\"") {
                    mode = .string(isKey: true)
                    startCapture(at: i + 1)
                    return i + 1
                }
                guard byte == UInt8(ascii: "}"), frame.expect == .keyOrClose else {
                    throw Failure(offset: base + i, message: "expected a member name in quotes, found \(Self.describe(byte))")
                }
                i += 1
                close(end: base + i)
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    throw Failure(offset: base + i, message: "expected ':' after the member name, found \(Self.describe(byte))")
                }
                frames[top].expect = .value
                i += 1
            case .value, .valueOrClose:
                if byte == UInt8(ascii: "]"), frame.expect == .valueOrClose {
                    i += 1
                    close(end: base + i)
                    continue
                }
                frames[top].expect = .commaOrClose
                return try beginValue(byte, in: frame, chunk, at: i, base: base)
            case .commaOrClose:
                if byte == UInt8(ascii: ",") {
                    frames[top].expect = frame.isObject ? .key : .value
                    i += 1
                } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    close(end: base + i)
                } else {
                    throw Failure(
                        offset: base + i,
                        message: "expected ',' or '\(frame.isObject ? "}" : "]")', found \(Self.describe(byte))")
                }
            }
        }
        return n
    }

    private mutating func beginValue(
        _ byte: UInt8, in frame: Frame, _ chunk: UnsafeBufferPointer<UInt8>, at i: Int, base: Int
    ) throws(Failure) -> Int {
        var captures = false
        switch frame.kind {
        case .document, .section:
            // The document's `sections` and a section's `items` open the next level; any other
            // member is captured and reported whole.
            let isDocument = frame.kind == .document
            if frame.key == (isDocument ? .sections : .items) {
                try open(
                    isDocument ? .sections : .items, found: byte, at: base + i,
                    expected: isDocument ? "sections: expected an array of sections" : "items: expected an array of items")
                events.append(isDocument ? .sectionsStart : .itemsStart)
                return i + 1
            }
            if case .named(let name) = frame.key { pending = isDocument ? .documentMember(name) : .sectionMember(name) }
            captures = true
        case .sections:
            try open(.section, found: byte, at: base + i, expected: "expected a section object")
            events.append(.sectionStart(firstItem: itemCount))
            return i + 1
        case .items:
            itemStart = base + i
            if byte == UInt8(ascii: "{"), let end = wholeItems(chunk, at: i, base: base) { return end }
            if byte == UInt8(ascii: "{") {
                frames.append(Frame(kind: .item, expect: .keyOrClose))
                itemIDHash = 0
                itemDetail = 0
                return i + 1
            }
            pending = .item
        case .item:
            switch frame.key {
            case .id: pending = .itemID; captures = true
            case .detail: pending = .itemDetail; captures = true
            default: pending = .none
            }
        }
        valueOffset = base + i
        if captures { startCapture(at: i) }
        switch byte {
        case UInt8(ascii: "\""):
            mode = .string(isKey: false)
            return i + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < Self.maximumDepth else { throw tooDeep(base + i) }
            skipped.append(byte)
            mode = .skipping
            return i + 1
        default:
            guard Self.isScalarByte(byte) else {
                throw Failure(offset: base + i, message: "expected a value, found \(Self.describe(byte))")
            }
            mode = .scalar
            return i
        }
    }

    /// Opens a container of `kind` where the format requires one, or says what was expected.
    private mutating func open(_ kind: Kind, found byte: UInt8, at offset: Int, expected: String) throws(Failure) {
        let isObject = Frame(kind: kind, expect: .value).isObject
        guard byte == (isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")) else {
            throw Failure(offset: offset, message: "\(expected), found \(Self.describe(byte))")
        }
        frames.append(Frame(kind: kind, expect: isObject ? .keyOrClose : .valueOrClose))
    }

    private mutating func startCapture(at index: Int) {
        capture.removeAll(keepingCapacity: true)
        capturing = true
        captureStart = index
    }

    /// Ends the capture at `end` (exclusive, in `chunk`); `capture` holds its bytes.
    private mutating func endCapture(_ chunk: UnsafeBufferPointer<UInt8>, end: Int) {
        guard capturing else { return }
        if captureStart < end { capture.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[captureStart..<end])) }
        capturing = false
    }

    private mutating func finishKey(_ chunk: UnsafeBufferPointer<UInt8>, end: Int, base: Int) throws(Failure) {
        endCapture(chunk, end: end)
        let raw = capture.dropLast()  // the closing quote
        let top = frames.count - 1
        frames[top].expect = .colon
        switch frames[top].kind {
        case .item:
            frames[top].key = raw.elementsEqual([0x69, 0x64]) ? .id : raw.elementsEqual("detail".utf8) ? .detail : .other
        case .document:
            let name = Self.keyName(raw)
            frames[top].key = name == "sections" ? .sections : .named(name)
        default:
            let name = Self.keyName(raw)
            frames[top].key = name == "items" ? .items : .named(name)
        }
    }

    private mutating func finishValue(_ chunk: UnsafeBufferPointer<UInt8>, end: Int, base: Int) {
        endCapture(chunk, end: end)
        switch pending {
        case .none:
            break
        // An event takes the captured bytes away: keeping them for the next capture would make
        // that one allocate again at the largest capacity seen, for each event (6 MB of a
        // million items' sections waiting to be taken in).
        case .documentMember(let key):
            events.append(.documentMember(key: key, value: capture, offset: valueOffset))
            capture = []
        case .sectionMember(let key):
            events.append(.sectionMember(key: key, value: capture, offset: valueOffset))
            capture = []
        case .itemID:
            itemIDHash = ItemIDHash.ofRawString(capture)
        case .itemDetail:
            itemDetail = capture.count == 1 && (0x31...0x33).contains(capture[0]) ? capture[0] - 0x30 : 0
        case .item:
            record(end: base + end, idHash: 0, detail: 0)
        }
        pending = .none
    }

    private mutating func close(end: Int) {
        let frame = frames.removeLast()
        switch frame.kind {
        case .document: isComplete = true
        case .section: events.append(.sectionEnd(endItem: itemCount))
        case .item: record(end: end, idHash: itemIDHash, detail: itemDetail)
        case .sections, .items: break
        }
    }

    mutating func record(end: Int, idHash: UInt64, detail: UInt8) {
        items.append(ItemRecord(
            start: itemStart, length: UInt32(clamping: end - itemStart), idHash: ItemIDHash.short(idHash), detail: detail))
        itemCount += 1
    }

    /// Records items read whole from the index (``wholeItems(_:at:base:)``), at offsets in a
    /// chunk that starts at `base`.
    mutating func record(_ walked: ArraySlice<tstack_item>, base: Int) {
        items.append(mapping: walked) { item in
            ItemRecord(
                start: base + item.start, length: UInt32(clamping: item.end - item.start),
                idHash: ItemIDHash.short(item.id_hash), detail: item.detail)
        }
        itemCount += walked.count
    }

    // MARK: - Inside values nobody needs

    /// Skips the insides of unneeded containers: from bracket to bracket of the index, each
    /// string jumped over whole.
    private mutating func skip(
        _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, base: Int
    ) throws(Failure) -> Int {
        var i = start
        let n = chunk.count
        while let p = position(atOrAfter: i) {
            let byte = chunk[p]
            i = p + 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let end = position(atOrAfter: i) else {
                    mode = .skippedString
                    return n
                }
                i = end + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard frames.count + skipped.count < Self.maximumDepth else { throw tooDeep(base + p) }
                skipped.append(byte)
            default:
                let open = skipped.removeLast()
                guard (open == UInt8(ascii: "{")) == (byte == UInt8(ascii: "}")) else {
                    throw Failure(
                        offset: base + p,
                        message: "expected '\(open == UInt8(ascii: "{") ? "}" : "]")', found \(Self.describe(byte))")
                }
                if skipped.isEmpty {
                    mode = .structural
                    finishValue(chunk, end: i, base: base)
                    return i
                }
            }
        }
        return n
    }

    /// The index of the quote that ends the string whose contents go on at `start`, or nil when
    /// the chunk ends first: inside a string, the index's next position is its closing quote.
    private mutating func stringEnd(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        position(atOrAfter: start)
    }

    // MARK: - Helpers

    /// The deepest nesting accepted, as for ``JSONParser``.
    static let maximumDepth = JSONParser.maximumDepth

    private func tooDeep(_ offset: Int) -> Failure {
        Failure(offset: offset, message: "nesting deeper than \(Self.maximumDepth) levels")
    }

    private static func keyName(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        if case .string(let name)? = try? JSONParser.parse([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]) {
            return name
        }
        return String(decoding: raw, as: UTF8.self)
    }

    static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: return "'\(Character(UnicodeScalar(byte)))'"
        default: return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}
