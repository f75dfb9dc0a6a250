import DocumentData
import TerminalUI

/// `&PATTERN` and `:where EXPR` in a tree: the children of one container kept by a pattern
/// one of their rows matches (as the tree draws it) or by a query on their members, looked at
/// a window a step; once it looked at every child found so far, those kept show (the first
/// focused). While the scan goes on (the root's
/// children), it keeps up with what arrives a window a step, and the children it keeps show
/// too; until the scan ends, what it says is "so far".
///
/// The children kept have their child counts asked of their table in the same step that kept
/// them (a big container's block is scanned again for them while its bytes are warm), so that
/// showing a million kept children reads nothing more: it is one step, not seconds of keys
/// unanswered.
struct ChildFilterJob: ContentJob {
    var kind: ViewerJob { .filter }
    /// The container whose children it filters (child indexes from the root; empty: the root).
    let container: [Int]
    /// What it keeps the children by.
    let filter: ChildFilter
    private var worker: Worker
    /// The child counts of the children kept so far, in order (−1: a scalar or not known).
    private var keptChildCounts: [Int32] = []
    /// How many of the children kept show: once it caught up, those it keeps later show as found.
    private var shownCount = 0
    private(set) var keepsUpWithArrivals = false

    private enum Worker {
        case pattern(TreeFilter)
        case query(RecordFilter)
        /// Taken out while it steps: a copy left here would make its kept children be copied
        /// whole at each step.
        case stepping
    }

    /// A filter of the children of the node at `container` by `filter`; nil when it has none.
    init?(_ filter: ChildFilter, ofChildrenAt container: [Int], in tree: JSONTree) {
        self.container = container
        self.filter = filter
        switch filter {
        case .pattern(let pattern):
            var table: ChildTable?
            if !container.isEmpty {
                guard let children = tree.children(atChildIndexes: container) else { return nil }
                table = children
            }
            worker = .pattern(TreeFilter(tree: tree, pattern: pattern, container: table))
        case .query(let query):
            worker = .query(RecordFilter(query, in: tree))
        }
    }

    func progress(in content: TreeContent) -> String? {
        // (Keeping up with what arrives, the filter note says how many show so far.)
        guard !keepsUpWithArrivals else { return nil }
        switch worker {
        case .pattern(let running):
            return "filtering &\(CellText.inert(running.pattern.source))… \(Int(running.progress * 100))% \(JobPolicy.hint(for: .filter))"
        case .query(let running):
            let count = content.json.tree.children(atChildIndexes: container)?.count ?? 0
            return "filtering \(running.name)… \(running.readCount * 100 / max(1, count))% \(JobPolicy.hint(for: .filter))"
        case .stepping: return nil
        }
    }

    mutating func step(in content: inout TreeContent) -> JobStep {
        guard let children = content.json.tree.children(atChildIndexes: container) else { return .ended(said: nil) }
        switch worker {
        case .pattern(var running):
            worker = .stepping
            running.step()
            worker = .pattern(running)
            let typed = "&\(CellText.inert(running.pattern.source))"
            if running.isTooComplex { return gaveUp(saying: "\(typed): \(RegexPattern.tooComplexMessage)", in: &content) }
            countChildren(of: running.kept, in: children)
            return show(
                running.kept, caughtUp: running.isCaughtUp, as: .pattern(running.pattern), in: &content,
                noneSays: "no match for \(typed)")
        case .query(var running):
            worker = .stepping
            let readAll = running.step(records: children)
            worker = .query(running)
            if running.isTooComplex { return gaveUp(saying: "\(running.name): \(RegexPattern.tooComplexMessage)", in: &content) }
            let kept = running.kept.lazy.map(Int.init)
            countChildren(of: kept, in: children)
            guard let query = running.query else { return .working }
            return show(kept, caughtUp: readAll, as: .query(query), in: &content, noneSays: "no record matches \(running.name)")
        case .stepping: return .working
        }
    }

    /// Shows the children kept: all at once when it first caught up, those kept since after.
    /// - Returns: done once every child of the whole input was looked at (saying `none` when
    ///   none is kept), caught up while the scan goes on.
    private mutating func show(
        _ kept: some RandomAccessCollection<Int>, caughtUp: Bool, as filter: ChildFilter, in content: inout TreeContent,
        noneSays none: String
    ) -> JobStep {
        if keepsUpWithArrivals {
            // (Only children the view took in can show: the rest at a later step.)
            let taken = content.view.outline.rootChildrenTakenIn
            let end = kept.partitioningIndex { $0 >= taken }
            let new = Array(kept[kept.index(kept.startIndex, offsetBy: shownCount)..<end])
            content.view.keep(rootChildren: new, childCounts: Array(keptChildCounts[shownCount..<(shownCount + new.count)]))
            shownCount += new.count
        } else {
            guard caughtUp else { return .working }
            if let said = content.apply(filter, to: container, keeping: Array(kept), childCounts: keptChildCounts) {
                return .ended(said: said)
            }
            // The first record kept is focused when the focus is in the container (it may have
            // been deep in a record left out); a focus elsewhere (a filter a table handed back)
            // stays.
            if let first = kept.first, (content.view.focusedIndexes ?? []).starts(with: container) {
                _ = content.focus(nodeAt: container + [first], opensString: false)
            }
            shownCount = kept.count
            keepsUpWithArrivals = true
        }
        guard caughtUp else { return .working }
        let isDone = !container.isEmpty || !content.json.tree.isScanning
        guard isDone else { return .caughtUp }
        return .ended(said: kept.isEmpty ? none : nil)
    }

    /// The pattern backtracked too much for the text: no answer, and a filter it showed goes.
    private func gaveUp(saying text: String, in content: inout TreeContent) -> JobStep {
        if keepsUpWithArrivals { content.clearFilter() }
        return .ended(said: keepsUpWithArrivals ? "filter off: \(text)" : text)
    }

    /// Asks `children` for the child counts of the children kept since the last step.
    private mutating func countChildren(of kept: some RandomAccessCollection<Int>, in children: ChildTable) {
        guard keptChildCounts.count < kept.count else { return }
        for index in kept.dropFirst(keptChildCounts.count) {
            keptChildCounts.append(Int32(children.childCount(of: index) ?? -1))
        }
    }
}
