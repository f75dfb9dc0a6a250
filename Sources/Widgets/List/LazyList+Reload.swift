import StackEngine

// MARK: - Reloading: new rows, the same view by id

extension LazyList {
    /// How many selectable rows either side of the selection a reload looks among for one that
    /// survived, when the selected row did not.
    static var survivorSearch: Int { 64 }

    /// Replaces every row with `source`'s — a refresh: the processes now, a log read again — and
    /// keeps the view by id, in one call:
    /// - the selected row keeps its screen line when its id is still there (rows that came or
    ///   went above it do not move it);
    /// - when it is gone, the nearest selectable row that survived takes the selection on that
    ///   line: the one after it, then the one before, then further out (up to 64 rows either
    ///   side);
    /// - with none of those, the top row stays at the top by id (else by index), and the
    ///   selection is the first selectable row shown below the pins.
    /// - Complexity: O(rows on a screen) and one `rowIndex(forID:)` when the selected row is
    ///   still there; when it went, one more for each neighbour tried, nearest first.
    public mutating func reload(with source: Source) {
        defer { checkInvariants() }
        let line = selectionLine
        let saved = state
        let old = stack.source
        let selected = selection
        // (The replacement finds the selected row by its id, when it is still there.)
        replaceRows(from: 0) { $0 = source }
        if let id = saved.selectedID, let row = selection, stack.source.rowID(at: row) == id {
            return place(row, atLine: line)
        }
        if let selected {
            for id in Self.survivorCandidates(around: selected, in: old) where select(id: id, atLine: line) { return }
        }
        restore(ListState(topID: saved.topID, topOffset: saved.topOffset))
        keepSelectionVisible(preferLeading: true)
    }

    /// The ids of the selectable rows of `source` around `row`, nearest first, the one after
    /// before the one before at each distance: made as they are tried.
    private static func survivorCandidates(around row: Int, in source: Source) -> some Sequence<String> {
        (1...survivorSearch).lazy
            .flatMap { [row + $0, row - $0] }
            .filter { isSelectable($0, in: source) }
            .map { source.rowID(at: $0) }
    }
}
