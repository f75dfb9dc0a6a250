import Algorithms
import CJSONIndex

/// The items of a ``LazyDocument``: where each is in the file, its `detail`, and a table from
/// id hashes to items. An item is read and decoded when it is asked for, and a few hundred
/// decoded items are kept. 11 bytes per item (10 when no item gives a `detail`), whatever the
/// items hold, and one or two more until the ids are checked (``IDHashFilter``: eight bits an
/// item expected, rounded up to a power of two, and the suspects).
///
/// Used from one thread (the one that owns the ``LazyDocument``).
final class LazyItems: ItemStore {
    private let reader: FileReader
    // The per-item tables are read once an item by whole-file work (a filter, a search, a
    // detail change: a million items each), from the one thread that owns them, never while
    // they are changed: their accesses are not checked at run time (each check was a call, 4% of
    // a filter's time).
    /// Where each item is, and the sections' first items.
    @exclusivity(unchecked) private var places = ItemPlaces()
    /// Each item's `detail` (0: none given), once an item gave one (`keepsDetails`): empty while
    /// none did, so a document without details keeps no byte an item for them (a MiB at a
    /// million items).
    @exclusivity(unchecked) private var details: [UInt8] = []
    private var keepsDetails = false
    /// The low 32 bits of `ItemIDHash` of each item's id: a search runs through them all (1M in
    /// about a millisecond), which costs a sixth of the memory of a hash table; an item whose
    /// hash matches is decoded to confirm its id.
    @exclusivity(unchecked) private var idHashes: [UInt32] = []
    /// Ids looked up and found (their ordinal), and ids not found among the first N items.
    private var found: [String: Int] = [:]
    /// The search for duplicate ids once every item is in.
    private var duplicateIDCheck: DuplicateIDCheck?
    /// What that search needs to look at, narrowed as items are taken in: made once there are
    /// more than one share of ids (``IDHashCollisions``), for the items expected then.
    private var idHashFilter: IDHashFilter?
    /// The items outgrew their filter: the search looks at every hash.
    private var idHashFilterOutgrown = false
    private var searched: [String: Int] = [:]
    /// How many times an item was read and decoded (the cache missed): what whole-file work
    /// must keep small.
    private(set) var decodedCount = 0
    /// The raw-byte pass of the pattern searched last.
    @exclusivity(unchecked) private var rawMatches: RawMatches?
    private var cache: [Int: StackDocument.Item] = [:]
    private var cacheOrder: [Int] = []
    private var cacheNext = 0
    private static let cacheSize = 512

    init(reader: FileReader) {
        self.reader = reader
    }

    deinit { duplicateIDCheck?.cancel() }

    var count: Int { places.startLows.count }

    /// Item `ordinal`'s offset in the file.
    func start(_ ordinal: Int) -> Int { places.start(ordinal) }

    /// Item `ordinal`'s length in the file.
    func length(_ ordinal: Int) -> Int { places.length(ordinal) }

    /// Says a section starts at item `ordinal` (the items before are the sections' before).
    func appendSection(startingAt ordinal: Int) {
        places.sectionStarts.append(ordinal)
    }

    /// Adds the items the scan found, in order; `expectedCount` (estimated from the share of
    /// the file scanned) reserves room once instead of doubling past it.
    func append(_ records: ArraySlice<StackScanner.ItemRecord>, expectedCount: Int) {
        if places.startLows.capacity < places.startLows.count + records.count {
            let capacity = max(expectedCount, places.startLows.count + records.count)
            places.startLows.reserveCapacity(capacity)
            places.lengths.reserveCapacity(capacity)
            if keepsDetails { details.reserveCapacity(capacity) }
            idHashes.reserveCapacity(capacity)
        }
        // One pass per array: appending to a class's arrays one record at a time pays an
        // exclusivity check per append.
        let first = places.startLows.count
        if let last = records.last, last.start >> 32 > places.startHighs.count {
            for (offset, record) in records.enumerated() {
                while places.startHighs.count < record.start >> 32 { places.startHighs.append(first + offset) }
            }
        }
        records.withUnsafeBufferPointer { records in
            places.startLows.append(mapping: records) { UInt32(truncatingIfNeeded: $0.start) }
            places.lengths.append(mapping: records) { UInt16(truncatingIfNeeded: min($0.length, UInt32(UInt16.max))) }
            if !keepsDetails, records.contains(where: { $0.detail != 0 }) {
                keepsDetails = true
                details.reserveCapacity(places.startLows.capacity)
                details.append(contentsOf: repeatElement(0, count: first))
            }
            if keepsDetails { details.append(mapping: records) { $0.detail } }
            idHashes.append(mapping: records) { $0.idHash }
        }
        for (offset, record) in records.enumerated() where record.length >= UInt16.max {
            places.longLengths[first + offset] = Int(record.length)
        }
        filterIDHashes(appended: records.count, expectedCount: expectedCount)
    }

