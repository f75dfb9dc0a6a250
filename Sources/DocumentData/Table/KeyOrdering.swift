/// A stable sort of some indexes by a 64-bit key each, done a part at a time: a least
/// significant digit radix sort, a byte of the key a pass (a pass skipped when every key has the
/// same byte there), so a few moves of each index rather than the `n log n` comparisons of
/// `Ordering` — what `:sort` of a column of numbers takes (null and missing members aside). The keys are computed from
/// the indexes at each pass, not kept.
struct KeyOrdering {
    /// The indexes, in the order so far (in order once done).
    private(set) var order: [UInt32]
    /// Where a pass writes.
    private var scattered: [UInt32] = []
    /// Each byte's count at each of the 8 places of the key (the first thing counted), then the
    /// places still to sort by, least significant first.
    private var counts: [Int] = []
    private var places: [Int]?
    /// How far the counting or the pass got, and where the pass writes each byte's next index.
    private var at = 0
    private var next: [Int] = []
    private var passesDone = 0

    /// A sort of `indexes`, ties left in their order.
    init(_ indexes: [UInt32]) {
        order = indexes
    }

    /// Whether the order is whole.
    var isDone: Bool { places?.isEmpty ?? (order.count <= 1) }

    /// How far it got, 0–1: the counting, then each pass, a share each.
    var progress: Double {
        guard !isDone, !order.isEmpty else { return 1 }
        let fraction = Double(at) / Double(order.count)
        guard let places else { return fraction / 9 }
        let total = passesDone + places.count + 1
        return (Double(1 + passesDone) + fraction) / Double(total)
    }

    /// Counts or moves about `budget` indexes more, by `key`.
    /// - Returns: whether the order is whole.
    mutating func step(budget: Int, key: (Int) -> UInt64) -> Bool {
        var spent = 0
        while !isDone, spent < budget {
            guard let places else {
                // Every byte of every key counted, in one look at each.
                if counts.isEmpty { counts = [Int](repeating: 0, count: 8 * 256) }
                let end = min(order.count, at + budget - spent)
                counts.withUnsafeMutableBufferPointer { counts in
                    for index in order[at..<end] {
                        let value = key(Int(index))
                        for place in 0..<8 { counts[place << 8 | Int(truncatingIfNeeded: value >> (place * 8)) & 0xFF] += 1 }
                    }
                }
                spent += end - at
                at = end
                if at == order.count {
                    // (A place where every key has the same byte orders nothing.)
                    self.places = (0..<8).filter { place in !counts[place << 8..<(place + 1) << 8].contains(order.count) }
                    at = 0
                    startPass()
                }
                continue
            }
            let shift = places[0] * 8
            let end = min(order.count, at + budget - spent)
            next.withUnsafeMutableBufferPointer { next in
                scattered.withUnsafeMutableBufferPointer { scattered in
                    for index in order[at..<end] {
                        let byte = Int(truncatingIfNeeded: key(Int(index)) >> shift) & 0xFF
                        scattered[next[byte]] = index
                        next[byte] += 1
                    }
                }
            }
            spent += end - at
            at = end
            if at == order.count {
                swap(&order, &scattered)
                self.places?.removeFirst()
                passesDone += 1
                at = 0
                startPass()
            }
        }
        if isDone {
            scattered = []
            counts = []
            next = []
        }
        return isDone
    }

    /// Where each byte's indexes go in the pass by the next place.
    private mutating func startPass() {
        guard let place = places?.first else { return }
        if scattered.count != order.count { scattered = order }
        next = [Int](repeating: 0, count: 256)
        var start = 0
        for byte in 0..<256 {
            next[byte] = start
            start += counts[place << 8 | byte]
        }
    }
}
