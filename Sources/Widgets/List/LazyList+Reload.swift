import StackEngine

// MARK: - Reloading: new rows, the same view by id

extension LazyList {
    /// How many selectable rows either side of the selection a reload looks among for one that
    /// survived, when the selected row did not.
    static var survivorSearch: Int { 64 }

    /// Replaces every row with `source`'s — a refresh: the processes now, a log read again — and
    /// keeps the view by id, in one call:
    /// - the selected row keeps its screen line when its id is still there;
    /// - when it is gone, the nearest selectable row that survived takes the selection on that
    ///   line: the one after it, then the one before, then further out (up to 64 rows either
    ///   side);
    /// - with none of those, the top row stays at the top by id (else by index), and the
    ///   selection is the first selectable row shown below the pins.
    /// - Complexity: O(rows on a screen), the ids of the 128 rows around the selection, and a
    ///   `rowIndex(forID:)` for each candidate tried: the selected id (twice: the replacement
    ///   looks for it too), then the survivors nearest first.
    public mutating func reload(with source: Source) {
        defer { checkInvariants() }
        let line = selectionLine
        let saved = state
        let neighbours = selection.map(survivorCandidates(around:)) ?? []
        replaceRows(from: 0) { $0 = source }
        if let id = saved.selectedID, select(id: id, atLine: line) { return }
        for id in neighbours where select(id: id, atLine: line) { return }
        restore(ListState(topID: saved.topID, topOffset: saved.topOffset))
        keepSelectionVisible(preferLeading: true)
    }

    /// The ids of the selectable rows around `row`, nearest first, the one after before the one
    /// before at each distance.
    private func survivorCandidates(around row: Int) -> [String] {
        var ids: [String] = []
        for distance in 1...Self.survivorSearch {
            for candidate in [row + distance, row - distance] where isSelectable(candidate) {
                ids.append(stack.source.rowID(at: candidate))
            }
        }
        return ids
    }
}
