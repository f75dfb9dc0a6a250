import Platform

/// The number of distinct values in a stream, estimated in 16 KiB whatever its size:
/// HyperLogLog (Flajolet et al., 2007) with 2^14 registers — a standard error of about 0.8% —
/// and linear counting while few registers are set. Deterministic: the hash it is given has no
/// seed, so the same values give the same estimate in every run.
public struct DistinctSketch: Equatable, Sendable {
    private static let precision = 14
    private var registers = [UInt8](repeating: 0, count: 1 << precision)

    /// An empty sketch.
    public init() {}

    /// A sketch of the values of `hashes` (``ValueCounts/hash(_:)``).
    init(hashes: [UInt64]) {
        for hash in hashes { add(hash: hash) }
    }

    /// Notes a value by its 64-bit hash (its bits mixed: every bit depends on every byte).
    mutating func add(hash: UInt64) {
        let register = Int(hash >> UInt64(64 - Self.precision))
        // (The remaining bits, with a stop bit so the rank is at most 64 - precision + 1.)
        let rest = (hash << UInt64(Self.precision)) | (1 << UInt64(Self.precision - 1))
        let rank = UInt8(rest.leadingZeroBitCount + 1)
        if rank > registers[register] { registers[register] = rank }
    }

    /// Notes every value `other` noted.
    public mutating func merge(_ other: DistinctSketch) {
        for index in registers.indices where other.registers[index] > registers[index] {
            registers[index] = other.registers[index]
        }
    }

    /// The estimated number of distinct values noted.
    public var estimate: Int {
        let count = Double(registers.count)
        var sum = 0.0
        var zeros = 0
        for register in registers {
            sum += 1 / Double(UInt64(1) << UInt64(register))
            if register == 0 { zeros += 1 }
        }
        let alpha = 0.7213 / (1 + 1.079 / count)
        let raw = alpha * count * count / sum
        if raw <= 2.5 * count, zeros > 0 { return Int((count * log(count / Double(zeros))).rounded()) }
        return Int(raw.rounded())
    }
}
