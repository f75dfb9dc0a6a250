// MARK: - A column's values counted in two places: its numbers a Double tells apart by a
// NumberDistribution, everything else by ValueCounts

extension ValueCounts {
    /// The distinct values of a column whose plain numbers `numbers` counts, and whether the
    /// count is exact.
    func distinctCount(with numbers: NumberDistribution) -> (count: Int, isExact: Bool) {
        (distinctCount + numbers.plainDistinctCount, isExact && numbers.isExact)
    }

    /// The most counted values of such a column, most first (ties by key), at most `limit`; nil
    /// when its numbers are past their limit and not counted one by one.
    func top(_ limit: Int, with numbers: NumberDistribution) -> [Entry]? {
        guard let common = numbers.mostCommonPlain(limit) else { return nil }
        return (top(limit) + common).sorted { a, b in
            a.count != b.count ? a.count > b.count : a.key.lexicographicallyPrecedes(b.key)
        }.prefix(limit).map { $0 }
    }
}
