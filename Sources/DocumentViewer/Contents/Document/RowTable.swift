import Algorithms

/// The rows of a ``DocumentRows`` as runs: a header, a footer or a strip of cards is a run of
/// one row, and the items of a section shown one after another are one run whatever their
/// number. Items shown with gaps (a detail level or a filter hides some) are a run that lists
/// their indexes, 4 bytes a row. So the rows of a million items shown whole cost a few runs,
/// not a million entries.
///
/// Finding a row's entry is a binary search over the runs: O(log runs).
struct RowTable: Sendable {
    typealias Entry = DocumentRows.Entry

    /// Rows that follow one another in one role and one section.
    struct Run: Sendable {
        /// The run's first row.
        var firstRow: Int
        var section: Int32
        var role: DocumentRows.Role
        /// Items: the index of the first item of a run of consecutive items, or -1 when the run
        /// lists its items in `RowTable/listedItems` from `listStart`. Other roles: -1.
        var firstItem: Int32
        var listStart: Int32
        /// Items shown before the run's first row (each item row counts one).
        var ordinal: Int32
        var rowCount: Int32
    }

    private(set) var runs: [Run] = []
    /// The item indexes of runs that list them.
    private(set) var listedItems: [Int32] = []
    /// The number of rows.
    private(set) var count = 0

    /// A run of consecutive items shorter than this is turned into a list when a gap follows,
    /// so that items shown one in two do not cost a run each.
    private static let shortestRun = 8

    /// The entry of `row`.
    /// - Complexity: O(log runs).
    func entry(at row: Int) -> Entry {
        let run = runs[run(containing: row)]
        let inside = row - run.firstRow
        guard run.role == .item else {
            return Entry(role: run.role, section: run.section, item: -1, ordinal: run.ordinal)
        }
        let item = run.firstItem >= 0 ? run.firstItem + Int32(inside) : listedItems[Int(run.listStart) + inside]
        return Entry(role: .item, section: run.section, item: item, ordinal: run.ordinal + Int32(inside))
    }

    /// The run holding `row`.
    private func run(containing row: Int) -> Int {
        runs.partitioningIndex { $0.firstRow > row } - 1
    }

    /// The roles of the rows in `rows`, run by run (two runs in a row may have one role).
    /// - Complexity: O(log runs + runs in `rows`).
    func roleRuns(in rows: Range<Int>) -> [(role: DocumentRows.Role, count: Int)] {
        guard !rows.isEmpty else { return [] }
        let first = run(containing: rows.lowerBound)
        return runs[first...].prefix { $0.firstRow < rows.upperBound }.map { run in
            (run.role, min(rows.upperBound, run.firstRow + Int(run.rowCount)) - max(rows.lowerBound, run.firstRow))
        }
    }

    /// The row showing the item at `ordinal`: the last row starting at or before it (a header
    /// or footer never is: the item after it starts at the same ordinal).
    /// - Complexity: O(log runs).
    func row(showingOrdinal ordinal: Int) -> Int {
        let run = runs[runs.partitioningIndex { $0.ordinal > ordinal } - 1]
        let inside = run.role == .item ? min(ordinal - Int(run.ordinal), Int(run.rowCount) - 1) : 0
        return run.firstRow + inside
    }

    /// Appends a header, footer or card-strip row.
    mutating func append(_ role: DocumentRows.Role, section: Int, ordinal: Int) {
        defer { checkInvariants() }
        precondition(role != .item, "items are appended as runs")
        runs.append(Run(firstRow: count, section: Int32(section), role: role, firstItem: -1, listStart: -1,
                        ordinal: Int32(ordinal), rowCount: 1))
        count += 1
    }

    /// Appends rows for the consecutive items `items` of `section`, the first of them shown at
    /// `ordinal`.
    /// - Complexity: O(1).
    mutating func appendItems(_ items: Range<Int>, section: Int, ordinal: Int) {
        defer { checkInvariants() }
        guard !items.isEmpty else { return }
        if let last = runs.last, last.role == .item, last.section == Int32(section),
            last.firstItem >= 0, Int(last.firstItem) + Int(last.rowCount) == items.lowerBound {
            runs[runs.count - 1].rowCount += Int32(items.count)
        } else {
            runs.append(Run(firstRow: count, section: Int32(section), role: .item, firstItem: Int32(items.lowerBound),
                            listStart: -1, ordinal: Int32(ordinal), rowCount: Int32(items.count)))
        }
        count += items.count
    }

    /// Appends rows for the items `items` of `section` (ascending, with gaps), the first shown
    /// at `ordinal`.
    /// - Complexity: O(items).
    mutating func appendItems(_ items: [Int], section: Int, ordinal: Int) {
        defer { checkInvariants() }
        var position = 0
        var ordinal = ordinal
        while position < items.count {
            // Consecutive items make a run of their own when long enough.
            var end = position + 1
            while end < items.count, items[end] == items[end - 1] + 1 { end += 1 }
            if end - position >= Self.shortestRun {
                appendItems(items[position]..<(items[end - 1] + 1), section: section, ordinal: ordinal)
            } else {
                appendListed(items[position..<end], section: section, ordinal: ordinal)
            }
            ordinal += end - position
            position = end
        }
    }

    /// Appends item rows to the last run when it lists the items of `section`, else to a new
    /// listing run (taking in a short run of consecutive items before it).
    private mutating func appendListed(_ items: ArraySlice<Int>, section: Int, ordinal: Int) {
        if var last = runs.last, last.role == .item, last.section == Int32(section),
            last.firstItem < 0 || last.rowCount < Self.shortestRun {
            if last.firstItem >= 0 {
                last.listStart = Int32(listedItems.count)
                listedItems.append(contentsOf: last.firstItem..<(last.firstItem + last.rowCount))
                last.firstItem = -1
            }
            last.rowCount += Int32(items.count)
            runs[runs.count - 1] = last
        } else {
            runs.append(Run(firstRow: count, section: Int32(section), role: .item, firstItem: -1,
                            listStart: Int32(listedItems.count), ordinal: Int32(ordinal), rowCount: Int32(items.count)))
        }
        listedItems.append(contentsOf: items.lazy.map { Int32($0) })
        count += items.count
    }

    /// Removes the rows from `row` on.
    /// - Complexity: O(runs removed + listed items removed).
    mutating func removeRows(from row: Int) {
        defer { checkInvariants() }
        guard row < count else { return }
        while let last = runs.last, last.firstRow >= row {
            if last.role == .item, last.firstItem < 0 { listedItems.removeLast(Int(last.rowCount)) }
            runs.removeLast()
        }
        if let last = runs.last, last.firstRow + Int(last.rowCount) > row {
            let removed = last.firstRow + Int(last.rowCount) - row
            if last.role == .item, last.firstItem < 0 { listedItems.removeLast(removed) }
            runs[runs.count - 1].rowCount -= Int32(removed)
        }
        count = row
    }
}
