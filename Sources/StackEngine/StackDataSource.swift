/// A row that has been resolved: built at a cross extent, so its main-axis extent is known.
public protocol StackRow {
    /// The row's size along the stack's axis: lines in a vertical stack, columns in a horizontal one.
    /// Always at least 1.
    var extent: Int { get }
}

/// The rows of a stack. The engine asks for counts, ids and kinds freely (they must be cheap)
/// and builds a row with ``resolveRow(at:crossExtent:)`` only when it is on or near the screen.
public protocol StackDataSource {
    /// The resolved form of a row, kept by the engine while the row is in or near the viewport.
    associatedtype Row: StackRow

    /// The number of rows.
    var rowCount: Int { get }

    /// The kind of the row at `index`.
    /// - Complexity: must be O(1) or O(log n); the engine calls it for every row once.
    func rowKind(at index: Int) -> RowKind

    /// The kinds of the rows in `rows`, in order, as runs: a kind and how many rows in a row
    /// have it.
    /// - Complexity: the default asks ``rowKind(at:)`` for every row; a source that keeps its
    ///   rows as runs should answer in O(runs), for the engine asks for every row when it is
    ///   created and for every row added.
    func kindRuns(in rows: Range<Int>) -> [(kind: RowKind, count: Int)]

    /// The stable id of the row at `index`.
    func rowID(at index: Int) -> String

    /// The index of the row with `id`, if there is one.
    func rowIndex(forID id: String) -> Int?

    /// The rows of the section holding `index`. When the section has a header it is the range's
    /// first row, and when it has a footer it is the range's last row.
    func sectionRange(containing index: Int) -> Range<Int>

    /// The containers enclosing the row at `index`, outermost first (a row does not enclose
    /// itself). While the top of the viewport is inside containers their opening rows pin there,
    /// nested, when headers pin (``StackOptions/pinsHeaders``).
    /// - Complexity: O(depth); the engine asks for the rows at the top of each frame.
    func enclosingContainers(of index: Int) -> [ContainerSpan]

    /// Builds the row at `index` for a cross extent (the width of a vertical stack).
    func resolveRow(at index: Int, crossExtent: Int) -> Row

    /// The extent the row at `index` has at `crossExtent`, for measuring rows while idle
    /// (``LazyStack/measureWhileIdle(while:)``): the row is not kept.
    /// - Complexity: the default builds the row; a source that can count a row's lines without
    ///   building it (wrapping text without making its cells) should.
    func measureRow(at index: Int, crossExtent: Int) -> Int
}

/// A container of rows that pins while the viewport's top is inside it: a node of a tree (a
/// folder, a JSON object) whose opening row stays in sight above its children.
public struct ContainerSpan: Hashable, Sendable {
    /// The container's opening row: the one pinned.
    public var opening: Int
    /// The row that pushes the pinned opening row out as it rises: the container's closing row,
    /// or the first row after the container when it has none.
    public var end: Int

    /// The container whose opening row is `opening` and whose rows end at `end`.
    public init(opening: Int, end: Int) {
        self.opening = opening
        self.end = end
    }
}

// MARK: - Defaults for a flat list

extension StackDataSource {
    /// Every row is an item, by default: a flat list has no headers or footers.
    public func rowKind(at index: Int) -> RowKind { .item }

    /// The kinds of `rows` from ``rowKind(at:)``, row by row, by default.
    public func kindRuns(in rows: Range<Int>) -> [(kind: RowKind, count: Int)] {
        var runs: [(kind: RowKind, count: Int)] = []
        for row in rows {
            let kind = rowKind(at: row)
            if runs.last?.kind == kind { runs[runs.count - 1].count += 1 } else { runs.append((kind, 1)) }
        }
        return runs
    }

    /// The extent of the row built, by default.
    public func measureRow(at index: Int, crossExtent: Int) -> Int {
        resolveRow(at: index, crossExtent: crossExtent).extent
    }

    /// No containers, by default: only section headers pin.
    public func enclosingContainers(of index: Int) -> [ContainerSpan] { [] }

    /// One section holding every row, by default.
    public func sectionRange(containing index: Int) -> Range<Int> { 0..<rowCount }

    /// The first row whose ``rowID(at:)`` is `id`, by default.
    /// - Complexity: O(n) by default: a source of many rows that is scrolled to by id
    ///   (``LazyStack/scroll(toID:alignment:)``) should implement it with a table or an index.
    public func rowIndex(forID id: String) -> Int? {
        (0..<rowCount).first { rowID(at: $0) == id }
    }
}
