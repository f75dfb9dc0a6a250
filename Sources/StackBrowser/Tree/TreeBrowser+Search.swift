import StackDocument
import TerminalUI

extension TreeBrowser {
    // MARK: - Search

    /// Starts a search for `text` from the focused node.
    /// - Returns: what to say when the pattern is wrong.
    mutating func startSearch(_ text: String, forward: Bool) -> String? {
        guard !text.isEmpty else { return repeatSearch(reversed: !forward) }
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
        guard let last = lastSearch else { return "no previous search" }
        skipped = nil
        hiddenMatches = []
        begin(last.pattern, forward: last.forward != reversed)
        if !searchesInSteps { finishSearch() }
        return nil
    }

    /// A search from the focused node: after the last match when the focus is still on its node,
    /// else from the node's start (forward, past its first byte: the node itself is not the next).
    mutating func begin(_ pattern: RegexPattern, forward: Bool) {
        let outline = view.outline
        let indexes = view.focusedIndexes ?? []
        let origin: Int
        if let lastMatch, lastMatch.indexes == indexes {
            origin = forward ? lastMatch.range.upperBound : lastMatch.range.lowerBound
        } else {
            origin = outline.startOffset(ofChildIndexes: indexes) + (forward ? 1 : 0)
        }
        search = TreeSearch(tree: outline.tree, pattern: pattern, forward: forward, from: origin)
    }

    /// Runs the search's next window; on a match, reveals its node.
    mutating func continueSearch() {
        guard var running = search else { return }
        let outcome = running.step()
        search = running
        switch outcome {
        case .searching:
            feedback = "searching \(running.forward ? "/" : "?")\(running.pattern.source)… \(Int(running.progress * 100))%"
        case .notFound:
            search = nil
            feedback = "no match for \(CellText.inert(running.pattern.source))"
        case .found(let range, let wrapped):
            search = nil
            let indexes = view.outline.childIndexes(containing: range.lowerBound)
            if indexes == view.focusedIndexes {
                // The focused node (another match in it): go on past it, unless that is where the
                // search came back to.
                if range == skipped { return feedback = "the only match is here" }
                skipped = skipped ?? range
                lastMatch = (range, indexes)
                begin(running.pattern, forward: running.forward)
                return
            }
            skipped = nil
            lastMatch = (range, indexes)
            guard view.reveal(childIndexes: indexes) else {
                // In a child the filter leaves out: go on past it, until the search comes back
                // to a match it passed over already.
                guard hiddenMatches.insert(range.lowerBound).inserted else {
                    return feedback = "no match for \(CellText.inert(running.pattern.source)) in what the filter shows"
                }
                search = TreeSearch(
                    tree: view.outline.tree, pattern: running.pattern, forward: running.forward,
                    from: running.forward ? range.upperBound : range.lowerBound)
                return
            }
            // A match in a long string cut short: the string unfolds, as containers do.
            if let focus = view.focus, !view.outline.canOpen(focus) { view.openFocused() }
            feedback = wrapped ? (running.forward ? "search wrapped to the top" : "search wrapped to the bottom") : nil
        }
    }

    /// Runs the search to its end.
    mutating func finishSearch() {
        while search != nil { continueSearch() }
    }

    // MARK: - Filter

    /// `&PATTERN`: starts keeping only the root's children with a match; `&` alone shows all.
    mutating func startFilter(_ text: String) -> String? {
        guard !text.isEmpty else {
            guard appliedFilter != nil else { return nil }
            appliedFilter = nil
            view.filter(keeping: nil, matches: nil)
            return "filter off"
        }
        do {
            filtering = TreeFilter(tree: view.outline.tree, pattern: try RegexPattern(text))
        } catch {
            return "bad pattern: \(error)"
        }
        return nil
    }

    /// Runs the filter's next window; once it looked at every child, shows those it kept.
    mutating func continueFilter() {
        guard var running = filtering else { return }
        running.step()
        guard running.isDone else {
            filtering = running
            feedback = "filtering &\(CellText.inert(running.pattern.source))… \(Int(running.progress * 100))%"
            return
        }
        filtering = nil
        appliedFilter = running.pattern
        let tree = view.outline.tree
        let pattern = running.pattern
        view.filter(keeping: running.kept) { index in
            tree.root.map { TreeFilter.matches(pattern, child: index, of: $0, in: tree) } ?? false
        }
        feedback = running.kept.isEmpty ? "no match for &\(CellText.inert(pattern.source))" : nil
    }

    /// The filter applied, for the status line: `filter: PATTERN` and how many children show.
    var filterNote: String? {
        guard let appliedFilter, let shown = view.outline.shownChildCount else { return nil }
        let total = view.outline.tree.root?.count ?? 0
        return "filter: \(CellText.inert(appliedFilter.source)) (\(StatusLine.grouped(shown)) of \(StatusLine.grouped(total)))"
    }
}
