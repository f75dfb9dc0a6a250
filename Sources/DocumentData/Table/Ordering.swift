/// A stable sort of the indexes `0..<count` done a part at a time: a bottom-up merge sort whose
/// runs are first sorted a chunk a step, then merged a budget of elements a step — a merge
/// resumes where the last step stopped. `:sort`'s comparison sort, which a key never waits for
/// whole.
struct Ordering {
    /// The indexes, in the order so far (in order once done).
    private(set) var order: [UInt32]
    /// Where a merge pass writes.
    private var merged: [UInt32] = []
    /// The length of the runs in order now (0 while the chunks are being sorted).
    private var run = 0
    /// The next chunk to sort, or the start of the pair of runs being merged.
    private var at = 0
    /// Within the pair being merged: the next element of each run and where it goes.
    private var left = 0, right = 0, out = 0

    /// The chunk sorted a step at the start.
    static let chunk = 4_096

    init(count: Int) {
        order = (0..<UInt32(count)).map { $0 }
    }

    /// Whether the order is whole.
    var isDone: Bool { order.count <= 1 || run >= order.count }

    /// How far it got, 0–1: the chunks sorted and the merge passes made, each a pass over all.
    var progress: Double {
        guard !isDone else { return 1 }
        var passes = 0, length = Self.chunk
        while length < order.count {
            length *= 2
            passes += 1
        }
        let pass = run == 0 ? 0 : 1 + (run / Self.chunk).trailingZeroBitCount
        return Double(pass * order.count + (run == 0 ? at : out)) / Double((passes + 1) * order.count)
    }

    /// Sorts or merges about `budget` elements more by `precedes` (a strict total order).
    /// - Returns: whether the order is whole.
    mutating func step(budget: Int, by precedes: (Int, Int) -> Bool) -> Bool {
        let count = order.count
        var spent = 0
        while !isDone, spent < budget {
            if run == 0 {
                // The chunks, each sorted whole.
                let end = min(at + Self.chunk, count)
                order[at..<end].sort { precedes(Int($0), Int($1)) }
                spent += (end - at) * 12
                at = end
                if at >= count {
                    run = Self.chunk
                    at = 0
                    startPair()
                }
                continue
            }
            // Merging the pair of runs at `at` into `merged`, where the last step stopped.
            if merged.count != count { merged = order }
            let middle = min(at + run, count), end = min(at + 2 * run, count)
            while out < end, spent < budget {
                if right >= end || (left < middle && !precedes(Int(order[right]), Int(order[left]))) {
                    merged[out] = order[left]
                    left += 1
                } else {
                    merged[out] = order[right]
                    right += 1
                }
                out += 1
                spent += 1
            }
            guard out >= end else { break }
            at = end
            if at >= count {
                swap(&order, &merged)
                run *= 2
                at = 0
            }
            startPair()
        }
        if isDone { merged = [] }
        return isDone
    }

    /// Starts merging the pair of runs at `at`.
    private mutating func startPair() {
        left = at
        right = min(at + run, order.count)
        out = at
    }
}
