/// Finds the id hashes that more than one item has, a share of the hashes at a time, from the
/// items' own table of hashes: no copy of the whole table is made.
///
/// A share is the hashes whose top bits are its number: as many shares as keep each at most 2^16
/// hashes. A pass over the table puts each hash of ``sharesPerPass`` shares in a set of its
/// share's (open addressing, 2^17 slots, half a MiB, for a share of 2^16; grown past three
/// quarters full), noting those already there. ``step(_:budget:)`` reads at most `budget`
/// hashes of the table, going on where the last step stopped: no step reads more, however many
/// items there are. Equal hashes only name candidates: the items are decoded to confirm
/// (``ItemPlaces/firstDuplicateID(amongHashes:idHashes:from:)``).
///
/// The scan thread used to keep a copy of every hash to sort once the scan ended: 4 MB at a
/// million items, at the moment the items' own 4 MB table was whole (the peak of memory). Then
/// the shares were gathered and each radix-sorted in a step of its own: 34 ms for a million
/// hashes, where these sets take 15. The standard library's `Set<UInt32>` in their place (the
/// same passes, the same picking) took 43–47 ms against these sets' 18–22 in one sitting: it
/// hashes each value again with SipHash, where here a hash's own bits, multiplied, place it.
struct IDHashCollisions {
    /// The top bits that name a share, once the first step saw how many hashes there are.
    private var shareBits: Int?
    /// The first share of the pass being made, and how far into the table it is.
    private var share: Int
    private var position = 0
    /// This check makes every `passStride`-th pass: checks with the same stride and each
    /// first pass below it share the work (on threads of their own).
    private let passStride: Int
    /// The sets of the pass's shares, one after the other, `1 << setBits` slots each; 0 is an
    /// empty slot (0 is no id, never put in).
    private var sets: [UInt32] = []
    private var setBits = 0
    /// How many hashes each set holds.
    private var setCounts: [Int] = []
    /// The hashes met more than once so far (one met three times is here twice).
    private var found: [UInt32] = []

    /// A check of the passes `firstPass`, `firstPass + passStride`, …: `passStride` checks, one
    /// for each first pass below it, look at every share together.
    init(firstPass: Int = 0, passStride: Int = 1) {
        share = firstPass * Self.sharesPerPass
        self.passStride = passStride
    }

    /// Whether every share of this check's passes was looked at.
    var isDone: Bool { shareBits.map { share >= 1 << $0 } ?? false }

    /// The hashes met more than once in the shares looked at, in increasing order, each once.
    var colliding: [UInt32] { Array(Set(found)).sorted() }

    /// How many shares `count` hashes are looked at in: as few as keep each at most 2^16 (a
    /// share's set stays within half a MiB).
    static func shareBits(for count: Int) -> Int {
        var bits = 0
        while bits < 16, count >> bits > 1 << 16 { bits += 1 }
        return bits
    }

    /// How many shares one pass over the table looks at: their sets take a MiB (within a core's
    /// second-level cache, beside a share of the table read; more only when a share grows).
    /// Every pass reads the whole table (4 MB at a million items), so a pass takes several
    /// shares: a million items in 8 passes, where a pass a share made 16.
    static let sharesPerPass = 2

    /// Hashes picked out of the table and put in their sets at a time.
    private static let blockSize = 1024

