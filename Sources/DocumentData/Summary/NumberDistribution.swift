import Platform

/// The numbers of a column, for their histogram and percentiles, in bounded memory: every
/// distinct number and its count while there are at most `exactLimit`; past that, counts in
/// buckets 1/256 of a power of two wide (2^-8 of a number: percentiles then to within 0.4%).
/// The count, the sum, the least and the greatest are always exact.
public struct NumberDistribution: Sendable {
    /// The most distinct numbers counted one by one.
    public let exactLimit: Int
    /// Each number's count, by its bits (0 for -0).
    private var exact = KeyCounts()
    /// Once past the limit: the count of each bucket (``bucket(of:)``, its bits), and every
    /// number met for the number of distinct ones.
    private var buckets: KeyCounts?
    private var sketch: DistinctSketch?
    /// The numbers counted.
    public private(set) var count = 0
    /// Their sum, compensated (Kahan) so a mean of millions keeps its digits.
    private var sum = 0.0, compensation = 0.0
    /// Whether every number counted is a whole number.
    private var allWhole = true
    /// The least and the greatest number counted.
    public private(set) var minimum = Double.infinity, maximum = -Double.infinity

    /// A distribution counting up to `exactLimit` distinct numbers one by one.
    public init(exactLimit: Int = 1 << 16) {
        self.exactLimit = exactLimit
    }

    /// Whether the histogram and the percentiles are exact (no more distinct numbers than the
    /// limit).
    public var isExact: Bool { buckets == nil }

    /// The number of distinct numbers: exact within the limit, else estimated (to about 1%).
    public var distinctCount: Int { sketch?.estimate ?? exact.count }

    /// The number of distinct numbers a Double tells apart (``MemberValue/keepsWritten(_:)``
    /// false, or zero): what a frequency table counts of them, the rest being counted by how
    /// they are written.
    var plainDistinctCount: Int {
        sketch?.estimate ?? exact.lazy.filter { Double(bitPattern: $0.key) == 0 || !MemberValue.keepsWritten(Double(bitPattern: $0.key)) }.count
    }

    /// The most common numbers, most first (ties: the smaller first), at most `limit`; nil past
    /// the limit, where they are not counted one by one.
    public func mostCommon(_ limit: Int) -> [(number: Double, count: Int)]? {
        guard buckets == nil else { return nil }
        return exactNumbers.sorted { $0.count != $1.count ? $0.count > $1.count : $0.number < $1.number }.prefix(limit)
            .map { ($0.number, $0.count) }
    }

    /// ``mostCommon(_:)`` of the numbers a Double tells apart, as counted values: nil past the
    /// limit.
    func mostCommonPlain(_ limit: Int) -> [ValueCounts.Entry]? {
        guard buckets == nil else { return nil }
        let plain = exactNumbers.filter { $0.number == 0 || !MemberValue.keepsWritten($0.number) }
        return plain.sorted { $0.count != $1.count ? $0.count > $1.count : $0.number < $1.number }.prefix(limit).map {
            ValueCounts.Entry(key: SummaryValue.number($0.number, written: nil).key, count: $0.count, isExact: true)
        }
    }

    /// Each number counted one by one, and its count.
    private var exactNumbers: [(number: Double, count: Int)] {
        exact.map { (Double(bitPattern: $0.key), $0.count) }
    }

    /// The hash a number is noted by in the sketch: its bits mixed (MurmurHash3's finalizer).
    private static func hash(_ number: Double) -> UInt64 {
        KeyCounts.mix((number == 0 ? 0 : number).bitPattern)
    }

    /// The mean, nil when none was counted.
    public var mean: Double? { count > 0 ? sum / Double(count) : nil }

    /// Counts `number` (`times` times).
    public mutating func add(_ number: Double, times: Int = 1) {
        guard !number.isNaN else { return }
        count += times
        let term = number * Double(times) - compensation
        let total = sum + term
        compensation = (total - sum) - term
        sum = total
        minimum = min(minimum, number)
        maximum = max(maximum, number)
        if number.rounded() != number { allWhole = false }
        if buckets != nil {
            buckets?.add(Self.bucketKey(of: number), times: times)
            sketch?.add(hash: Self.hash(number))
            return
        }
        exact.add((number == 0 ? 0 : number).bitPattern, times: times)
        if exact.count > exactLimit { bucketAll() }
    }

    /// From counting each number to counting buckets, the numbers so far noted in the sketch.
    private mutating func bucketAll() {
        var counted = KeyCounts()
        var noted = DistinctSketch()
        for (bits, times) in exact {
            let number = Double(bitPattern: bits)
            counted.add(Self.bucketKey(of: number), times: times)
            noted.add(hash: Self.hash(number))
        }
        buckets = counted
        sketch = noted
        exact = KeyCounts()
    }

