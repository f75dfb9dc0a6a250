import DocumentData
import TerminalUI

// MARK: - The `&` filter: only the items that match show

extension DocumentContent {
    /// The filter the rows show through, if any.
    public var filter: ItemFilter? { rows.filter }

    /// Whether a filter is being applied (its scan runs in steps).
    public var isFiltering: Bool { jobs.contains(.filter) }

    /// Items matched per step of a filter, as for a search.
    public static let filterStep = 20_000

    /// `&` Enter: a pattern starts a filter; an empty one shows every item again.
    mutating func startFilter(_ pattern: String) -> String? {
        guard !pattern.isEmpty else {
            jobs.stop([.filter])
            guard filter != nil else { return nil }
            show(filter: nil)
            jobs.say("filter off: every item shows")
            return nil
        }
        do {
            start(ItemFilterJob(try Search(pattern: pattern, forward: true), in: rows.document))
        } catch {
            jobs.say("bad pattern \"\(pattern)\": \(error)")
        }
        return nil
    }

    /// Matches up to `budget` items of the filter being applied; at its end, the rows show
    /// only the matches.
    public mutating func continueFilter(budget: Int = DocumentContent.filterStep) {
        jobs.update(.filter, as: ItemFilterJob.self) { $0.budget = budget }
        advance(.filter)
    }

    /// Runs the filter being applied to its end (for `render`).
    public mutating func finishFilter() {
        continueFilter(budget: Int.max)
    }

    /// Shows the rows through `filter` (nil: all of them) at the current detail level.
    mutating func show(filter: ItemFilter?) {
        show(detailLevel: detail.level, filter: filter)
    }
}
