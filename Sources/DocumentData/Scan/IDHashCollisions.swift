/// Finds the id hashes that more than one item has, a share of the hashes at a time, from the
/// items' own table of hashes: no copy of the whole table is made (a pass gathers 2^18 hashes
/// at most, a MiB).
///
/// A share is the hashes whose top bits are its number: as many shares as keep each at most 2^16
/// hashes, so sorting one stays short at any size. ``step(_:budget:)`` gathers the shares of the
/// next pass from at most `budget` hashes of the table, going on where the last step stopped,
/// and once the pass read the whole table sorts one of its shares a step, keeping the values met
/// twice: no step reads more than its budget or sorts more than a share, however many items
/// there are. Equal hashes only name candidates: the items are decoded to confirm
/// (``LazyItems/firstDuplicateID(amongHashes:)``).
///
/// The scan thread used to keep a copy of every hash to sort once the scan ended: 4 MB at a
/// million items, at the moment the items' own 4 MB table was whole (the peak of memory).
struct IDHashCollisions {
    /// The top bits that name a share, once the first step saw how many hashes there are.
    private var shareBits: Int?
    /// The first share of the pass being made, and how far into the table it is.
    private var share = 0
    private var position = 0
    /// The shares the pass gathers (``sharesPerPass`` of them, fewer at the end), and how many
    /// of them, the pass done, were sorted.
    private var gathered: [[UInt32]] = []
    private var sorted = 0
    /// The hashes met more than once in the shares looked at, in increasing order.
    private(set) var colliding: [UInt32] = []

    /// Whether every share was looked at.
    var isDone: Bool { shareBits.map { share >= 1 << $0 } ?? false }

    /// How many shares `count` hashes are looked at in: as few as keep each at most 2^16 (a
    /// step sorts one: a key pressed meanwhile waits for no more).
    static func shareBits(for count: Int) -> Int {
        var bits = 0
        while bits < 16, count >> bits > 1 << 16 { bits += 1 }
        return bits
    }

    /// How many shares one pass over the table gathers: as many as hold 2^18 hashes (a MiB).
    /// Every pass reads the whole table (4 MB at a million items), so a pass gathers several
    /// shares: a million items in 4 passes, where a pass a share made 16 at the end of the load.
    static let sharesPerPass = 4

    /// Takes the next step: gathers the shares of the pass being made from the next `budget`
    /// hashes of `hashes` (0 is no id, never a collision), or, the whole table read for them,
    /// sorts one of them. `hashes` must be the same table at every step.
    /// - Complexity: O(`budget`), or a radix sort of one share (at most 2^16 hashes).
    mutating func step(_ hashes: UnsafeBufferPointer<UInt32>, budget: Int = 1 << 20) {
        guard !isDone else { return }
        let bits = shareBits ?? Self.shareBits(for: hashes.count)
        shareBits = bits
        let passShares = min(Self.sharesPerPass, (1 << bits) - share)
        if gathered.isEmpty {
            let room = hashes.count >> bits + hashes.count >> (bits + 2) + 16
            gathered = (0..<passShares).map { _ in [UInt32](unsafeUninitializedCapacity: room) { _, count in count = 0 } }
        }
        if position < hashes.count {
            let shift = UInt32(32 - bits)
            let first = UInt32(share)
            let end = min(hashes.count, position + max(1, budget))
            for hash in UnsafeBufferPointer(rebasing: hashes[position..<end]) where hash != 0 {
                let index = Int((hash >> shift) &- first)
                if index < passShares { gathered[index].append(hash) }
            }
            position = end
            return
        }
        // The pass is done: a share sorted a step.
        colliding += Self.colliding(&gathered[sorted])
        gathered[sorted] = []
        sorted += 1
        guard sorted == passShares else { return }
        share += passShares
        position = 0
        sorted = 0
        gathered = []
    }

