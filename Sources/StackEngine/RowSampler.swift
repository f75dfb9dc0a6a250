/// The order rows are measured in as a sample: the van der Corput sequence over the rows (the
/// bits of 0, 1, 2, … reversed, as fractions of the stack), so every prefix of it is spread
/// evenly over the whole stack — the first rows measured halve it, then quarter it — and no row
/// comes twice. Deterministic, as the engine is.
struct RowSampler: Equatable, Sendable {
    /// The place in the sequence.
    private(set) var cursor = 0
    /// The sequence runs over `1 << bits` places, the rows' count rounded up to a power of two.
    private var bits = 0

    /// The next row of a stack of `rowCount` rows, nil once the sequence has given them all. A
    /// stack that grew past its power of two starts the sequence again.
    mutating func next(rowCount: Int) -> Int? {
        let needed = Self.bits(for: rowCount)
        if needed != bits {
            bits = needed
            cursor = 0
        }
        while cursor < 1 << bits {
            let row = Self.reversed(cursor, bits: bits)
            cursor += 1
            if row < rowCount { return row }
        }
        return nil
    }

    /// Whether the stack grew or shrank past a power of two since the sequence started: it
    /// starts again, and a sample taken of the rows then no longer stands for them all.
    func isStale(rowCount: Int) -> Bool {
        Self.bits(for: rowCount) != bits
    }

    /// Whether the sequence has given every row of a stack of `rowCount` rows.
    func isDone(rowCount: Int) -> Bool {
        Self.bits(for: rowCount) == bits && cursor >= 1 << bits
    }

    /// The bits of the powers of two the sequence runs over for `rowCount` rows.
    private static func bits(for rowCount: Int) -> Int {
        var bits = 0
        while (1 << bits) < rowCount { bits += 1 }
        return bits
    }

    /// `value`'s lowest `bits` bits in reverse order.
    static func reversed(_ value: Int, bits: Int) -> Int {
        var value = value
        var result = 0
        for _ in 0..<bits {
            result = result << 1 | value & 1
            value >>= 1
        }
        return result
    }
}