    /// Puts the id hashes of the last `appended` items in the filter, made when the items pass
    /// one share (the check of fewer looks at them all at once), or given up once outgrown.
    private func filterIDHashes(appended: Int, expectedCount: Int) {
        guard !idHashFilterOutgrown, idHashes.count > 1 << 16 else { return }
        // (Made now, it takes every hash so far; then those of each take-in.)
        let new = idHashFilter == nil ? 0 : idHashes.count - appended
        if idHashFilter == nil {
            // At most 64 times the items in now: a file of tiny items first and huge ones after
            // would be given tens of MiB of bits (a filter outgrown is dropped, not grown).
            idHashFilter = IDHashFilter(expectedCount: min(max(expectedCount, idHashes.count), idHashes.count * 64))
        }
        idHashes.withUnsafeBufferPointer { idHashFilter!.insert(UnsafeBufferPointer(rebasing: $0[new...])) }
        if idHashFilter!.isFull {
            idHashFilter = nil
            idHashFilterOutgrown = true
        }
    }

    // MARK: - ItemStore

    func item(atOrdinal ordinal: Int, section: Int, index: Int) -> StackDocument.Item {
        if let item = cache[ordinal] { return item }
        let item = decode(ordinal, path: ItemPlaces.path(section: section, index: index))
        if cacheOrder.count < Self.cacheSize {
            cacheOrder.append(ordinal)
        } else {
            cache[cacheOrder[cacheNext]] = nil
            cacheOrder[cacheNext] = ordinal
            cacheNext = (cacheNext + 1) % Self.cacheSize
        }
        cache[ordinal] = item
        return item
    }

    func firstRawCandidate(_ pattern: RegexPattern, in ordinals: Range<Int>) -> Int {
        if rawMatches?.pattern !== pattern { rawMatches = RawMatches(pattern: pattern) }
        return rawMatches!.firstCandidate(
            in: ordinals, count: places.startLows.count,
            span: { self.start($0)..<(self.start($0) + self.length($0)) },
            read: { self.reader.read(into: $0, at: $1) })
    }

    func ordinals(upToDetail level: Int, in ordinals: Range<Int>, relativeTo base: Int) -> [Int] {
        // A detail of 0 (none given) counts as 1: with no details kept, every item shows.
        guard keepsDetails else { return ordinals.map { $0 - base } }
        var result: [Int] = []
        result.reserveCapacity(ordinals.count)
        details.withUnsafeBufferPointer { details in
            for ordinal in ordinals where Int(max(1, details[ordinal])) <= level { result.append(ordinal - base) }
        }
        return result
    }

    func detail(atOrdinal ordinal: Int) -> Int {
        let detail = keepsDetails ? Int(details[ordinal]) : 0
        return detail == 0 ? 1 : detail
    }

