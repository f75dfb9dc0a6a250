import DocumentData
import TerminalUI

extension TreeContent {
    // MARK: - Search

    /// Starts a search for `text` from the focused node.
    /// - Returns: what to say when the pattern is wrong.
    mutating func startSearch(_ text: String, forward: Bool) -> String? {
        // (A table selects the cell of the node a match focuses.)
        defer { followTreeFocus() }
        // In a table, from the selected cell.
        if table != nil { focusTreeOnCell() }
        // Empty: the last pattern again, in the direction typed (as vim and a stack document).
        guard !text.isEmpty else {
            guard let last = lastSearch else { return "no previous search" }
            return repeatSearch(reversed: last.forward != forward)
        }
        let pattern: RegexPattern
        do {
            pattern = try RegexPattern(text)
        } catch {
            return "bad pattern: \(error)"
        }
        lastSearch = (pattern, forward)
        lastMatch = nil
        skipped = nil
        hiddenMatches = []
        begin(pattern, forward: forward)
        return nil
    }

    /// `n` (`N`): the next match of the last search in its direction (the other).
    mutating func repeatSearch(reversed: Bool) -> String? {
        // (A table selects the cell of the node a match focuses.)
        defer { followTreeFocus() }
        guard let last = lastSearch else { return "no previous search" }
        skipped = nil
        hiddenMatches = []
        begin(last.pattern, forward: last.forward != reversed)
        if !runsWorkInSteps { finishSearch() }
        return nil
    }

    /// A search from the focused node: after the last match when the focus is still on its node
    /// (past it by a byte when it was empty: an empty match advances), else from the node's
    /// start (forward, past its first byte: the node itself is not the next).
    mutating func begin(_ pattern: RegexPattern, forward: Bool) {
        let outline = view.outline
        let indexes = view.focusedIndexes ?? []
        let origin: Int
        if let lastMatch, lastMatch.indexes == indexes {
            let range = lastMatch.range
            origin = forward ? max(range.upperBound, range.lowerBound + 1) : range.lowerBound
        } else {
            origin = outline.startOffset(ofChildIndexes: indexes) + (forward ? 1 : 0)
        }
        search = TreeSearch(tree: outline.tree, pattern: pattern, forward: forward, from: origin)
    }

    /// The search `running` goes on from `offset`, past a match it does not stop at.
    private mutating func goOn(_ running: TreeSearch, from offset: Int) {
        search = TreeSearch(tree: view.outline.tree, pattern: running.pattern, forward: running.forward, from: offset)
    }

    /// Where a search passing over a match in the focused node goes on from: past the key or the
    /// scalar the match is in (a pattern matching the empty string matches at each of its bytes),
    /// else past the match.
    func resumeOffset(after range: Range<Int>, forward: Bool) -> Int {
        let next = forward ? max(range.upperBound, range.lowerBound + 1) : range.lowerBound
        guard let focus = view.focus, let last = view.outline.row(focus).steps.last else { return next }
        let tree = view.outline.tree
        var regions = [tree.valueRange(ofChild: last.index, in: last.table)]
        if let key = last.table.keyRegion(of: last.index) { regions.append(key) }
        for region in regions where region.contains(range.lowerBound) {
            // A container's own bytes (its brackets, blanks between children) are few: past the match.
            if region == regions[0], last.table.childCount(of: last.index) != nil { return next }
            return forward ? max(next, region.upperBound) : min(next, region.lowerBound)
        }
        return next
    }

    /// Runs the search's next window; on a match, reveals its node. While the file is read, a
    /// search that looked at all that was read waits for more, saying so: it never says "no
    /// match" for what it has not seen.
    mutating func continueSearch() {
        // (A table selects the cell of the node a match focuses.)
        defer { followTreeFocus() }
        guard var running = search else { return }
        let outcome = running.step()
        search = running
        let typed = "\(running.forward ? "/" : "?")\(CellText.inert(running.pattern.source))"
        switch outcome {
        case .searching:
            notice = "searching \(typed)… \(Int(running.progress * 100))% \(JobPolicy.hint(for: .search))"
        case .waiting:
            notice = "searching \(typed)… \(view.outline.tree.readNote) \(JobPolicy.hint(for: .search))"
        case .notFound:
            search = nil
            // Around the whole file and back: the match passed over in the focused node is the only one.
            let soFar = view.outline.tree.isScanning ? " in what arrived so far (more may come)" : ""
            notice = skipped != nil ? "\(typed): the only match is here\(soFar)" : "no match for \(typed)\(soFar)"
        case .tooComplex:
            search = nil
            notice = "\(typed): \(RegexPattern.tooComplexMessage)"
        case .found(let range, let wrapped):
            search = nil
            let indexes = view.outline.childIndexes(containing: range.lowerBound)
            if indexes == view.focusedIndexes {
                // The focused node (another match in it): go on past it, unless that is where the
                // search came back to.
                if range == skipped { return notice = "\(typed): the only match is here" }
                skipped = skipped ?? range
                lastMatch = (range, indexes)
                return goOn(running, from: resumeOffset(after: range, forward: running.forward))
            }
            skipped = nil
            lastMatch = (range, indexes)
            guard !tableHides(indexes), view.reveal(childIndexes: indexes) else {
                // In a child the filter leaves out: go on past it, until the search comes back
                // to a match it passed over already.
                guard hiddenMatches.insert(range.lowerBound).inserted else {
                    return notice = "no match for \(typed) in what the filter shows"
                }
                return goOn(running, from: running.forward ? max(range.upperBound, range.lowerBound + 1) : range.lowerBound)
            }
            // A match in a long string cut short: the string unfolds, as containers do.
            if let focus = view.focus, !view.outline.canOpen(focus) { view.openFocused() }
            notice = wrapped ? (running.forward ? "search wrapped to the top" : "search wrapped to the bottom") : nil
        }
    }

