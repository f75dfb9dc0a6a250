import DocumentData
import TerminalUI

// MARK: - `&` and `:where`: a container's children kept

extension TreeContent {
    /// `&PATTERN`: starts keeping only the records with a row that matches — those of the
    /// nearest array of records holding the focus (its own, on such an array's row), whatever
    /// the focus's depth; where no array of records holds it, the focused node's siblings (on
    /// the root, its children). `&` alone shows all again.
    mutating func startFilter(_ text: String) -> String? {
        // A filter being applied stops: this one replaces it, or `&` alone shows all. (One
        // keeping up with what arrives goes with its filter: what arrives would stay hidden.)
        let wasOn = json.filter != nil
        stop([.filter])
        guard !text.isEmpty else {
            guard wasOn else { return nil }
            clearFilter()
            return "filter off"
        }
        let container = filteredContainer
        if !container.isEmpty, let children = json.tree.children(atChildIndexes: container), !children.isComplete {
            // (Its children are not all known: a filter of those read would say less than it is.)
            let path = view.outline.path(ofChildIndexes: container)?.description ?? ""
            return "&: \(path) \(incompleteNote(filtering: "its children"))"
        }
        let pattern: RegexPattern
        do {
            pattern = try RegexPattern(text)
        } catch {
            return "bad pattern: \(error)"
        }
        if let job = ChildFilterJob(.pattern(pattern), ofChildrenAt: container, in: json.tree) { start(job) }
        return nil
    }

    /// The container whose children `&` filters (child indexes from the root): the nearest
    /// array of records holding the focus or focused, else the focused node's parent.
    private var filteredContainer: [Int] {
        if let records = recordsAtFocus { return records.container }
        let focus = view.focusedIndexes ?? []
        return Array(focus.dropLast())
    }

    /// `:where EXPR` in a tree: keeps the records of the focused array (as `T` finds it) that
    /// match, as `&` keeps a container's children — the tree's one filter; `:where` alone shows
    /// every child again.
    /// - Returns: what to say.
    mutating func applyWhere(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return startFilter("") }
        guard let records = recordsAtFocus else { return "where: \(Self.noRecordsHere)" }
        if !records.container.isEmpty, !records.records.isComplete {
            // (Its children are not all known: a filter of those read would say less than it is.)
            return "where: \(records.path) \(incompleteNote(filtering: "it"))"
        }
        let query: RecordQuery
        do {
            query = try RecordQuery(parsing: text, columns: records.columns)
        } catch {
            return "where: \(error)"
        }
        if let mismatch = query.typeMismatch(in: records.sampledRecordBytes) { return "where: \(mismatch)" }
        filterChildren(of: records.container, by: .query(query))
        return nil
    }

    /// Why a container still read is not filtered.
    private func incompleteNote(filtering what: String) -> String {
        let tree = json.tree
        return tree.isScanning
            ? "is still being read (\(tree.readNote)): filter \(what) once it is read"
            : "was not read to its end: the input stopped inside it"
    }

    /// Starts the filter of the children of the node at `container` by `kept` (a `:where`, or a
    /// filter a table gave back).
    mutating func filterChildren(of container: [Int], by kept: ChildFilter) {
        stop([.filter])
        if let job = ChildFilterJob(kept, ofChildrenAt: container, in: json.tree) { start(job) }
    }

    /// Shows the children `filter` kept of the node at `container` (the root's found later show
    /// as the filter's job keeps them). `childCounts`: the kept children's, counted ahead (one
    /// for each, −1 for none).
    /// - Returns: what to say when it could not show them.
    mutating func apply(
        _ filter: ChildFilter, to container: [Int], keeping kept: [Int], childCounts: [Int32]? = nil
    ) -> String? {
        // One filter at a time: one on another container goes first.
        if let applied = json.filter, applied.container != container { clearFilter() }
        // The container closed while the filter ran (a key may close it): nothing to show it in.
        guard view.filter(childrenOf: container, keeping: kept, childCounts: childCounts) else {
            return "\(filter.typed): its container closed before it was done (again filters it)"
        }
        json.filter = OpenJSON.AppliedFilter(container: container, filter: filter)
        return nil
    }

    /// Shows every child of the container filtered again — at once if it is open, else when it
    /// opens next (a container closed, or gone with `zM`, keeps nothing filtered).
    mutating func clearFilter() {
        guard let applied = json.filter else { return }
        if !view.filter(childrenOf: applied.container, keeping: nil) {
            view.forgetFilter(ofNodeAt: applied.container)
        }
        json.filter = nil
    }

    /// The filter applied, for the status line: `filter: PATTERN`, how many children show —
    /// of those read so far, while the file is read — and the container, when not the root
    /// (`in .features`).
    var filterNote: String? {
        guard let applied = json.filter else { return nil }
        let outline = view.outline
        let pattern = CellText.inert(applied.filter.shown)
        let container = applied.container
        guard !container.isEmpty else {
            guard let shown = outline.shownChildCount else { return nil }
            let total = outline.tree.root?.count ?? 0
            return StatusLine.filterNote(pattern: pattern, shown: shown, of: total, soFar: outline.tree.isScanning)
        }
        guard let shown = outline.shownChildCount(ofNodeAt: container),
            let row = outline.row(ofChildIndexes: container), let step = outline.row(row).steps.last,
            let total = step.table.childCount(of: step.index), let path = outline.path(ofChildIndexes: container)
        else { return nil }
        return StatusLine.filterNote(pattern: pattern, shown: shown, of: total, soFar: false, in: path.description)
    }
}