    /// - Complexity: O(items) the first time an id is asked for; then O(1) once found, and O(items
    /// added since) while not found (a shortcut's target is looked up every frame, and a `:goto`
    /// waiting for the scan on every batch).
    func location(ofItemID id: String) -> (section: Int, index: Int)? {
        if let ordinal = found[id] { return places.location(ofOrdinal: ordinal) }
        let hash = ItemIDHash.short(ItemIDHash.of(utf8: id.utf8))
        // The first item with that id wins; a hash that matches another id is skipped.
        var from = searched[id] ?? 0
        while let ordinal = idHashes[from...].firstIndex(of: hash) {
            if let location = places.location(ofOrdinal: ordinal),
                item(atOrdinal: ordinal, section: location.section, index: location.index).id == id {
                makeRoomForLookup()
                found[id] = ordinal
                return location
            }
            from = ordinal + 1
        }
        makeRoomForLookup()
        searched[id] = idHashes.count
        return nil
    }

    /// Starts the search for ids that more than one item has, on threads of its own
    /// (``DuplicateIDCheck``), unless it started already. Called after the last item was
    /// appended; `done` is called, on another thread, when ``duplicateID`` is known.
    func startDuplicateIDCheck(done: @escaping @Sendable () -> Void) {
        guard duplicateIDCheck == nil else { return }
        let (places, idHashes, reader) = (places, idHashes, reader)
        // (The filter handed over, not shared: the check uses its bits again.)
        duplicateIDCheck = DuplicateIDCheck(hashes: idHashes, filter: idHashFilter.take(), confirm: { colliding, isCancelled in
            places.firstDuplicateID(amongHashes: Set(colliding), idHashes: idHashes, from: reader, until: isCancelled)
        }, done: done)
    }

    /// Whether the search for duplicate ids started and has not ended.
    var duplicateIDCheckIsRunning: Bool { duplicateIDCheck.map { !$0.isDone } ?? false }

    /// Whether the search for duplicate ids ended.
    var duplicateIDCheckIsDone: Bool { duplicateIDCheck?.isDone ?? false }

    /// The first item whose id an earlier item has, once the search ended (none before).
    var duplicateID: DuplicateID? { duplicateIDCheck?.duplicateID }

    /// Lookups are remembered for a few hundred ids, then forgotten all at once.
    private func makeRoomForLookup() {
        guard found.count + searched.count >= Self.cacheSize else { return }
        found.removeAll()
        searched.removeAll()
    }

    /// The section holding item `ordinal`.
    func section(ofOrdinal ordinal: Int) -> Int? { places.section(ofOrdinal: ordinal) }

    // MARK: - Decoding

    private func decode(_ ordinal: Int, path: String) -> StackDocument.Item {
        decodedCount += 1
        return places.decode(ordinal, path: path, from: reader)
    }

    /// A row saying why item `path` cannot be shown; the rest of the document still browses.
    static func errorItem(path: String, message: String) -> StackDocument.Item {
        StackDocument.Item(id: path, title: "⚠ cannot show \(path)", body: message, problem: message)
    }

}

/// Hashes of item ids, compared to find an item without keeping every id: 8 bytes an item.
enum ItemIDHash {
    /// The hash of `id` over its UTF-8, eight bytes a step, never 0 (which means "no id"). One
    /// implementation, the scan's (`tstack_id_hash`): the ids the scan hashes in C and the ids
    /// asked for here must agree.
    static func of<Bytes: Sequence>(utf8 bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable { tstack_id_hash($0.baseAddress, $0.count) }
            ?? Array(bytes).withUnsafeBufferPointer { tstack_id_hash($0.baseAddress, $0.count) }
    }

    /// The 32 bits of `hash` kept per item (0 still only for no id).
    static func short(_ hash: UInt64) -> UInt32 {
        let short = UInt32(truncatingIfNeeded: hash)
        return short == 0 && hash != 0 ? 1 : short
    }

    /// The hash of the text of a raw JSON string (an `id` member as written), or 0 when it is
    /// not a string.
    static func ofRawString(_ raw: [UInt8]) -> UInt64 {
        guard raw.count >= 2, raw.first == UInt8(ascii: "\""), raw.last == UInt8(ascii: "\"") else { return 0 }
        if !raw.contains(UInt8(ascii: "\\")) { return of(utf8: raw[1..<(raw.count - 1)]) }
        if case .string(let text)? = try? JSONParser.parse(raw) { return of(utf8: text.utf8) }
        return 0
    }
}
