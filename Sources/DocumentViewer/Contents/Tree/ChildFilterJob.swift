import DocumentData
import TerminalUI

/// `&PATTERN` and `:where EXPR` in a tree: the children of one container kept by a pattern
/// anywhere in their text or by a query on their members, looked at a window a step; once it
/// looked at every child found so far, those kept show, and a child the scan finds later (the
/// root's) shows when it matches. Until the scan ends, what it says is "so far".
struct ChildFilterJob: ContentJob {
    var kind: ViewerJob { .filter }
    /// The container whose children it filters (child indexes from the root; empty: the root).
    let container: [Int]
    /// What it keeps the children by.
    let filter: ChildFilter
    private var worker: Worker

    private enum Worker {
        case pattern(TreeFilter)
        case query(RecordFilter)
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
        switch worker {
        case .pattern(let running):
            return "filtering &\(CellText.inert(running.pattern.source))… \(Int(running.progress * 100))% \(JobPolicy.hint(for: .filter))"
        case .query(let running):
            let count = content.json.tree.children(atChildIndexes: container)?.count ?? 0
            return "filtering \(running.name)… \(running.readCount * 100 / max(1, count))% \(JobPolicy.hint(for: .filter))"
        }
    }

    mutating func step(in content: inout TreeContent) -> JobStep {
        switch worker {
        case .pattern(var running):
            running.step()
            worker = .pattern(running)
            let typed = "&\(CellText.inert(running.pattern.source))"
            if running.isTooComplex { return .ended(said: "\(typed): \(RegexPattern.tooComplexMessage)") }
            guard running.isCaughtUp else { return .working }
            let said = content.apply(.pattern(running.pattern), to: container, keeping: running.kept)
            return .ended(said: said ?? (running.isDone && running.kept.isEmpty ? "no match for \(typed)" : nil))
        case .query(var running):
            guard let records = content.json.tree.children(atChildIndexes: container) else { return .ended(said: nil) }
            let readAll = running.step(records: records)
            worker = .query(running)
            if running.isTooComplex { return .ended(said: "\(running.name): \(RegexPattern.tooComplexMessage)") }
            guard readAll, let query = running.query else { return .working }
            let said = content.apply(.query(query), to: container, keeping: running.kept.map(Int.init))
            // (The root's records read later show as they match: "none" waits for the end.)
            let isDone = !container.isEmpty || !content.json.tree.isScanning
            return .ended(said: said ?? (isDone && running.kept.isEmpty ? "no record matches \(running.name)" : nil))
        }
    }
}
