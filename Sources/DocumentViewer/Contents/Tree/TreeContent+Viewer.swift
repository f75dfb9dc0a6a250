import DocumentData
import StackEngine
import TerminalUI

// MARK: - A tree as one of the viewer's contents

extension TreeContent: ViewerContent {
    var keyContext: ViewerKeyContext { .tree }
    var helpTitle: String { "Tree keys and commands" }
    var extraHelpLines: [String] { [] }
    var focusedID: String? { focusedPath }
    /// A tree jumps: there is no way to show between two nodes that folds may have moved.
    var animatesJumps: Bool {
        get { false }
        set {}
    }
    var runsWorkInSteps: Bool {
        get { jobs.runsInSteps }
        set { jobs.runsInSteps = newValue }
    }
    /// What the last job said, else the progress of the one running.
    var workNotice: String? { jobs.said ?? jobs.progress(in: self) }

    @discardableResult
    mutating func stop(_ stopped: Set<ViewerJob>) -> String? {
        // (A filter stopped while it kept up with what arrives goes: what it would keep of the
        // rest is not known, and a view that says "filter" must not leave it out.)
        if stopped.contains(.filter), jobs.job(.filter, as: ChildFilterJob.self)?.keepsUpWithArrivals == true {
            clearFilter()
        }
        jobs.stop(stopped)
        if stopped.contains(.follow) { json.follows = false }
        return nil
    }

    /// Why the scan stopped before the end, or where the file is malformed.
    var standingNote: String? { json.problem }
    var hidesMessages: Bool { false }
    var rowCount: Int { stack.rowCount }
    var counters: StackCounters { stack.counters }

    mutating func reveal(_ target: String, alignment: ScrollAlignment) -> Bool {
        reveal(path: target)
    }

    mutating func prefetch() { view.prefetch() }

    mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool { view.measureWhileIdle(while: goesOn) }
    var hasRowsToMeasure: Bool { view.tree.hasRowsToMeasure }

    /// The document as JSON, indented (``TreeExport``).
    mutating func export(to sink: ExportSink) {
        start(ExportJob(TreeExport(json.tree), to: sink))
    }

    mutating func takeHandover() -> (any ViewerContent)? {
        defer { handover = nil }
        return handover
    }

    /// The most children looked at to complete a key: Tab never waits on a big object.
    static let completionScanLimit = 10_000

    /// The paths starting with `prefix` one key deeper than its last `.`: `.feat` completes to
    /// `.features`, `.features[0].pro` to `.features[0].properties`. Only objects of up to
    /// ``completionScanLimit`` members are looked through.
    func completions(of prefix: String, limit: Int) -> [String] {
        guard let dot = prefix.lastIndex(of: ".") else { return [] }
        let parentText = prefix[..<dot].isEmpty ? "." : String(prefix[..<dot])
        let partial = String(prefix[prefix.index(after: dot)...])
        let tree = json.tree
        guard let parentPath = try? JSONPath(parsing: parentText), var table = tree.root,
            !(parentText == "." && tree.isJSONLines) else { return [] }
        for component in parentPath.components {
            guard let index = Self.child(component, of: table, in: tree), table.childCount(of: index) != nil else {
                return []
            }
            table = tree.children(ofChild: index, in: table)
        }
        guard table.isObject, table.count <= Self.completionScanLimit else { return [] }
        var found: [String] = []
        for index in 0..<table.count {
            guard let key = tree.key(ofChild: index, in: table), key.hasPrefix(partial) else { continue }
            found.append(JSONPath(components: parentPath.components + [.key(key)]).description)
            if found.count == limit { break }
        }
        return found
    }

    /// The index of the child `component` names in `table`, when it is there and cheap to find.
    private static func child(
        _ component: JSONPath.Component, of table: ChildTable, in tree: JSONTree
    ) -> Int? {
        switch component {
        case .index(let index) where !table.isObject:
            return tree.child(atIndex: index, in: table)
        case .key(let key) where table.isObject && table.count <= completionScanLimit:
            return (0..<table.count).first { tree.key(ofChild: $0, in: table) == key }
        default:
            return nil
        }
    }
}
