import StackEngine

// MARK: - Folding: the outline's one writer

extension LazyTree {
    /// Opens the container at `row` (its only row when closed).
    /// - Returns: false, changing nothing, when it is open already or cannot open.
    @discardableResult
    public mutating func open(_ row: Int) -> Bool {
        fold(row, if: { $0.canOpen($1) && !$0.isOpen($1) }) { $0.open($1) != nil }
    }

    /// Closes the open container at `row` (its opening or closing row).
    /// - Returns: false, changing nothing, when it is not open.
    @discardableResult
    public mutating func close(_ row: Int) -> Bool {
        fold(row, if: { $0.isOpen($1) }) { $0.close($1) != nil }
    }

    /// Opens or closes the container at `row`.
    /// - Returns: false, changing nothing, when it is no container with children.
    @discardableResult
    public mutating func toggle(_ row: Int) -> Bool {
        fold(row, if: { $0.canOpen($1) }) { $0.toggle($1) != nil }
    }

    /// Forgets what is open inside the container at `row` and whether it is open itself
    /// (`TreeOutline.forget(_:)`): its nodes' memory goes, and it shows as it did at first.
    /// - Returns: false, changing nothing, when it kept nothing or holds a filter.
    @discardableResult
    public mutating func forget(_ row: Int) -> Bool {
        fold(row, if: { $0.isOpen($1) }) { $0.forget($1) != nil }
    }

    /// Closes every container but the root (vim's `zM`) and focuses the root.
    public mutating func closeAll() {
        makeOutlineUnique()
        list.replaceRows(in: 0..<list.stack.rowCount, selecting: 0) { $0.outline.closeAll() }
        list.selectFirst()
    }

    /// Shows only the children in `kept` (child indexes, in order; all with nil) of the open
    /// container at `container` (child indexes from the root; empty: the root, whose children
    /// the model finds later show once the filter keeps them too: ``keep(rootChildren:childCounts:)``).
    /// The focused node keeps the focus if it still shows, else the container's first child
    /// shown (the root's), or the container. `childCounts` (one for each child kept, −1 for none
    /// known) are the kept children's child counts when the caller counted them ahead — a filter
    /// of a million children then shows without asking the model for a million counts.
    /// - Returns: false, changing nothing, when the container is not open.
    @discardableResult
    public mutating func filter(childrenOf container: [Int], keeping kept: [Int]?, childCounts: [Int32]? = nil) -> Bool {
        makeOutlineUnique()
        let focused = focusedIndexes
        if container.isEmpty {
            list.replaceRows(in: 0..<list.stack.rowCount, selecting: 0) {
                $0.outline.filter(keeping: kept, childCounts: childCounts)
            }
        } else {
            guard let row = outline.row(ofChildIndexes: container), outline.isOpen(row) else { return false }
            list.replaceRows(in: outline.span(ofNodeAt: row), selecting: row) {
                $0.outline.filter(childrenOfNodeAt: row, keeping: kept, childCounts: childCounts)
            }
        }
        if let focused, let shown = outline.row(ofChildIndexes: focused) {
            list.select(row: shown, alignment: container.isEmpty ? .top : nil)
        } else if container.isEmpty {
            list.selectFirst()
            if list.stack.rowCount > 1 { list.select(row: 1, alignment: .top) }
        } else if let row = outline.row(ofChildIndexes: container) {
            list.select(row: row)
        }
        return true
    }

    /// Shows the root's children `indexes` too, which the filter on the root kept of those the
    /// model found since it was applied (in order, after the last kept, taken in and read whole;
    /// `childCounts` theirs, −1 for none known): rows added after the last shown, nothing on
    /// screen moves.
    /// - Returns: false, changing nothing, when no filter is on the root.
    @discardableResult
    public mutating func keep(rootChildren indexes: [Int], childCounts: [Int32]) -> Bool {
        guard outline.shownChildCount != nil else { return false }
        guard !indexes.isEmpty else { return true }
        makeOutlineUnique()
        let at = outline.endOfRootChildren
        list.replaceRows(in: at..<at, selecting: nil) { $0.outline.keep(rootChildren: indexes, childCounts: childCounts) }
        return true
    }

    /// Drops the filter of the container at `container` that is not open (closed, or gone): it
    /// shows every child when it opens again. Its rows do not change now.
    public mutating func forgetFilter(ofNodeAt container: [Int]) {
        makeOutlineUnique()
        outline.forgetFilter(ofNodeAt: container)
    }

    /// Takes in the root's children the model found since (`TreeModel.takeNewRootChildren()`):
    /// rows added at the end, nothing on screen moves (the last row is built again when it is a
    /// closed container still read: its size changed).
    /// - Returns: whether rows were added.
    @discardableResult
    public mutating func takeNewRootChildren() -> Bool {
        makeOutlineUnique()
        let end = list.stack.rowCount
        let start = outline.lastRowGrows ? end - 1 : end
        var added = 0
        list.replaceRows(in: start..<end, selecting: focus == start ? start : nil) { added = $0.outline.takeScanned() }
        return added > 0
    }

    /// Changes the folds of the node at `row` with `change` (given the outline and the node's
    /// opening row; true when it changed anything), inside the list's `replaceRows`: what is on
    /// screen stays, and the node keeps the focus when it, or a row inside it, had it. Nothing
    /// happens — no rows replaced, the focus where it was — unless `applies` says the change
    /// would do something.
    @discardableResult
    mutating func fold(
        _ row: Int, if applies: (TreeOutline<Source.Model>, Int) -> Bool = { _, _ in true },
        _ change: (TreeOutline<Source.Model>, Int) -> Bool
    ) -> Bool {
        guard row >= 0, row < list.stack.rowCount, applies(outline, row) else { return false }
        makeOutlineUnique()
        let span = outline.span(ofNodeAt: row)
        let focusInside = focus.map(span.contains) ?? false
        var changed = false
        list.replaceRows(in: span, selecting: focusInside ? span.lowerBound : nil) { rows in
            changed = change(rows.outline, span.lowerBound)
        }
        if focusInside { list.select(row: span.lowerBound) }
        return changed
    }
}