    /// Adds the numbers of `other`.
    public mutating func merge(_ other: NumberDistribution) {
        if let otherBuckets = other.buckets {
            if buckets == nil { bucketAll() }
            for (bucket, times) in otherBuckets { buckets?.add(bucket, times: times) }
            if let otherSketch = other.sketch { sketch?.merge(otherSketch) }
            count += other.count
            allWhole = allWhole && other.allWhole
            sum += other.sum
            minimum = min(minimum, other.minimum)
            maximum = max(maximum, other.maximum)
            return
        }
        for (bits, times) in other.exact { add(Double(bitPattern: bits), times: times) }
    }

    /// The numbers counted, as runs in increasing order: each a number (a bucket's middle past
    /// the limit, within the least and the greatest) and how many there are.
    private var runs: [(number: Double, count: Int)] {
        if let buckets {
            return buckets.map { (bucket: Int32(truncatingIfNeeded: Int64(bitPattern: $0.key)), count: $0.count) }
                .sorted { $0.bucket < $1.bucket }
                .map { (min(maximum, max(minimum, Self.middle(of: $0.bucket))), $0.count) }
        }
        return exactNumbers.sorted { $0.number < $1.number }
    }

    /// The `fraction` percentile (0–1) by the nearest rank: the least number with at least
    /// `fraction` of the numbers at or below it. Nil when none was counted.
    public func percentile(_ fraction: Double) -> Double? {
        percentiles([fraction]).first ?? nil
    }

    /// Several percentiles at once (one pass over the runs).
    public func percentiles(_ fractions: [Double]) -> [Double?] {
        guard count > 0 else { return fractions.map { _ in nil } }
        let runs = self.runs
        return fractions.map { fraction in
            let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
            var seen = 0
            for run in runs {
                seen += run.count
                if seen >= rank { return run.number }
            }
            return runs.last?.number
        }
    }

    /// A histogram of about `bins` bins of one width, a round number (1, 2 or 5 times a power of
    /// ten; a whole number when every number is one), from a multiple of it at or below the
    /// least number to past the greatest: each bin's lower bound (included), upper bound
    /// (excluded; the last includes the greatest) and count. Exact when ``isExact``; else a
    /// bucket's count goes to the bin of its middle.
    public func histogram(bins: Int) -> [(lower: Double, upper: Double, count: Int)] {
        guard count > 0 else { return [] }
        let width = binWidth(bins: bins)
        guard width.isFinite, width > 0 else { return [(minimum, maximum, count)] }
        let runs = self.runs
        let start = (minimum / width).rounded(.down) * width
        // (A bin's bounds as its label writes them: a number on one lands in the bin `:where`
        // keeps it in, whatever the division rounded to.)
        func edge(_ bin: Int) -> Double { start + Double(bin) * width }
        var binCount = max(1, Int(((maximum - start) / width).rounded(.down)) + 1)
        while edge(binCount) < maximum { binCount += 1 }
        var counts = [Int](repeating: 0, count: binCount)
        for run in runs {
            var bin = min(binCount - 1, max(0, Int(((run.number - start) / width).rounded(.down))))
            while bin > 0, run.number < edge(bin) { bin -= 1 }
            while bin < binCount - 1, run.number >= edge(bin + 1) { bin += 1 }
            counts[bin] += run.count
        }
        return counts.enumerated().map { (edge($0.offset), edge($0.offset + 1), $0.element) }
    }

    /// The width of ``histogram(bins:)``'s bins, known without counting them.
    /// - Complexity: O(1).
    public func binWidth(bins: Int) -> Double {
        let width = Self.roundWidth((maximum - minimum) / Double(max(1, bins)))
        return allWhole ? max(1, width.rounded(.up)) : width
    }

    /// The round width (1, 2 or 5 times a power of ten) at or above `width`.
    static func roundWidth(_ width: Double) -> Double {
        guard width > 0, width.isFinite else { return width }
        let power = pow(10, (log10(width)).rounded(.down))
        for step in [1.0, 2, 5, 10] where step * power >= width * (1 - 1e-12) { return step * power }
        return 10 * power
    }

    /// The bucket of `number`: its sign, exponent and first 8 bits of fraction, ordered as
    /// the numbers are.
    static func bucket(of number: Double) -> Int32 {
        let bits = Int32(truncatingIfNeeded: abs(number).bitPattern >> 44)
        return number < 0 ? -bits - 1 : bits
    }

    /// The key a bucket is counted by: ``bucket(of:)``'s bits.
    private static func bucketKey(of number: Double) -> UInt64 {
        UInt64(bitPattern: Int64(bucket(of: number)))
    }

    /// The middle of bucket `bucket`.
    static func middle(of bucket: Int32) -> Double {
        let magnitudeBits = bucket < 0 ? -(bucket + 1) : bucket
        let lower = Double(bitPattern: UInt64(magnitudeBits) << 44)
        let upper = Double(bitPattern: UInt64(magnitudeBits + 1) << 44)
        let middle = lower.isFinite && upper.isFinite ? (lower + upper) / 2 : lower
        return bucket < 0 ? -middle : middle
    }
}
