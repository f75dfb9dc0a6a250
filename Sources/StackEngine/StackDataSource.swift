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

    /// The stable id of the row at `index`.
    func rowID(at index: Int) -> String

    /// The index of the row with `id`, if there is one.
    func rowIndex(forID id: String) -> Int?

    /// The rows of the section holding `index`. When the section has a header it is the range's
    /// first row, and when it has a footer it is the range's last row.
    func sectionRange(containing index: Int) -> Range<Int>

    /// Builds the row at `index` for a cross extent (the width of a vertical stack).
    func resolveRow(at index: Int, crossExtent: Int) -> Row
}

// MARK: - Defaults for a flat list

extension StackDataSource {
    /// Every row is an item, by default: a flat list has no headers or footers.
    public func rowKind(at index: Int) -> RowKind { .item }

    /// One section holding every row, by default.
    public func sectionRange(containing index: Int) -> Range<Int> { 0..<rowCount }

    /// The first row whose ``rowID(at:)`` is `id`, by default.
    /// - Complexity: O(n) by default: a source of many rows that is scrolled to by id
    ///   (``LazyStack/scroll(toID:alignment:)``) should implement it with a table or an index.
    public func rowIndex(forID id: String) -> Int? {
        (0..<rowCount).first { rowID(at: $0) == id }
    }
}