    /// Runs the search to its end, or until it waits for the scan.
    mutating func finishSearch() {
        while let running = search, !running.isWaiting { continueSearch() }
    }

    // MARK: - Filter

    /// `&PATTERN`: starts keeping only the siblings of the focused node that have a match — the
    /// children of its parent (on the root, the root's children); `&` alone shows all again.
    mutating func startFilter(_ text: String) -> String? {
        // In a table, the rows (their records) with a match.
        if table != nil { return filterRows(text) }
        // A filter being applied stops: this one replaces it, or `&` alone shows all.
        stop([.filter])
        filteringContainer = []
        filterNotice = nil
        guard !text.isEmpty else {
            guard appliedFilter != nil else { return nil }
            clearFilter()
            return "filter off"
        }
        // The focused node's parent: its steps' last table is the parent's children.
        let steps = view.focus.map { view.outline.row($0).steps } ?? []
        let container = steps.dropLast().map(\.index)
        if steps.count > 1, let parent = steps.last?.table, !parent.isComplete {
            // (Its children are not all known: a filter of those read would say less than it is.)
            let tree = view.outline.tree
            let state = tree.isScanning ? "is still being read (\(tree.readNote)): filter its children once it is read" : "was not read to its end: the input stopped inside it"
            return "&: \(view.outline.path(of: Array(steps.dropLast()))) \(state)"
        }
        do {
            let running = TreeFilter(
                tree: view.outline.tree, pattern: try RegexPattern(text), container: steps.count > 1 ? steps.last?.table : nil)
            filtering = running
            filteringContainer = steps.count > 1 ? container : []
            filterNotice = filterProgress(running)
        } catch {
            return "bad pattern: \(error)"
        }
        return nil
    }

    /// Runs the filter's next window; once it looked at every child found so far, shows those it
    /// kept, and a child the scan finds later shows when it matches. Until the scan ends, what it
    /// says is "so far" (`filterNote`).
    mutating func continueFilter() {
        guard var running = filtering else { return }
        running.step()
        let typed = "&\(CellText.inert(running.pattern.source))"
        if running.isTooComplex {
            filtering = nil
            filterNotice = "\(typed): \(RegexPattern.tooComplexMessage)"
            return
        }
        guard running.isCaughtUp else {
            filtering = running
            filterNotice = filterProgress(running)
            return
        }
        filtering = nil
        apply(.pattern(running.pattern), keeping: running.kept)
        filterNotice = running.isDone && running.kept.isEmpty ? "no match for \(typed)" : nil
    }

    /// Shows the children `filter` kept of the container filtered (`filteringContainer`); one the
    /// scan finds later (the root's) shows when it matches.
    mutating func apply(_ filter: ChildFilter, keeping kept: [Int]) {
        // One filter at a time: one on another container goes first.
        if appliedFilter != nil, appliedContainer != filteringContainer { clearFilter() }
        let tree = view.outline.tree
        let matches = filteringContainer.isEmpty ? { (index: Int) in
            tree.root.map { filter.matches(child: index, of: $0, in: tree) } ?? false
        } : nil
        // The container closed while the filter ran (a key may close it): nothing to show it in.
        guard view.filter(childrenOf: filteringContainer, keeping: kept, matches: matches) else {
            filterNotice = "\(filter.typed): its container closed before it was done (again filters it)"
            return
        }
        appliedFilter = filter
        appliedContainer = filteringContainer
    }

    /// Shows every child of the container filtered again — at once if it is open, else when it
    /// opens next (a container closed, or gone with `zM`, keeps nothing filtered).
    mutating func clearFilter() {
        if !view.filter(childrenOf: appliedContainer, keeping: nil, matches: nil) {
            view.forgetFilter(ofNodeAt: appliedContainer)
        }
        appliedFilter = nil
        appliedContainer = []
    }

    /// What a filter being applied says: how far it got, and how to stop it.
    private func filterProgress(_ running: TreeFilter) -> String {
        "filtering &\(CellText.inert(running.pattern.source))… \(Int(running.progress * 100))% \(JobPolicy.hint(for: .filter))"
    }

    /// A filter whose pattern turned out too complex for a child taken in since goes: it has no
    /// answer for that child.
    mutating func dropFilterTooComplex() {
        guard case .pattern(let pattern)? = appliedFilter, pattern.exceededLimits else { return }
        clearFilter()
        filterNotice = "filter off: &\(CellText.inert(pattern.source)): \(RegexPattern.tooComplexMessage)"
    }

    /// The filter applied, for the status line: `filter: PATTERN`, how many children show —
    /// of those read so far, while the file is read — and the container, when not the root
    /// (`in .features`).
    var filterNote: String? {
        guard let appliedFilter else { return nil }
        let outline = view.outline
        let pattern = CellText.inert(appliedFilter.shown)
        guard !appliedContainer.isEmpty else {
            guard let shown = outline.shownChildCount else { return nil }
            let total = outline.tree.root?.count ?? 0
            return StatusLine.filterNote(pattern: pattern, shown: shown, of: total, soFar: outline.tree.isScanning)
        }
        guard let shown = outline.shownChildCount(ofNodeAt: appliedContainer),
            let row = outline.row(ofChildIndexes: appliedContainer), let step = outline.row(row).steps.last,
            let total = step.table.childCount(of: step.index), let path = outline.path(ofChildIndexes: appliedContainer)
        else { return nil }
        return StatusLine.filterNote(pattern: pattern, shown: shown, of: total, soFar: false, in: path.description)
    }
}
