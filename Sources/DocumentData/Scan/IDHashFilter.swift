import CJSONIndex

/// What the duplicate-id check needs to look at, narrowed as the items are taken in: a bit for
/// each value of a key of some of a hash's bits, and the hashes met whose key was met before.
///
/// An id hash that more than one item has was met a second time with its key already set, so it
/// is among ``suspects``; and every hash of that value has a suspect's key. The check therefore
/// finds every repeated hash among the hashes whose key a suspect has
/// (``takeCandidates(among:)``): at a million items about an eighth of a million, against a
/// million hashes in eight passes over the whole table once the scan ended (15 ms of two threads
/// after the last item, where the filter's thread now takes about 6, and the bits cost a load
/// and a store an item during the scan).
///
/// The bits are sized once, for the items expected (eight bits an item, a MiB at a million): a
/// document that outgrows them (a stream whose size was not known, a file whose first items
/// were much longer than the rest) stops being filtered (``isFull``), and its whole table is
/// checked as before, rather than make one take-in sort every hash again.
struct IDHashFilter {
    /// The bits, one per key (``tstack_id_filter_key``), 64 a word.
    private var words: [UInt64]
    private let keyBits: Int
    /// The hashes met whose key was met before (with the same hash or another), in the order met.
    private(set) var suspects: [UInt32] = []
    /// How many hashes were put in.
    private(set) var count = 0

    /// Bits for `expectedCount` hashes (at least 2^20 bits, 128 KiB).
    init(expectedCount: Int) {
        let wanted = max(1 << 20, expectedCount * Self.bitsPerHash)
        keyBits = Int.bitWidth - (wanted - 1).leadingZeroBitCount
        words = [UInt64](repeating: 0, count: (1 << keyBits) / 64)
    }

    /// Bits per hash expected: a hash's key is another's about once in sixteen.
    private static let bitsPerHash = 8

    /// Whether more hashes came than a quarter of the bits (twice what they were made for): the
    /// filter no longer narrows much, and is given up.
    var isFull: Bool { count > (1 << keyBits) / 4 }

    /// Puts `hashes` in (0, no id, is left out).
    mutating func insert(_ hashes: UnsafeBufferPointer<UInt32>) {
        guard !hashes.isEmpty else { return }
        let keyBits = Int32(keyBits)
        // (Room for every hash to be one met before; as many as were are kept.)
        suspects += words.withUnsafeMutableBufferPointer { words in
            [UInt32](unsafeUninitializedCapacity: hashes.count) { met, count in
                count = tstack_id_filter_insert(
                    words.baseAddress, keyBits, hashes.baseAddress, hashes.count, met.baseAddress)
            }
        }
        count += hashes.count
    }

    /// The hashes of `hashes` whose key a suspect has, in table order: every hash more than one
    /// of `hashes` has is there as often as it is in `hashes`. `hashes` must be the table put in.
    /// The bits are used again to mark the suspects' keys (no second MiB while the check runs),
    /// and the filter is empty after.
    /// - Complexity: O(`hashes` + bits).
    mutating func takeCandidates(among hashes: UnsafeBufferPointer<UInt32>) -> [UInt32] {
        defer {
            words = []
            suspects = []
            count = 0
        }
        guard !suspects.isEmpty else { return [] }
        let keyBits = Int32(keyBits)
        words.withUnsafeMutableBufferPointer { words in
            words.update(repeating: 0)
            for hash in suspects {
                let key = tstack_id_filter_key(hash, keyBits)
                words[key >> 6] |= 1 << UInt64(key & 63)
            }
        }
        var candidates: [UInt32] = []
        candidates.reserveCapacity(suspects.count * 2)
        var picked = [UInt32](repeating: 0, count: Self.blockSize)
        var position = 0
        while position < hashes.count {
            let block = min(Self.blockSize, hashes.count - position)
            let pickedCount = words.withUnsafeBufferPointer { suspected in
                picked.withUnsafeMutableBufferPointer { picked in
                    tstack_id_filter_pick(
                        suspected.baseAddress, keyBits, hashes.baseAddress! + position, block, picked.baseAddress)
                }
            }
            candidates += picked[..<pickedCount]
            position += block
        }
        return candidates
    }

    /// Hashes picked at a time.
    private static let blockSize = 4096
}
