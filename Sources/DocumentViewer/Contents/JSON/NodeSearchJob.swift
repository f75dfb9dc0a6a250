import DocumentData
import TerminalUI

/// `/` `?` `n` `N` in a tree or a table: the rows' text as the tree draws it (`TreeSearch`)
/// searched from the focused node a window of the file a step, the node of the next matching
/// row focused. While the file is read, a search that looked at all that was read waits for
/// more, saying so: it never says "no match" for what it has not seen.
struct NodeSearchJob<Content: NodeFocusing>: ContentJob {
    var kind: ViewerJob { .search }
    private var search: TreeSearch
    /// Rows passed over because the filter leaves their node out.
    private var hiddenMatches: Set<Int> = []

    /// A search for `pattern` from the focused node: forward, from the end of its row's text;
    /// backward, from its start (the focused row itself is the next only when it is the only one).
    init(_ pattern: RegexPattern, forward: Bool, in content: Content) {
        let span = content.json.tree.rowSpan(ofChildIndexes: content.searchFocus ?? []) ?? 0..<0
        search = TreeSearch(
            tree: content.json.tree, pattern: pattern, forward: forward, from: forward ? span.upperBound : span.lowerBound)
    }

    private var typed: String { "\(search.forward ? "/" : "?")\(CellText.inert(search.pattern.source))" }

    func progress(in content: Content) -> String? {
        if search.isWaiting { return "searching \(typed)… \(content.json.tree.readNote) \(JobPolicy.hint(for: .search))" }
        return "searching \(typed)… \(Int(search.progress * 100))% \(JobPolicy.hint(for: .search))"
    }

    /// The next window; on a matching row, its node focused.
    mutating func step(in content: inout Content) -> JobStep {
        switch search.step() {
        case .searching:
            return .working
        case .waiting:
            return .caughtUp
        case .notFound:
            let soFar = content.json.tree.isScanning ? " in what arrived so far (more may come)" : ""
            return .ended(said: "no match for \(typed)\(soFar)")
        case .tooComplex:
            return .ended(said: "\(typed): \(RegexPattern.tooComplexMessage)")
        case .found(let span, let wrapped):
            let indexes = content.outline.childIndexes(containing: span.lowerBound)
            if indexes == content.searchFocus {
                // Around the whole file and back to the focused row.
                let soFar = content.json.tree.isScanning ? " in what arrived so far (more may come)" : ""
                return .ended(said: "\(typed): the only match is here\(soFar)")
            }
            content.json.lastMatch = indexes
            switch content.focus(nodeAt: indexes, opensString: true) {
            case .focused(let said):
                let wrap = wrapped ? (search.forward ? "search wrapped to the top" : "search wrapped to the bottom") : nil
                return .ended(said: said ?? wrap)
            case .leftOut:
                // In a child the filter leaves out: go on past it, until the search comes back
                // to a row it passed over already.
                guard hiddenMatches.insert(span.lowerBound).inserted else {
                    return .ended(said: "no match for \(typed) in what the filter shows")
                }
                search = TreeSearch(
                    tree: content.json.tree, pattern: search.pattern, forward: search.forward,
                    from: search.forward ? span.upperBound : span.lowerBound)
                return .working
            }
        }
    }
}

extension NodeFocusing {
    /// `/` `?`: starts a search for `text` from the focused node; empty, the last pattern again
    /// in the direction typed (as vim and a stack document).
    /// - Returns: what to say when the pattern is wrong.
    mutating func startSearch(_ text: String, forward: Bool) -> String? {
        startSearch(text, forward: forward, exactCase: false)
    }

    /// ``startSearch(_:forward:)``; `exactCase` turns smart case off (a pattern made by a key,
    /// not typed).
    mutating func startSearch(_ text: String, forward: Bool, exactCase: Bool) -> String? {
        if let note = nodesHiddenNote { return note }
        guard !text.isEmpty else {
            guard let last = json.lastSearch else { return "no previous search" }
            return repeatSearch(reversed: last.forward != forward)
        }
        let pattern: RegexPattern
        do {
            pattern = try RegexPattern(text, exactCase: exactCase)
        } catch {
            return "bad pattern: \(error)"
        }
        json.lastSearch = (pattern, forward)
        json.lastMatch = nil
        start(NodeSearchJob(pattern, forward: forward, in: self))
        return nil
    }

    /// `*` (`#`): searches forward (backward) for the focused node's key as a row shows a key —
    /// at the row's start, then `": "` — in its exact case, as jless's `*` does.
    mutating func searchFocusedKey(forward: Bool) -> String? {
        guard let path = focusedSteps.map({ outline.path(of: $0) }), case .key(let key)? = path.components.last else {
            return "\(forward ? "*" : "#"): the focused node has no key (an array's element, the root)"
        }
        return startSearch(Self.keyPattern(key), forward: forward, exactCase: true)
    }

    /// A pattern for `key` as a row shows it: at the row's start, then `": "` (regular
    /// expression characters escaped).
    static func keyPattern(_ key: String) -> String {
        let special = Set("\\^$.|?*+()[]{}")
        return "^" + RowText.key(key).map { special.contains($0) ? "\\\($0)" : String($0) }.joined() + ": "
    }

    /// `n` (`N`): the next match of the last search in its direction (the other).
    mutating func repeatSearch(reversed: Bool) -> String? {
        guard let last = json.lastSearch else { return "no previous search" }
        start(NodeSearchJob(last.pattern, forward: last.forward != reversed, in: self))
        return nil
    }
}
