import CJSONIndex
import Platform

/// How many times each value occurs in a stream of values (their `SummaryValue.key`s), in memory
/// bounded by `capacity` values: exact while there are no more distinct values than that; past
/// it, the `capacity` most frequent kept by Space-Saving (Metwally et al., 2005) — a value not
/// kept takes the place of a least counted one, inheriting its count as its possible overcount —
/// and the distinct values estimated by a ``DistinctSketch`` (HyperLogLog). The least counted
/// are found a batch at a time (every slot at the least count, by one pass over the counts), so
/// an eviction costs O(1) amortised, not a heap's O(log n).
///
/// Every value occurring more than `total / capacity` times is kept; a kept value's count is
/// exact when its overcount is 0, which it is for every value met before the table filled.
/// A value is looked up by a 64-bit hash of its key and compared as bytes: a key is copied only
/// when it is kept.
public struct ValueCounts: Sendable {
    /// The most values counted one by one.
    public let capacity: Int
    /// A value counted: its hash, its count and by how much that may exceed the truth, and
    /// where its key is in ``keyBytes`` (with room for a longer one that takes its place).
    private struct Slot: Sendable {
        var hash: UInt64
        var count: Int
        var overcount: Int
        var keyStart: Int
        var keyLength: Int
        var keyRoom: Int
    }
    private var slots: [Slot] = []
    /// The keys, one after another (not an array each: an eviction then copied a key with two
    /// uniqueness checks, and a comparison retained it); `unusedKeyBytes` of them no slot's.
    private var keyBytes: [UInt8] = []
    private var unusedKeyBytes = 0
    /// Open addressing by linear probing: each place holds a slot's index and the low 32 bits
    /// of its hash (``place(slot:hash:)``; a probe and a delete's shift compare and move those
    /// without a look at the slot), or ``emptyPlace``.
    private var places: [UInt64]
    private static let emptyPlace = UInt64.max
    private var mask: Int
    /// Once full: slots that had the least count, ``leastCount``, when last looked for (one
    /// counted since is passed over), and whether it is full.
    private var leastCounted: [Int32] = []
    private var leastCount = 0
    private var isFull = false
    /// Once full: every value met, for the number of distinct values.
    private var sketch: DistinctSketch?
    /// The values counted.
    public private(set) var total = 0

    /// A value, its count, and whether the count is exact.
    public struct Entry: Equatable, Sendable {
        /// The value's key.
        public var key: [UInt8]
        /// Its count: at or above the truth.
        public var count: Int
        /// Whether the count is the truth.
        public var isExact: Bool
        /// The value the key stands for.
        public var value: SummaryValue { SummaryValue(key: key[...]) }
    }

