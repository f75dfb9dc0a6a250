import DocumentData
import TerminalUI

/// `/` `?` `n` `N` in a tree or a table: the file's bytes searched from the focused node a
/// window a step, the node of the match focused. While the file is read, a search that looked
/// at all that was read waits for more, saying so: it never says "no match" for what it has not
/// seen.
struct NodeSearchJob<Content: NodeFocusing>: ContentJob {
    var kind: ViewerJob { .search }
    private var search: TreeSearch
    /// The first match passed over because it is in the focused node.
    private var skipped: Range<Int>?
    /// Where each match passed over in the focused node starts: one met again means the search
    /// went round the file (a resume past the node's text can jump over the first one).
    private var passedInFocus: Set<Int> = []
    /// Matches passed over because the filter leaves their node out.
    private var hiddenMatches: Set<Int> = []

    /// A search for `pattern` from the focused node: after the last match when the focus is still
    /// on its node (past it by a byte when it was empty: an empty match advances), else from the
    /// node's start (forward, past its first byte: the node itself is not the next).
    init(_ pattern: RegexPattern, forward: Bool, in content: Content) {
        let indexes = content.searchFocus ?? []
        let origin: Int
        if let lastMatch = content.json.lastMatch, lastMatch.indexes == indexes {
            let range = lastMatch.range
            origin = forward ? max(range.upperBound, range.lowerBound + 1) : range.lowerBound
        } else {
            origin = content.outline.startOffset(ofChildIndexes: indexes) + (forward ? 1 : 0)
        }
        search = TreeSearch(tree: content.json.tree, pattern: pattern, forward: forward, from: origin)
    }

    private var typed: String { "\(search.forward ? "/" : "?")\(CellText.inert(search.pattern.source))" }

    func progress(in content: Content) -> String? {
        if search.isWaiting { return "searching \(typed)… \(content.json.tree.readNote) \(JobPolicy.hint(for: .search))" }
        return "searching \(typed)… \(Int(search.progress * 100))% \(JobPolicy.hint(for: .search))"
    }

    /// The next window; on a match, its node focused.
    mutating func step(in content: inout Content) -> JobStep {
        switch search.step() {
        case .searching:
            return .working
        case .waiting:
            return .caughtUp
        case .notFound:
            // Around the whole file and back: the match passed over in the focused node is the only one.
            let soFar = content.json.tree.isScanning ? " in what arrived so far (more may come)" : ""
            return .ended(said: skipped != nil ? "\(typed): the only match is here\(soFar)" : "no match for \(typed)\(soFar)")
        case .tooComplex:
            return .ended(said: "\(typed): \(RegexPattern.tooComplexMessage)")
        case .found(let range, let wrapped):
            let indexes = content.outline.childIndexes(containing: range.lowerBound)
            if indexes == content.searchFocus {
                // The focused node (another match in it): go on past it, unless that is where the
                // search came back to.
                guard passedInFocus.insert(range.lowerBound).inserted else {
                    return .ended(said: "\(typed): the only match is here")
                }
                skipped = skipped ?? range
                content.json.lastMatch = (range, indexes)
                goOn(from: resumeOffset(after: range, in: content), in: content)
                return .working
            }
            skipped = nil
            content.json.lastMatch = (range, indexes)
            switch content.focus(nodeAt: indexes, opensString: true) {
            case .focused(let said):
                let wrap = wrapped ? (search.forward ? "search wrapped to the top" : "search wrapped to the bottom") : nil
                return .ended(said: said ?? wrap)
            case .leftOut:
                // In a child the filter leaves out: go on past it, until the search comes back
                // to a match it passed over already.
                guard hiddenMatches.insert(range.lowerBound).inserted else {
                    return .ended(said: "no match for \(typed) in what the filter shows")
                }
                goOn(from: search.forward ? max(range.upperBound, range.lowerBound + 1) : range.lowerBound, in: content)
                return .working
            }
        }
    }

    /// The search goes on from `offset`, past a match it does not stop at.
    private mutating func goOn(from offset: Int, in content: Content) {
        search = TreeSearch(tree: content.json.tree, pattern: search.pattern, forward: search.forward, from: offset)
    }

    /// Where a search passing over a match in the focused node goes on from: past the key or the
    /// scalar the match is in (a pattern matching the empty string matches at each of its bytes),
    /// else past the match.
    private func resumeOffset(after range: Range<Int>, in content: Content) -> Int {
        let forward = search.forward
        let next = forward ? max(range.upperBound, range.lowerBound + 1) : range.lowerBound
        guard let last = content.searchFocus.flatMap(content.json.tree.steps(toChildIndexes:))?.last else { return next }
        let tree = content.json.tree
        var regions = [tree.valueRange(ofChild: last.index, in: last.table)]
        if let key = last.table.keyRegion(of: last.index) { regions.append(key) }
        for region in regions where region.contains(range.lowerBound) {
            // A container's own bytes (its brackets, blanks between children) are few: past the match.
            if region == regions[0], last.table.childCount(of: last.index) != nil { return next }
            return forward ? max(next, region.upperBound) : min(next, region.lowerBound)
        }
        return next
    }
}

extension NodeFocusing {
    /// `/` `?`: starts a search for `text` from the focused node; empty, the last pattern again
    /// in the direction typed (as vim and a stack document).
    /// - Returns: what to say when the pattern is wrong.
    mutating func startSearch(_ text: String, forward: Bool) -> String? {
        guard !text.isEmpty else {
            guard let last = json.lastSearch else { return "no previous search" }
            return repeatSearch(reversed: last.forward != forward)
        }
        let pattern: RegexPattern
        do {
            pattern = try RegexPattern(text)
        } catch {
            return "bad pattern: \(error)"
        }
        json.lastSearch = (pattern, forward)
        json.lastMatch = nil
        start(NodeSearchJob(pattern, forward: forward, in: self))
        return nil
    }

    /// `*` (`#`): searches forward (backward) for the focused node's key as the file writes a
    /// key — the name in quotes, then a colon — as jless's `*` does.
    mutating func searchFocusedKey(forward: Bool) -> String? {
        guard let path = focusedSteps.map({ outline.path(of: $0) }), case .key(let key)? = path.components.last else {
            return "\(forward ? "*" : "#"): the focused node has no key (an array's element, the root)"
        }
        return startSearch(Self.keyPattern(key), forward: forward)
    }

    /// A pattern for `key` written as a key: `"key"`, blanks, `:` (regular expression characters
    /// escaped, a quote or a backslash in it as JSON writes them).
    static func keyPattern(_ key: String) -> String {
        let literal = JSONString.literal(key)
        let special = Set("\\^$.|?*+()[]{}")
        return literal.map { special.contains($0) ? "\\\($0)" : String($0) }.joined() + "\\s*:"
    }

    /// `n` (`N`): the next match of the last search in its direction (the other).
    mutating func repeatSearch(reversed: Bool) -> String? {
        guard let last = json.lastSearch else { return "no previous search" }
        start(NodeSearchJob(last.pattern, forward: last.forward != reversed, in: self))
        return nil
    }
}
