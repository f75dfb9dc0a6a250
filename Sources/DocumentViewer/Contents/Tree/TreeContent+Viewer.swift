import DocumentData
import StackEngine
import TerminalUI

// MARK: - A tree as one of the viewer's contents

extension TreeContent: ViewerContent {
    var keyContext: ViewerKeyContext { table == nil ? .tree : .table }
    var helpTitle: String { table == nil ? "Tree keys and commands" : "Table keys and commands" }
    var extraHelpLines: [String] { [] }
    /// The focused node's path; in a table, the selected cell's.
    var focusedID: String? {
        guard let table else { return focusedPath }
        return table.selectedPathReadAgain?.description
    }
    /// A tree jumps: there is no way to show between two nodes that folds may have moved.
    var animatesJumps: Bool {
        get { false }
        set {}
    }
    /// What a search or a lookup says, else what the filter says.
    var workNotice: String? { notice ?? filterNotice }

    /// Why the scan stopped before the end, or where the file is malformed.
    var standingNote: String? { problem }
    var hidesMessages: Bool { false }
    var rowCount: Int { table?.records.rowCount ?? stack.rowCount }
    var counters: StackCounters { table?.table.counters ?? stack.counters }

    mutating func reveal(_ target: String, alignment: ScrollAlignment) -> Bool {
        reveal(path: target)
    }

    mutating func finishWork() {
        finishSearch()
        while filtering != nil || treeQuerying != nil { filtering != nil ? continueFilter() : continueTreeWhere() }
        while sorting != nil, !isSortWaiting { continueSort() }
        while querying != nil, !isRowFilterWaiting { continueRowFilter() }
    }

    mutating func prefetch() {
        if table != nil { table?.table.prefetch() } else { view.prefetch() }
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
        let tree = view.outline.tree
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

    // MARK: - Work on ticks

    /// The least time between two take-ins of what the scan found: longer than a stack
    /// document's (``DocumentContent/batchTime``), as a tree's take-in is one step (the
    /// outline's new children, then a waiting sort, filter, search or jump go on), not a slice
    /// a key interrupts.
    static let batchTime = Duration.milliseconds(50)

    /// The work running: taking in what the scan finds, a jump waiting for it, a key lookup, a
    /// search, a filter, following.
    var runningJobs: Set<ViewerJob> {
        var jobs: Set<ViewerJob> = []
        if view.outline.tree.isScanning { jobs.insert(.takeIn) }
        if pendingJump != nil { jobs.insert(.pendingJump) }
        if pathLookup != nil { jobs.insert(.lookup) }
        if search != nil { jobs.insert(.search) }
        if filtering != nil || treeQuerying != nil { jobs.insert(.filter) }
        if sorting != nil { jobs.insert(.sort) }
        // (A row filter caught up with a file that grows is applied: it looks at records as they
        // arrive, and a key — Esc too — leaves it.)
        if querying != nil, !isRowFilterWaiting { jobs.insert(.query) }
        if follows { jobs.insert(.follow) }
        return jobs
    }

    mutating func stop(_ jobs: Set<ViewerJob>) {
        for job in jobs {
            switch job {
            case .pendingJump: pendingJump = nil
            case .lookup: pathLookup = nil
            case .search: search = nil
            case .filter:
                filtering = nil
                treeQuerying = nil
            case .sort: sorting = nil
            case .query: stopRowFilter()
            case .follow: follows = false
            case .takeIn, .animation: break
            }
        }
    }

    /// A take-in of what the background scan found, the lookup's, the search's or the filter's
    /// next step; a jump waiting for the scan and following go on at take-ins.
    /// (A tree's take-in is one step, not slices: `inputIsWaiting` is not asked.)
    mutating func step(
        _ job: ViewerJob, now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant, inputIsWaiting _: () -> Bool
    ) -> Bool {
        switch job {
        case .takeIn:
            let tree = view.outline.tree
            guard now - lastTakeIn >= Self.batchTime else { return false }
            let rows = stack.rowCount
            let scanned = tree.scannedBytes
            takeScanned()
            // The next take-in a batch time after one that found something: an input that
            // pauses (a pipe left open) wakes nothing until it writes again.
            if tree.scannedBytes != scanned || !tree.isScanning { lastTakeIn = now }
            // A jump or a search waiting for the scan went on; rows arriving below the screen
            // change nothing on it: a frame when they show (the end was on screen), when the
            // scan ends, and else once a second for its progress.
            return pendingJump != nil || search != nil || !tree.isScanning
                || (showsEnd && stack.rowCount > rows) || now - lastFrame > .seconds(1)
        case .lookup:
            continueLookup()
            return true
        case .search:
            // (One waiting for the scan went on at the take-in.)
            guard let running = search, !running.isWaiting else { return false }
            continueSearch()
            return true
        case .filter:
            if filtering != nil { continueFilter() } else { continueTreeWhere() }
            return true
        case .sort:
            guard !isSortWaiting else { return false }
            continueSort()
            return true
        case .query:
            guard !isRowFilterWaiting else { return false }
            continueRowFilter()
            return true
        case .pendingJump, .follow, .animation:
            return false
        }
    }

    /// At once for a search's, a filter's or a lookup's next step; while the file is read, when
    /// the batch time is up.
    func tickInterval(for job: ViewerJob, now: ContinuousClock.Instant) -> Int? {
        switch job {
        case .search: return search?.isWaiting == true ? nil : 0
        case .filter, .lookup: return 0
        case .sort: return isSortWaiting ? nil : 0
        case .query: return isRowFilterWaiting ? nil : 0
        case .takeIn:
            return ViewerJob.milliseconds(until: Self.batchTime, passedSince: lastTakeIn, now: now)
        case .pendingJump, .follow, .animation: return nil
        }
    }

    /// While the file is read and the batch time is up, the scan's wake pipe: news wakes the
    /// loop, nothing polls.
    func wakeDescriptor(now: ContinuousClock.Instant) -> Int32? {
        guard now - lastTakeIn >= Self.batchTime else { return nil }
        return view.outline.tree.wakeDescriptor
    }
}