    /// Takes the next step: puts the hashes of the pass's shares among the next `budget` hashes
    /// of `hashes` (0 is no id, never a collision) in their sets, noting those met before.
    /// `hashes` must be the same table at every step.
    /// - Complexity: O(`budget`) (expected: the sets are hashed), and O(the sets) in a step that
    ///   grows them.
    mutating func step(_ hashes: UnsafeBufferPointer<UInt32>, budget: Int = 1 << 20) {
        guard !isDone else { return }
        let bits = shareBits ?? Self.shareBits(for: hashes.count)
        shareBits = bits
        // (A check whose first pass is past the shares has none to make.)
        guard !isDone else { return }
        let passShares = min(Self.sharesPerPass, (1 << bits) - share)
        if setCounts.isEmpty {
            // Twice the slots of a share's expected hashes, at least 16; the last pass's sets
            // emptied and used again when they are as big (a fresh MiB is 256 page faults).
            setBits = max(4, Int.bitWidth - (max(1, hashes.count >> bits) - 1).leadingZeroBitCount + 1)
            if sets.count == passShares << setBits {
                sets.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            } else {
                sets = [UInt32](repeating: 0, count: passShares << setBits)
            }
            setCounts = [Int](repeating: 0, count: passShares)
        }
        let shares = PassShares(shift: UInt64(32 - bits), first: UInt32(share), count: passShares)
        let end = min(hashes.count, position + max(1, budget))
        var picked = [UInt32](repeating: 0, count: Self.blockSize)
        while position < end {
            let blockEnd = min(end, position + Self.blockSize)
            let pickedCount = picked.withUnsafeMutableBufferPointer { picked in
                shares.pick(UnsafeBufferPointer(rebasing: hashes[position..<blockEnd]), into: picked)
            }
            position = blockEnd
            // Room for the whole block in every set, so that none grows while it is put in.
            while setCounts.contains(where: { ($0 + pickedCount) * 4 > 3 << setBits }) { growSets(passShares) }
            putInSets(picked[..<pickedCount], shares)
        }
        guard position == hashes.count else { return }
        // The pass is done.
        share += Self.sharesPerPass * passStride
        position = 0
        setCounts = []
        if isDone { sets = [] }
    }

    /// The shares a pass looks at.
    private struct PassShares {
        /// A hash shifted right by `shift` is its share's number.
        let shift: UInt64
        let first: UInt32
        let count: Int

        /// The index among the pass's shares of `hash`'s share (`count` or more when another pass's).
        func index(of hash: UInt32) -> Int {
            Int(UInt32(truncatingIfNeeded: UInt64(hash) >> shift) &- first)
        }

        /// Copies the hashes of `hashes` in these shares to the start of `picked` (room for all
        /// of `hashes`), without a branch: which share a hash is in is a coin toss a branch
        /// mispredicts (four passes over a million hashes took 13 ms with one).
        /// - Returns: how many were picked.
        func pick(_ hashes: UnsafeBufferPointer<UInt32>, into picked: UnsafeMutableBufferPointer<UInt32>) -> Int {
            var count = 0
            for hash in hashes {
                picked[count] = hash
                count &+= (index(of: hash) < self.count ? 1 : 0) & (hash != 0 ? 1 : 0)
            }
            return count
        }
    }

    /// Puts `hashes`, all in the pass's shares, in their sets, noting those already there.
    private mutating func putInSets(_ hashes: ArraySlice<UInt32>, _ shares: PassShares) {
        let slotBits = setBits
        let mask = 1 << slotBits - 1
        var met: [UInt32] = []
        sets.withUnsafeMutableBufferPointer { sets in
            setCounts.withUnsafeMutableBufferPointer { counts in
                for hash in hashes {
                    let index = shares.index(of: hash)
                    let base = index << slotBits
                    var slot = Self.slot(of: hash, slotBits: slotBits)
                    while true {
                        let held = sets[base + slot]
                        if held == 0 {
                            sets[base + slot] = hash
                            counts[index] += 1
                            break
                        }
                        if held == hash {
                            met.append(hash)
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
        found += met
    }

    /// Where a set of `1 << slotBits` slots first looks for `hash`: the top bits of a
    /// multiplicative hash (a share's hashes all have the same top bits, and ids alike in their
    /// last bytes may be alike in their low bits).
    private static func slot(of hash: UInt32, slotBits: Int) -> Int {
        Int((hash &* 0x9E37_79B1) >> UInt32(32 - slotBits))
    }

    /// Doubles every set's slots: a share holds at least one and a half times its expected
    /// hashes (ids whose hashes crowd in a few shares).
    private mutating func growSets(_ passShares: Int) {
        let old = sets
        let oldBits = setBits
        setBits += 1
        sets = [UInt32](repeating: 0, count: passShares << setBits)
        let mask = 1 << setBits - 1
        for index in 0..<passShares {
            for hash in old[index << oldBits..<(index + 1) << oldBits] where hash != 0 {
                var slot = Self.slot(of: hash, slotBits: setBits)
                while sets[index << setBits + slot] != 0 { slot = (slot + 1) & mask }
                sets[index << setBits + slot] = hash
            }
        }
    }
}