    /// The values that occur more than once in `hashes` (sorted in place), in increasing order.
    /// - Complexity: O(n): a radix sort (a million hashes in a few milliseconds, where a
    ///   comparison sort took tens).
    static func colliding(_ hashes: inout [UInt32]) -> [UInt32] {
        radixSort(&hashes)
        var result: [UInt32] = []
        for index in hashes.indices.dropFirst() where hashes[index] == hashes[index - 1] {
            if result.last != hashes[index] { result.append(hashes[index]) }
        }
        return result
    }

    /// Sorts `values` in increasing order, in place but for a scratch of one bucket: the
    /// values are first put in 256 buckets by their top byte (an American flag sort: each value
    /// swapped straight to its bucket), then each bucket is sorted by stable passes over the 24
    /// bits below, least significant first (8-bit digits; 16-bit ones for a bucket of 65,536
    /// values or more, whose digit table is then small beside it).
    static func radixSort(_ values: inout [UInt32]) {
        guard values.count > 1 else { return }
        var bucketStarts = [Int](repeating: 0, count: 257)
        values.withUnsafeMutableBufferPointer { values in
            for value in values { bucketStarts[Int(value >> 24) + 1] += 1 }
            for bucket in 0..<256 { bucketStarts[bucket + 1] += bucketStarts[bucket] }
            var next = Array(bucketStarts[0..<256])
            for bucket in 0..<256 {
                while next[bucket] < bucketStarts[bucket + 1] {
                    var value = values[next[bucket]]
                    var target = Int(value >> 24)
                    // Follow the cycle: each value displaced goes to its own bucket in turn.
                    while target != bucket {
                        swap(&value, &values[next[target]])
                        next[target] += 1
                        target = Int(value >> 24)
                    }
                    values[next[bucket]] = value
                    next[bucket] += 1
                }
            }
        }
        // Each bucket by the 24 bits below the top byte: 8-bit digits for a bucket smaller than
        // a 16-bit digit's table, 16-bit ones (the top pass doing 8) above.
        var scratch: [UInt32] = []
        // The digit table: 16-bit digits only when a bucket is that big (zeroing a 16-bit table
        // costs half a MB of writes, more than sorting a small file's ids).
        let largestBucket = (0..<256).map { bucketStarts[$0 + 1] - bucketStarts[$0] }.max() ?? 0
        var counts = [Int](repeating: 0, count: largestBucket >= 1 << 16 ? 1 << 16 : 1 << 8)
        for bucket in 0..<256 where bucketStarts[bucket + 1] - bucketStarts[bucket] > 1 {
            let range = bucketStarts[bucket]..<bucketStarts[bucket + 1]
            let digitBits = range.count >= 1 << 16 ? 16 : 8
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: repeatElement(0, count: range.count))
            values.withUnsafeMutableBufferPointer { all in
                let values = UnsafeMutableBufferPointer(rebasing: all[range])
                scratch.withUnsafeMutableBufferPointer { scratch in
                    counts.withUnsafeMutableBufferPointer { counts in
                        var (source, target) = (values, scratch)
                        let mask = UInt32(1) << digitBits - 1
                        for shift in stride(from: 0, to: 24, by: digitBits) {
                            let shift = UInt32(shift)
                            for index in 0...Int(mask) { counts[index] = 0 }
                            for value in source { counts[Int((value >> shift) & mask)] += 1 }
                            var start = 0
                            for index in 0...Int(mask) {
                                let count = counts[index]
                                counts[index] = start
                                start += count
                            }
                            for value in source {
                                let digit = Int((value >> shift) & mask)
                                target[counts[digit]] = value
                                counts[digit] += 1
                            }
                            swap(&source, &target)
                        }
                        // An odd number of passes left the sorted values in the scratch.
                        if source.baseAddress != values.baseAddress {
                            _ = values.update(fromContentsOf: source)
                        }
                    }
                }
            }
        }
    }
}
