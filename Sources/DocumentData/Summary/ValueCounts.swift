import CJSONIndex
import Glibc

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
    /// The values counted: each key, its hash, its count, and by how much that may exceed the truth.
    private var keys: [[UInt8]] = []
    private var hashes: [UInt64] = []
    private var counts: [Int] = []
    private var overcounts: [Int] = []
    /// Open addressing by linear probing: each place holds a slot's index, or -1.
    private var places: [Int32]
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
        places = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// Whether every value met is counted one by one (no more distinct values than `capacity`).
    public var isExact: Bool { sketch == nil }

    /// The number of distinct values: exact while ``isExact``, else estimated (to about 1%).
    public var distinctCount: Int { sketch?.estimate ?? keys.count }

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
        let mayOverflow = sketch != nil || other.sketch != nil || keys.count + other.keys.count > capacity
        let own = mayOverflow ? sketch ?? DistinctSketch(hashes: hashes) : nil
        let otherLeast = other.isFull ? (other.counts.min() ?? 0) : 0
        let totals = total + other.total
        if otherLeast > 0 {
            for slot in keys.indices where keys[slot].withUnsafeBytes({ other.slot(of: $0, hash: hashes[slot]) }) == nil {
                counts[slot] += otherLeast
                overcounts[slot] += otherLeast
            }
        }
        // (A value new to this side, when it is full, takes an evicted slot's count with it:
        // at least this side's least count, so no more is added.)
        for slot in other.keys.indices {
            other.keys[slot].withUnsafeBytes {
                insert($0, hash: other.hashes[slot], count: other.counts[slot], overcount: other.overcounts[slot])
            }
        }
        total = totals
        // Past the capacity, before or now: every value of both noted (the slots alone miss
        // those evicted).
        if sketch != nil || other.sketch != nil, var union = own {
            union.merge(other.sketch ?? DistinctSketch(hashes: other.hashes))
            sketch = union
        }
    }

    /// The values counted, most counted first (ties by key), at most `limit`.
    public func top(_ limit: Int) -> [Entry] {
        let order = keys.indices.sorted { a, b in
            counts[a] != counts[b] ? counts[a] > counts[b] : keys[a].lexicographicallyPrecedes(keys[b])
        }
        return order.prefix(limit).map { Entry(key: keys[$0], count: counts[$0], isExact: overcounts[$0] == 0) }
    }

    /// The count of `key` (nil when it is not kept), and whether it is exact.
    public func count(of key: [UInt8]) -> Entry? {
        key.withUnsafeBytes { bytes in
            slot(of: bytes, hash: Self.hash(bytes)).map { Entry(key: key, count: counts[$0], isExact: overcounts[$0] == 0) }
        }
    }

    // MARK: - The table

    /// The slot holding `key`, if one does.
    private func slot(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        var place = Int(truncatingIfNeeded: hash) & mask
        while places[place] >= 0 {
            let slot = Int(places[place])
            if hashes[slot] == hash, Self.equal(keys[slot], key) { return slot }
            place = (place + 1) & mask
        }
        return nil
    }

    /// Whether a kept key is `key`'s bytes.
    private static func equal(_ kept: [UInt8], _ key: UnsafeRawBufferPointer) -> Bool {
        kept.count == key.count && kept.withUnsafeBytes { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
    }

    /// Counts `key` `count` more times, its count possibly over by `overcount`.
    private mutating func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, count: Int, overcount: Int) {
        total += count
        var place = Int(truncatingIfNeeded: hash) & mask
        while places[place] >= 0 {
            let slot = Int(places[place])
            if hashes[slot] == hash, Self.equal(keys[slot], key) {
                counts[slot] += count
                overcounts[slot] += overcount
                return
            }
            place = (place + 1) & mask
        }
        guard keys.count == capacity else {
            places[place] = Int32(keys.count)
            keys.append(Array(key))
            hashes.append(hash)
            counts.append(count)
            overcounts.append(overcount)
            return
        }
        if !isFull {
            isFull = true
            // (Every value met so far is one of the slots.)
            sketch = sketch ?? DistinctSketch(hashes: hashes)
        }
        // A least counted gives its slot up to the newcomer, which may have been it.
        let slot = leastCountedSlot()
        remove(slot: slot)
        let least = counts[slot]
        keys[slot].removeAll(keepingCapacity: true)
        keys[slot].append(contentsOf: key)
        hashes[slot] = hash
        counts[slot] = least + count
        overcounts[slot] = least + overcount
        place = Int(truncatingIfNeeded: hash) & mask
        while places[place] >= 0 { place = (place + 1) & mask }
        places[place] = Int32(slot)
    }

    /// A slot with the least count, taken off the batch of them (found again when it is used up).
    private mutating func leastCountedSlot() -> Int {
        while let slot = leastCounted.popLast() {
            if counts[Int(slot)] == leastCount { return Int(slot) }
        }
        leastCount = counts.min() ?? 0
        leastCounted = counts.indices.reversed().compactMap { counts[$0] == leastCount ? Int32($0) : nil }
        return Int(leastCounted.removeLast())
    }

    /// Takes `slot` out of the places, the run after it shifted back (linear probing's delete).
    private mutating func remove(slot: Int) {
        var place = Int(truncatingIfNeeded: hashes[slot]) & mask
        while Int(places[place]) != slot { place = (place + 1) & mask }
        var hole = place
        var next = (hole + 1) & mask
        while places[next] >= 0 {
            let home = Int(truncatingIfNeeded: hashes[Int(places[next])]) & mask
            // Moved back when its home is not in (hole, next], cyclically.
            let between = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !between {
                places[hole] = places[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        places[hole] = -1
    }
}