    /// Counts of at most `capacity` values (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        var size = 16
        while size < 2 * self.capacity { size *= 2 }
        places = [UInt64](repeating: Self.emptyPlace, count: size)
        mask = size - 1
    }

    /// Whether every value met is counted one by one (no more distinct values than `capacity`).
    public var isExact: Bool { sketch == nil }

    /// The number of distinct values: exact while ``isExact``, else estimated (to about 1%).
    public var distinctCount: Int { sketch?.estimate ?? slots.count }

    /// The hash a key is looked up by.
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        tstack_id_hash(key.baseAddress?.assumingMemoryBound(to: UInt8.self), key.count)
    }

    /// Counts `key` once more (`count` more times).
    public mutating func add(_ key: [UInt8], count: Int = 1) {
        key.withUnsafeBytes { add(key: $0, count: count) }
    }

    /// Counts the key written in `key` (copied only if it is kept).
    mutating func add(key: UnsafeRawBufferPointer, count: Int = 1) {
        let hash = Self.hash(key)
        sketch?.add(hash: hash)
        insert(key, hash: hash, count: count, overcount: 0)
    }

    /// Adds the counts of `other` (counted over other values of the same stream): exact when
    /// both are and their distinct values fit; else as Space-Saving merges (Agarwal et al.,
    /// 2012): a value one side no longer keeps may have been counted there up to that side's
    /// least count, which its count and overcount take on, so a count stays at or above the
    /// truth and is said exact only when it is.
    public mutating func merge(_ other: ValueCounts) {
        // (This side's values noted before the merge, when it may end past the capacity.)
        let mayOverflow = sketch != nil || other.sketch != nil || slots.count + other.slots.count > capacity
        let own = mayOverflow ? sketch ?? DistinctSketch(hashes: slots.map(\.hash)) : nil
        // (Past its capacity once — itself, or a side merged into it —, the other side may have
        // let a value go.)
        let otherLeast = other.sketch != nil ? (other.slots.lazy.map(\.count).min() ?? 0) : 0
        let totals = total + other.total
        if otherLeast > 0 {
            for slot in slots.indices where withKey(of: slot, { other.slot(of: $0, hash: slots[slot].hash) }) == nil {
                slots[slot].count += otherLeast
                slots[slot].overcount += otherLeast
            }
        }
        // (A value new to this side, when it is full, takes an evicted slot's count with it:
        // at least this side's least count, so no more is added.)
        for (index, slot) in other.slots.enumerated() {
            other.withKey(of: index) { insert($0, hash: slot.hash, count: slot.count, overcount: slot.overcount) }
        }
        total = totals
        // Past the capacity, before or now: every value of both noted (the slots alone miss
        // those evicted).
        if sketch != nil || other.sketch != nil, var union = own {
            union.merge(other.sketch ?? DistinctSketch(hashes: other.slots.map(\.hash)))
            sketch = union
        }
    }

    /// The values counted, most counted first (ties by key), at most `limit`.
    public func top(_ limit: Int) -> [Entry] {
        let entries = slots.indices.map { Entry(key: key(of: $0), count: slots[$0].count, isExact: slots[$0].overcount == 0) }
        return entries.sorted { a, b in a.count != b.count ? a.count > b.count : a.key.lexicographicallyPrecedes(b.key) }
            .prefix(limit).map { $0 }
    }

    /// The count of `key` (nil when it is not kept), and whether it is exact.
    public func count(of key: [UInt8]) -> Entry? {
        key.withUnsafeBytes { bytes in
            slot(of: bytes, hash: Self.hash(bytes)).map {
                Entry(key: key, count: slots[$0].count, isExact: slots[$0].overcount == 0)
            }
        }
    }

    // MARK: - The table

    /// The key of `slot`.
    private func key(of slot: Int) -> [UInt8] {
        Array(keyBytes[slots[slot].keyStart..<slots[slot].keyStart + slots[slot].keyLength])
    }

    /// Calls `body` with the key of `slot`, in place.
    private func withKey<Result>(of slot: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = slots[slot].keyStart
        return keyBytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + slots[slot].keyLength])) }
    }

    /// The slot holding `key`, if one does.
    private func slot(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        switch find(key, hash: hash) {
        case .kept(let slot): slot
        case .emptyPlace: nil
        }
    }

    private enum Found { case kept(slot: Int), emptyPlace(Int) }

    /// The slot holding `key`, or the empty place where the probe for it ended.
    private func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Found {
        places.withUnsafeBufferPointer { places in
            slots.withUnsafeBufferPointer { slots in
                keyBytes.withUnsafeBytes { keyBytes in
                    var place = Int(truncatingIfNeeded: hash) & mask
                    let low = UInt64(UInt32(truncatingIfNeeded: hash))
                    while places[place] != Self.emptyPlace {
                        guard places[place] >> 32 == low else {
                            place = (place + 1) & mask
                            continue
                        }
                        let slot = Int(places[place] & 0xFFFF_FFFF)
                        let kept = slots[slot]
                        if kept.hash == hash, kept.keyLength == key.count,
                           key.count == 0 || memcmp(keyBytes.baseAddress! + kept.keyStart, key.baseAddress!, key.count) == 0 {
                            return .kept(slot: slot)
                        }
                        place = (place + 1) & mask
                    }
                    return .emptyPlace(place)
                }
            }
        }
    }

    /// Counts `key` `count` more times, its count possibly over by `overcount`.
    private mutating func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, count: Int, overcount: Int) {
        total += count
        let place: Int
        switch find(key, hash: hash) {
        case .kept(let slot):
            slots[slot].count += count
            slots[slot].overcount += overcount
            return
        case .emptyPlace(let empty): place = empty
        }
        guard slots.count == capacity else {
            places[place] = Self.place(slot: slots.count, hash: hash)
            slots.append(Slot(
                hash: hash, count: count, overcount: overcount, keyStart: keyBytes.count, keyLength: key.count, keyRoom: key.count))
            keyBytes.append(contentsOf: key)
            return
        }
        if !isFull {
            isFull = true
            // (Every value met so far is one of the slots.)
            sketch = sketch ?? DistinctSketch(hashes: slots.map(\.hash))
        }
        // A least counted gives its slot up to the newcomer, which may have been it.
        let slot = leastCountedSlot()
        remove(slot: slot)
        let least = slots[slot].count
        replaceKey(of: slot, with: key)
        slots[slot].hash = hash
        slots[slot].count = least + count
        slots[slot].overcount = least + overcount
        var free = Int(truncatingIfNeeded: hash) & mask
        while places[free] != Self.emptyPlace { free = (free + 1) & mask }
        places[free] = Self.place(slot: slot, hash: hash)
    }

    /// What a place holds for `slot`, whose key's hash is `hash`.
    private static func place(slot: Int, hash: UInt64) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(slot)
    }

    /// Writes `key` as `slot`'s: in its room when it fits, else after the others (the keys
    /// written again, each in a room of its own size, once most bytes are no slot's).
    private mutating func replaceKey(of slot: Int, with key: UnsafeRawBufferPointer) {
        if key.count > slots[slot].keyRoom {
            unusedKeyBytes += slots[slot].keyRoom
            slots[slot].keyStart = keyBytes.count
            slots[slot].keyRoom = key.count
            slots[slot].keyLength = key.count
            keyBytes.append(contentsOf: key)
            // (The slot's new length set first: the keys are written again by their lengths.)
            if unusedKeyBytes > max(1 << 16, keyBytes.count / 2) { compactKeys() }
            return
        }
        if key.count > 0 {
            let start = slots[slot].keyStart
            keyBytes.withUnsafeMutableBytes {
                $0.baseAddress!.advanced(by: start).copyMemory(from: key.baseAddress!, byteCount: key.count)
            }
        }
        slots[slot].keyLength = key.count
    }

    private mutating func compactKeys() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(keyBytes.count - unusedKeyBytes)
        for slot in slots.indices {
            let start = slots[slot].keyStart, length = slots[slot].keyLength
            slots[slot].keyStart = compacted.count
            slots[slot].keyRoom = length
            compacted.append(contentsOf: keyBytes[start..<start + length])
        }
        keyBytes = compacted
        unusedKeyBytes = 0
    }

    /// A slot with the least count, taken off the batch of them (found again when it is used up).
    private mutating func leastCountedSlot() -> Int {
        while let slot = leastCounted.popLast() {
            if slots[Int(slot)].count == leastCount { return Int(slot) }
        }
        leastCount = slots.lazy.map(\.count).min() ?? 0
        leastCounted = slots.indices.reversed().compactMap { slots[$0].count == leastCount ? Int32($0) : nil }
        return Int(leastCounted.removeLast())
    }

    /// Takes `slot` out of the places, the run after it shifted back (linear probing's delete).
    private mutating func remove(slot: Int) {
        let mask = mask
        let hash = slots[slot].hash
        places.withUnsafeMutableBufferPointer { places in
            var place = Int(truncatingIfNeeded: hash) & mask
            while places[place] != Self.place(slot: slot, hash: hash) { place = (place + 1) & mask }
            var hole = place
            var next = (hole + 1) & mask
            while places[next] != Self.emptyPlace {
                let home = Int(truncatingIfNeeded: places[next] >> 32) & mask
                // Moved back when its home is not in (hole, next], cyclically.
                let between = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
                if !between {
                    places[hole] = places[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            places[hole] = Self.emptyPlace
        }
    }
}
