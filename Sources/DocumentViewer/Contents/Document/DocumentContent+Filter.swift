// MARK: - The `&` filter: only the items that match show

extension DocumentContent {
    /// The filter the rows show through, if any.
    public var filter: ItemFilter? { rows.filter }

    /// Whether a filter is being applied (its scan runs in steps).
    public var isFiltering: Bool { filtering.isFiltering }

    /// Items matched per step of a filter, as for a search.
    public static let filterStep = 20_000

    /// `&` Enter: a pattern starts a filter; an empty one shows every item again.
    mutating func beginFilter(_ pattern: String) {
        guard !pattern.isEmpty else {
            guard filter != nil else { return }
            show(filter: nil)
            filtering.say("filter off: every item shows")
            return
        }
        filtering.start(pattern, in: rows.document)
    }

    /// Matches up to `budget` items of the filter being applied; at its end, the rows show
    /// only the matches.
    public mutating func continueFilter(budget: Int = DocumentContent.filterStep) {
        if let filter = filtering.step(budget: budget, in: rows.document, isComplete: !loading.isLoading) {
            show(filter: filter)
        }
    }

    /// Runs the filter being applied to its end (for `render`).
    public mutating func finishFilter() {
        while filtering.isFiltering { continueFilter(budget: Int.max) }
    }

    /// Shows the rows through `filter` (nil: all of them) at the current detail level.
    mutating func show(filter: ItemFilter?) {
        show(detailLevel: detail.level, filter: filter)
    }
}
