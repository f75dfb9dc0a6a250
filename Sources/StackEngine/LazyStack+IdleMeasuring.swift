// MARK: - Measuring while idle: a content size that converges, then is exact

extension LazyStack {
    /// Whether rows remain for ``measureWhileIdle(while:)``: rows not measured at the current
    /// cross extent, in a stack of at most ``StackOptions/measuresEveryRowUpTo`` rows; in a
    /// larger one, a sample not yet whole.
    /// - Complexity: O(1).
    public var hasRowsToMeasure: Bool {
        guard index.measuredCount < rowCount else { return false }
        if rowCount <= options.measuresEveryRowUpTo { return true }
        return index.sampledCount < IdleMeasuring.sampleSize && !idleMeasuring.sampler.isDone(rowCount: rowCount)
    }

    /// Measures rows nobody has looked at, for a content size that stops swinging and then is
    /// exact — call it while the program is idle, again while it returns true.
    ///
    /// First a *sample*: 1,024 rows spread evenly over the whole stack,
    /// whose mean extent per kind is then the estimate of every row never measured (not the
    /// rows near the screen, which are where the reader has been: big rows at the top made
    /// SwiftUI's estimate, and this one's, swing by a factor of ten). Then, in a stack of at most
    /// ``StackOptions/measuresEveryRowUpTo`` rows, every row in order from the first, until
    /// the content size is ``ContentSize/exact(_:)``; a sample the pass goes by stops counting
    /// (every row never measured is ahead of it, and the samples ahead stand for them). Rows are
    /// measured with ``StackDataSource/measureRow(at:crossExtent:)`` and not kept; a new cross
    /// extent starts again from the sample.
    ///
    /// - Parameter goesOn: asked before each row once the first rows of a sample are measured
    ///   (so an estimate never rests on one or two rows); return false to end the slice — a key
    ///   is waiting, the slice's time is up.
    /// - Returns: whether rows remain (``hasRowsToMeasure``).
    /// - Complexity: O(log n) a row, plus measuring it.
    @discardableResult
    public mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool {
        guard hasRowsToMeasure else { return false }
        let everyRow = rowCount <= options.measuresEveryRowUpTo
        if idleMeasuring.sampler.isStale(rowCount: rowCount) { idleMeasuring.sampleIsTaken = false }
        // The sample: at first in one go up to `firstSample` rows; in a stack measured whole,
        // once a cross extent, for the pass then measures what is left in order.
        while index.sampledCount < IdleMeasuring.sampleSize,
            !(everyRow && idleMeasuring.sampleIsTaken) {
            if index.sampledCount >= IdleMeasuring.firstSample, !goesOn() { return true }
            guard let row = idleMeasuring.sampler.next(rowCount: rowCount) else { break }
            guard !index.isMeasured(row) else { continue }
            measureAsSample(row)
        }
        idleMeasuring.sampleIsTaken = true
        guard everyRow else { return hasRowsToMeasure }
        while let row = index.firstRowToPass(from: idleMeasuring.passFrom) ?? index.firstRowToPass(from: 0) {
            if index.measuredCount == rowCount { break }
            guard goesOn() else { return true }
            let kind = kind(row)
            let extent = index.isMeasured(row)
                ? index.extent(of: row, kind: kind) : source.measureRow(at: row, crossExtent: crossExtent) + spacing(before: row)
            index.record(row, extent: extent, sampled: false)
            counters.measuredWhileIdle += 1
            idleMeasuring.passFrom = row + 1
        }
        return hasRowsToMeasure
    }

    private mutating func measureAsSample(_ row: Int) {
        let extent = source.measureRow(at: row, crossExtent: crossExtent) + spacing(before: row)
        index.record(row, extent: extent, sampled: true)
        counters.measuredWhileIdle += 1
    }
}

/// Where the measuring of the rows while idle stands (``LazyStack/measureWhileIdle(while:)``).
struct IdleMeasuring: Equatable, Sendable {
    /// The rows of a whole sample: enough that a kind's mean is within a few percent of the
    /// stack's for any spread of extents but a rare giant (only the pass finds one of those).
    static let sampleSize = 1024
    /// The rows of a sample measured before the first slice may end.
    static let firstSample = 64

    /// The rows picked as a sample, in order.
    var sampler = RowSampler()
    /// Whether a whole sample was taken at this cross extent.
    var sampleIsTaken = false
    /// The row the pass that measures every row goes on from.
    var passFrom = 0
}
