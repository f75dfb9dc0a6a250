/// How many times each 64-bit key was counted — a number's bits, a bucket, a second — by open
/// addressing on a mixed hash (linear probing, at most half full). `Dictionary` hashes each key
/// with SipHash, and its storage is checked for uniqueness at each count: a tenth of a
/// `:describe` of a log went to that.
struct KeyCounts: Sequence, Sendable {
    /// A place of the table: a key and its count, 0 when the place is empty.
    private struct Place: Sendable {
        var key: UInt64
        var count: Int
    }

    private var places = [Place](repeating: Place(key: 0, count: 0), count: 16)
    /// The keys counted.
    private(set) var count = 0

    /// `key`'s bits mixed (MurmurHash3's finalizer): keys that differ in their high bits alone
    /// (doubles, microseconds) spread over the table.
    static func mix(_ key: UInt64) -> UInt64 {
        var hash = key
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    /// Counts `key` `times` more times (nothing when `times` is not positive).
    mutating func add(_ key: UInt64, times: Int = 1) {
        guard times > 0 else { return }
        if 2 * (count + 1) > places.count { grow() }
        let isNew = places.withUnsafeMutableBufferPointer { places in
            let mask = places.count - 1
            var place = Int(truncatingIfNeeded: Self.mix(key)) & mask
            while places[place].count > 0 {
                if places[place].key == key {
                    places[place].count += times
                    return false
                }
                place = (place + 1) & mask
            }
            places[place] = Place(key: key, count: times)
            return true
        }
        if isNew { count += 1 }
    }

    private mutating func grow() {
        let old = places
        places = [Place](repeating: Place(key: 0, count: 0), count: old.count * 2)
        count = 0
        for place in old where place.count > 0 { add(place.key, times: place.count) }
    }

    /// Each key and its count, in no particular order.
    func makeIterator() -> some IteratorProtocol<(key: UInt64, count: Int)> {
        places.lazy.filter { $0.count > 0 }.map { (key: $0.key, count: $0.count) }.makeIterator()
    }
}
