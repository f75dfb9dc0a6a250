import Algorithms

/// Which nodes of a ``TreeModel`` are open, and the rows that makes: one row a node, an open
/// container's children between its opening row and its closing row.
///
/// It opens with the root and the root's children open and everything deeper closed. Only what
/// differs from that is kept: an open container deeper down is a node with its children's row
/// counts (`RowCounts`); a child of the root open by default keeps nothing (its rows are its
/// child count and two, from the root's table). So a row is found in O(depth × log n) and a node
/// folds or unfolds in O(depth × log n) whatever it holds.
///
/// Its fold state has one writer, the tree widget (`LazyTree`): the fold methods are `package`,
/// and the widget calls them inside its list's `replaceRows`, so the list's index never falls
/// out of step with the folds. A program reads the outline (rows, counts, child indexes) and
/// folds through the widget.
public final class TreeOutline<Model: TreeModel> {
    /// The tree.
    public let model: Model

    /// A row: which node, and which of its rows.
    public struct Row {
        /// Which of its node's rows a row is.
        public enum Role: Equatable, Sendable {
            /// An open container's first row (`key: {`).
            case opening
            /// An open container's last row (`}`).
            case closing
            /// A scalar, or a closed or empty container: the node's only row.
            case leaf
        }

        /// Which of the node's rows it is.
        public var role: Role
        /// The steps from the root to the node: each a container's children and the child's index
        /// there. Empty for the root.
        public var steps: [(table: Model.Children, index: Int)]
        /// The open containers holding the row, outermost first: their opening rows and closing rows.
        public var enclosing: [(opening: Int, closing: Int)]

        /// The node's depth: 0 for the root.
        public var depth: Int { steps.count }

    }

    /// An open container other than those open by default without state.
    final class OpenNode {
        var table: Model.Children
        let depth: Int
        /// Whether its children that are containers are open unless closed (the root's, at first).
        let childrenOpen: Bool
        var rowsOfChild: RowCounts
        /// Children with a node of their own: open ones, and closed ones that keep what was open
        /// inside them for when they open again.
        var nodes: [Int: OpenNode] = [:]
        /// Children open by default that were closed (and have no node).
        var closed: Set<Int> = []
        /// Whether it is open (a node closed again keeps its children's state).
        var isOpen = true

        /// The children shown when a filter keeps some (any open container's), in order; nil: all.
        /// The row counts are of these, by position.
        var kept: [Int]?

        /// A node of `table`'s children, with what is open inside them; `groupSize` children
        /// are summed together unless the table's blocks say. With `kept`, `keptChildCounts`
        /// (one for each, −1 for none known) are the kept children's child counts when the caller
        /// counted them ahead, so that no child's count is asked of the table here.
        init(
            table: Model.Children, depth: Int, childrenOpen: Bool, groupSize: Int, kept: [Int]? = nil,
            keptChildCounts: [Int32]? = nil, nodes: [Int: OpenNode] = [:], closed: Set<Int> = []
        ) {
            self.table = table
            self.depth = depth
            self.childrenOpen = childrenOpen
            self.kept = kept
            self.nodes = nodes
            self.closed = closed
            rowsOfChild = RowCounts(count: 0, groupSize: 1) { _ in 0 }
            let groupSize = table.summedGroups?.groupSize ?? groupSize
            let count = kept?.count ?? table.count
            if let kept, let counts = keptChildCounts {
                precondition(counts.count == kept.count, "a child count for each child kept")
                countKept(kept, counts, groupSize: groupSize)
                return
            }
            // The groups the model summed: their children with a node or closed are added below.
            var summedGroups = Set<Int>()
            rowsOfChild = RowCounts(count: count, groupSize: groupSize) { group in
                let first = group * groupSize
                if kept == nil, let summed = table.summedGroups, first < summed.count,
                    let rows = table.rows(ofGroup: group, childrenOpen: childrenOpen) {
                    // A group summed without reading it, as if nothing in it had a node or were
                    // closed (what differs is added below).
                    summedGroups.insert(group)
                    return rows
                }
                return (first..<min(count, first + groupSize)).reduce(0) { $0 + rows(at: $1) }
            }
            guard !summedGroups.isEmpty else { return }
            func plainRows(_ index: Int) -> Int { defaultRows(of: index, closing: false) }
            for (index, node) in nodes where summedGroups.contains(index / groupSize) {
                rowsOfChild.add(node.rows - plainRows(index), at: index)
            }
            for index in closed where nodes[index] == nil && summedGroups.contains(index / groupSize) {
                rowsOfChild.add(defaultRows(of: index) - plainRows(index), at: index)
            }
        }

        /// Sums the rows of the children `kept` from their child counts `counts` — as if none had a
        /// node or were closed — then adds what those with a node or closed differ by.
        private func countKept(_ kept: [Int], _ counts: [Int32], groupSize: Int) {
            // (Only the last child can still be read; the table is asked once, not per child.)
            let lastIsGrowing = kept.last.map { table.isGrowing($0) } ?? false
            let open = childrenOpen
            func plainRows(_ position: Int) -> Int {
                let count = Int(counts[position])
                guard open, count > 0 else { return 1 }
                return count + (lastIsGrowing && position == counts.count - 1 ? 1 : 2)
            }
            rowsOfChild = RowCounts(count: kept.count, groupSize: groupSize) { group in
                let first = group * groupSize
                return (first..<min(kept.count, first + groupSize)).reduce(0) { $0 + plainRows($1) }
            }
            for (index, node) in nodes {
                guard let position = position(of: index) else { continue }
                rowsOfChild.add(node.rows - plainRows(position), at: position)
            }
            for index in closed where nodes[index] == nil {
                guard let position = position(of: index) else { continue }
                rowsOfChild.add(1 - plainRows(position), at: position)
            }
        }

        /// A node of its own with the same state, and the same of every node inside it.
        func copy() -> OpenNode {
            let node = OpenNode(copying: self)
            node.nodes = nodes.mapValues { $0.copy() }
            return node
        }

        private init(copying node: OpenNode) {
            table = node.table
            depth = node.depth
            childrenOpen = node.childrenOpen
            rowsOfChild = node.rowsOfChild
            closed = node.closed
            isOpen = node.isOpen
            kept = node.kept
        }

        /// Whether it or a node inside it keeps only some of its children (a filter).
        var holdsFilter: Bool {
            kept != nil || nodes.values.contains { $0.holdsFilter }
        }

        /// The position among the children shown of child `index`, nil when it is filtered out.
        func position(of index: Int) -> Int? {
            guard let kept else { return index }
            let position = kept.partitioningIndex { $0 >= index }
            return position < kept.count && kept[position] == index ? position : nil
        }

        /// The child shown at `position`.
        func child(at position: Int) -> Int { kept?[position] ?? position }

        /// Rows when open: the opening and closing rows around the children's, or one row when
        /// there are no children.
        var rows: Int { table.count == 0 || !isOpen ? 1 : rowsOfChild.total + (table.isComplete ? 2 : 1) }

        /// The rows of the child shown at `position`.
        func rows(at position: Int) -> Int {
            let index = child(at: position)
            return nodes[index]?.rows ?? defaultRows(of: index)
        }

        /// The rows of child `index` when it has no node of its own: a container open by default
        /// has its children's (closed, one each) and two; anything else one. With `closing`
        /// false, as if it had not been closed.
        func defaultRows(of index: Int, closing: Bool = true) -> Int {
            guard childrenOpen, !(closing && closed.contains(index)),
                let count = table.childCount(of: index), count > 0 else { return 1 }
            // (A child still read has no closing row yet.)
            return count + (table.isGrowing(index) ? 1 : 2)
        }

        /// Where the rows of the child shown at `position` start, counted from the first child's.
        func rowsBefore(_ position: Int) -> Int {
            rowsOfChild.prefix(position) { rows(at: $0) }
        }

        /// The child shown holding `row` (counted from the first child's first row), and the
        /// row's offset in it.
        func locate(_ row: Int) -> (position: Int, offset: Int) {
            let (position, offset) = rowsOfChild.locate(row) { rows(at: $0) }
            return (position, offset)
        }
    }

    private(set) var root: OpenNode?
    private var rootIsOpen = true
    /// How many of the root's children the outline has taken in: children the model reports
    /// after a gap (another caller took some in between) are counted from the table.
    private var rootChildrenTaken = 0

    /// The outline of `model` as it opens: the root and its children open.
    public init(model: Model) {
        self.model = model
        reset(openDepth: 2)
    }

    /// An outline of the same model with the same folds and filters, changed apart from this
    /// one from now on (a tree widget copied, then folded: copy-on-write).
    /// - Complexity: O(open containers).
    package func copy() -> TreeOutline {
        let copy = TreeOutline(model: model)
        copy.root = root?.copy()
        copy.rootIsOpen = rootIsOpen
        copy.rootChildrenTaken = rootChildrenTaken
        return copy
    }

    /// The number of rows.
    public var rowCount: Int {
        guard let root else { return 1 }
        return rootIsOpen ? root.rows : 1
    }

    /// Takes the root's children the model found since the last call (and its closing row once
    /// it has them all: ``TreeModel/takeNewRootChildren()``).
    /// - Returns: how many rows were added, at the end.
    /// - Complexity: O((children counted one by one + groups summed) × log n).
    @discardableResult
    package func takeScanned() -> Int {
        defer { checkInvariants() }
        let before = rowCount
        // The root's last child when it is still read: its rows now, counted again after.
        let growing = root.flatMap { root in
            root.table.isGrowing(root.table.count - 1) ? (index: root.table.count - 1, rows: rowsOfRootChild(root.table.count - 1)) : nil
        }
        // Let go of the tables while the model appends to them (else every take-in copies them).
        if let root {
            root.table = Model.Children()
            if let growing { root.nodes[growing.index]?.table = Model.Children() }
        }
        let new = model.takeNewRootChildren()
        guard let root, let grown = model.root else { return 0 }
        root.table = grown
        if let growing { regrow(growing.index, rowsBefore: growing.rows) }
        if new.added.lowerBound > rootChildrenTaken {
            // Children taken by another caller since: counted from the table.
            let missed = rootChildrenTaken..<new.added.lowerBound
            appendRows(ofRootChildren: missed, summedGroups: NewRootChildren.groups(whollyIn: missed, of: grown.summedGroups)) {
                Int32(grown.childCount(of: $0) ?? -1)
            }
        }
        rootChildrenTaken = max(rootChildrenTaken, new.added.upperBound)
        var counts = new.childCounts.makeIterator()
        appendRows(ofRootChildren: new.added, summedGroups: new.summedGroups) { _ in counts.next() ?? -1 }
        return rowCount - before
    }

    /// The rows of the root's child `index` (0 when a filter leaves it out).
    private func rowsOfRootChild(_ index: Int) -> Int {
        guard let root, let position = root.position(of: index) else { return 0 }
        return root.rows(at: position)
    }

    /// Counts again the rows of the root's child `index`, a container that was still read when
    /// it had `rowsBefore` rows: its node, when it has one, takes its table now and the rows of
    /// the children it has more (closed, one each). (With a filter on the root, it is hidden
    /// until the filter keeps it: ``keep(rootChildren:childCounts:)``.)
    private func regrow(_ index: Int, rowsBefore: Int) {
        guard let root else { return }
        if let node = root.nodes[index] {
            node.table = model.children(ofChild: index, in: root.table)
            // (A filter on it keeps the children it found: it is the filter's to go on.)
            if node.kept == nil { appendRows(ofNewChildrenOf: node) }
        }
        guard let position = root.position(of: index) else { return }
        root.rowsOfChild.add(root.rows(at: position) - rowsBefore, at: position)
    }

    /// Adds the rows of the children of `node` its row counts do not have yet (a container still
    /// read has more): closed, one row each, whole groups summed by the table.
    private func appendRows(ofNewChildrenOf node: OpenNode) {
        let table = node.table
        let groupSize = node.rowsOfChild.groupSize
        while node.rowsOfChild.count < table.count {
            let first = node.rowsOfChild.count
            if first % groupSize == 0, let summed = table.summedGroups, summed.groupSize == groupSize,
                first + groupSize <= summed.count, let rows = table.rows(ofGroup: first / groupSize, childrenOpen: node.childrenOpen) {
                node.rowsOfChild.append(groupOf: rows)
            } else {
                node.rowsOfChild.append(contentsOf: (first..<min(table.count, first + groupSize - first % groupSize)).map { node.rows(at: $0) })
            }
        }
    }

    /// Whether the last row is the only row of a container still read (closed): a take-in
    /// counts its children again, so its row is built again.
    package var lastRowGrows: Bool {
        guard let root, rootIsOpen, let index = root.kept?.last ?? (root.table.count > 0 ? root.table.count - 1 : nil),
            root.table.isGrowing(index) else { return false }
        return rowsOfRootChild(index) == 1
    }

    /// Adds the rows of the root's children `children`, found since: those in `summedGroups`
    /// (of the table's summed groups) a group at a time, by the table's sums, the others one by
    /// one, `count` giving their child counts in order.
    private func appendRows(ofRootChildren children: Range<Int>, summedGroups: Range<Int>, count: (Int) -> Int32) {
        guard let root else { return }
        let table = root.table
        let open = root.childrenOpen
        let groupSize = table.summedGroups?.groupSize ?? 1
        let summed = summedGroups.isEmpty
            ? children.upperBound..<children.upperBound : (summedGroups.lowerBound * groupSize)..<(summedGroups.upperBound * groupSize)
        var rows: [Int] = []
        // A filter on: a child found since shows once the filter keeps it.
        guard root.kept == nil else { return }
        func addOne(_ index: Int, count: Int32) {
            rows.append(open && count > 0 && !root.closed.contains(index) ? Int(count) + (table.isGrowing(index) ? 1 : 2) : 1)
        }
        for index in children.lowerBound..<summed.lowerBound { addOne(index, count: count(index)) }
        let sums = summedGroups.map { table.rows(ofGroup: $0, childrenOpen: open) }
        if root.rowsOfChild.groupSize == groupSize, (root.rowsOfChild.count + rows.count) % groupSize == 0,
            !sums.contains(nil) {
            // Whole groups, as the table summed them (none of them closed or open on its own yet).
            root.rowsOfChild.append(contentsOf: rows)
            rows = []
            for sum in sums { root.rowsOfChild.append(groupOf: sum!) }
        } else {
            for index in summed { addOne(index, count: Int32(table.childCount(of: index) ?? -1)) }
        }
        for index in summed.upperBound..<children.upperBound { addOne(index, count: count(index)) }
        root.rowsOfChild.append(contentsOf: rows)
    }

    // MARK: - Rows

    /// The node at `row` and its role there.
    /// - Complexity: O(depth × log n), plus a scan of a default-open container's bytes when its
    ///   children are not cached.
    public func row(_ row: Int) -> Row {
        guard let root, rootIsOpen, root.rows > 1 else { return Row(role: .leaf, steps: [], enclosing: []) }
        var node = root
        var base = 0
        var steps: [(table: Model.Children, index: Int)] = []
        var enclosing: [(opening: Int, closing: Int)] = []
        while true {
            if row == base { return Row(role: .opening, steps: steps, enclosing: enclosing) }
            // A root still being read has no closing row yet: its end is past the last row.
            let closing = base + node.rows - (node.table.isComplete ? 1 : 0)
            if row == closing { return Row(role: .closing, steps: steps, enclosing: enclosing) }
            enclosing.append((base, closing))
            let (position, offset) = node.locate(row - base - 1)
            let index = node.child(at: position)
            steps.append((node.table, index))
            let childBase = row - offset
            if let child = node.nodes[index] {
                guard child.rows > 1 else { return Row(role: .leaf, steps: steps, enclosing: enclosing) }
                node = child
                base = childBase
                continue
            }
            let rows = node.defaultRows(of: index)
            guard rows > 1 else { return Row(role: .leaf, steps: steps, enclosing: enclosing) }
            // A container open by default: its children are closed, one row each.
            if offset == 0 { return Row(role: .opening, steps: steps, enclosing: enclosing) }
            // (A child still read has no closing row yet: its end is past its last row.)
            let closingRow = node.table.isGrowing(index) ? rows : rows - 1
            if offset == closingRow { return Row(role: .closing, steps: steps, enclosing: enclosing) }
            enclosing.append((childBase, childBase + closingRow))
            steps.append((model.children(ofChild: index, in: node.table), offset - 1))
            return Row(role: .leaf, steps: steps, enclosing: enclosing)
        }
    }

    /// The opening (or only) row of the node at the end of `indexes` (child indexes from the
    /// root), or nil when a container on the way is closed or an index is out of range.
    /// - Complexity: O(depth × log n).
    public func row(ofChildIndexes indexes: [Int]) -> Int? {
        guard let root else { return indexes.isEmpty ? 0 : nil }
        guard !indexes.isEmpty else { return 0 }
        guard rootIsOpen else { return nil }
        var node = root
        var base = 0
        for (level, index) in indexes.enumerated() {
            guard index >= 0, index < node.table.count else { return nil }
            guard let position = node.position(of: index) else { return nil }
            let childBase = base + 1 + node.rowsBefore(position)
            if level == indexes.count - 1 { return childBase }
            if let child = node.nodes[index] {
                guard child.rows > 1 else { return nil }
                node = child
                base = childBase
                continue
            }
            // One level more, inside a container open by default.
            guard node.defaultRows(of: index) > 1, level + 2 == indexes.count else { return nil }
            let last = indexes[level + 1]
            guard last >= 0, last < node.table.childCount(of: index) ?? 0 else { return nil }
            return childBase + 1 + last
        }
        return nil
    }

    /// Whether the node at `row` is an open container (its opening or closing row).
    public func isOpen(_ row: Int) -> Bool {
        self.row(row).role != .leaf
    }

    /// Whether the node at `row` is a container with children (one that can open).
    public func canOpen(_ row: Int) -> Bool {
        canOpen(self.row(row))
    }

    private func canOpen(_ located: Row) -> Bool {
        guard located.role == .leaf else { return true }
        guard let last = located.steps.last else { return (model.root?.count ?? 0) > 0 }
        return (last.table.childCount(of: last.index) ?? 0) > 0
    }

    /// The rows of the node at `row` (its opening, closing or only row): from its opening row to
    /// its closing row.
    public func span(ofNodeAt row: Int) -> Range<Int> {
        span(ofNodeAt: row, self.row(row))
    }

    private func span(ofNodeAt row: Int, _ located: Row) -> Range<Int> {
        switch located.role {
        case .leaf: return row..<(row + 1)
        case .opening: return row..<(row + rowsOfNode(located.steps))
        case .closing: return (row + 1 - rowsOfNode(located.steps))..<(row + 1)
        }
    }

    // MARK: - Folding

    /// Opens or closes the container at `row` (its opening, closing or only row).
    /// - Returns: the rows replaced — from the node's opening row to its last row before — and
    ///   how many rows the node has now; nil when the row is not a container with children.
    /// - Complexity: O(depth × log n), plus a scan of the container's bytes when it opens and
    ///   its children are not cached.
    @discardableResult
    package func toggle(_ row: Int) -> (replaced: Range<Int>, rows: Int)? {
        defer { checkInvariants() }
        let located = self.row(row)
        return located.role == .leaf ? open(row, located) : close(row, located)
    }

    /// Opens the container at `row`; nil when it is open already or not a container.
    @discardableResult
    package func open(_ row: Int) -> (replaced: Range<Int>, rows: Int)? {
        defer { checkInvariants() }
        return open(row, self.row(row))
    }

    /// Closes the container at `row`; nil when it is not open.
    @discardableResult
    package func close(_ row: Int) -> (replaced: Range<Int>, rows: Int)? {
        defer { checkInvariants() }
        return close(row, self.row(row))
    }

    /// The row of the outermost closed container on the way to the node at `indexes` (child
    /// indexes from the root; not the node itself): what `openAncestors(of:)` replaces. Nil
    /// when every one is open, or there is no such node.
    /// - Complexity: O(depth × log n).
    public func outermostClosedAncestor(of indexes: [Int]) -> Int? {
        guard let rootNode = root, rootIsOpen else { return nil }
        var node = rootNode
        var base = 0
        for level in 0..<max(0, indexes.count - 1) {
            let index = indexes[level]
            guard index >= 0, index < node.table.count, let position = node.position(of: index),
                node.table.childCount(of: index) != nil else { return nil }
            let childBase = base + 1 + node.rowsBefore(position)
            if let child = node.nodes[index], child.isOpen {
                (node, base) = (child, childBase)
                continue
            }
            guard node.nodes[index] == nil, node.defaultRows(of: index) > 1 else { return childBase }
            // Open by default: its children are closed, one row each.
            guard level + 2 < indexes.count else { return nil }
            let next = indexes[level + 1]
            guard next >= 0, next < node.table.childCount(of: index) ?? 0 else { return nil }
            return childBase + 1 + next
        }
        return nil
    }

    /// Opens every closed container on the way to the node at `indexes` (child indexes from the
    /// root; the node itself stays as it is), all in one change: a path 999 levels deep opened a
    /// level at a time cost O(depth²).
    /// - Returns: the rows replaced — the outermost container that opened, one row — and how many
    ///   rows it has now; nil when nothing was closed on the way, or there is no such node.
    /// - Complexity: O(depth × log n), plus a scan of each container that opens and whose
    ///   children are not cached.
    @discardableResult
    package func openAncestors(of indexes: [Int]) -> (replaced: Range<Int>, rows: Int)? {
        defer { checkInvariants() }
        guard let rootNode = root, rootIsOpen, indexes.count > 1 else { return nil }
        // Down to the first container on the way that is closed (or open by default, without a
        // node: it gets one, its rows unchanged).
        var chain: [(node: OpenNode, index: Int)] = []
        var node = rootNode
        var base = 0
        var level = 0
        while level < indexes.count - 1 {
            let index = indexes[level]
            guard index >= 0, index < node.table.count, let position = node.position(of: index),
                node.table.childCount(of: index) != nil else { return nil }
            let childBase = base + 1 + node.rowsBefore(position)
            chain.append((node, index))
            if let child = node.nodes[index], child.isOpen {
                (node, base) = (child, childBase)
            } else if node.nodes[index] == nil, node.defaultRows(of: index) > 1 {
                let child = makeNode(ofChild: index, of: node)
                node.nodes[index] = child
                (node, base) = (child, childBase)
            } else {
                base = childBase
                break
            }
            level += 1
        }
        guard level < indexes.count - 1 else { return nil }
        // From there down, each container opens; the rows are summed from the deepest up.
        let outer = chain.count - 1
        var opened: [(node: OpenNode, index: Int, before: Int)] = []
        var parent = chain[outer].node
        for depth in level..<(indexes.count - 1) {
            let index = indexes[depth]
            guard index >= 0, index < parent.table.count, parent.table.childCount(of: index) != nil else { break }
            let before = parent.nodes[index]?.rows ?? parent.defaultRows(of: index)
            if let child = parent.nodes[index] {
                child.isOpen = true
            } else if parent.childrenOpen {
                parent.closed.remove(index)
                parent.nodes[index] = makeNode(ofChild: index, of: parent)
            } else {
                parent.nodes[index] = makeNode(ofChild: index, of: parent)
            }
            opened.append((parent, index, before))
            guard let child = parent.nodes[index] else { break }
            parent = child
        }
        for step in opened.reversed() {
            let after = step.node.nodes[step.index]?.rows ?? step.node.defaultRows(of: step.index)
            // The child's own rows changed by what opened below it, then by its own opening.
            if let position = step.node.position(of: step.index) { step.node.rowsOfChild.add(after - step.before, at: position) }
        }
        guard let first = opened.first else { return nil }
        let after = first.node.nodes[first.index]?.rows ?? first.node.defaultRows(of: first.index)
        let change = after - first.before
        for (node, index) in chain.dropLast() {
            if let position = node.position(of: index) { node.rowsOfChild.add(change, at: position) }
        }
        return (base..<(base + first.before), after)
    }

    /// Forgets what is open inside the container at `row` and whether it is open itself: it
    /// shows as it did before anything was opened in it (a child of the root open, its children
    /// closed; any other closed), and the memory its nodes kept goes. For `zR`, whose containers
    /// far from the screen are forgotten and opened again as they show.
    /// A container holding a filter (`filter(childrenOfNodeAt:keeping:)`) is not forgotten:
    /// the filter would go with it.
    /// - Returns: the rows replaced (the container's) and how many rows it has now; nil when it
    ///   has no node of its own, or holds a filter.
    @discardableResult
    package func forget(_ row: Int) -> (replaced: Range<Int>, rows: Int)? {
        defer { checkInvariants() }
        let located = self.row(row)
        guard located.role == .opening, let last = located.steps.last else { return nil }
        var parent = root
        for step in located.steps.dropLast() { parent = parent?.nodes[step.index] }
        guard let node = parent?.nodes[last.index], !node.holdsFilter else { return nil }
        return change(row, located) { parent, index in
            parent.nodes[index] = nil
            parent.closed.remove(index)
        } root: {}
    }

    /// Opens the container `located` at `row`.
    private func open(_ row: Int, _ located: Row) -> (replaced: Range<Int>, rows: Int)? {
        guard located.role == .leaf, canOpen(located) else { return nil }
        return change(row, located) { parent, index in
            if let node = parent.nodes[index] {
                node.isOpen = true
            } else if parent.childrenOpen {
                parent.closed.remove(index)
            } else {
                parent.nodes[index] = makeNode(ofChild: index, of: parent)
            }
        } root: {
            rootIsOpen = true
        }
    }

    /// Closes the container `located` at `row`.
    private func close(_ row: Int, _ located: Row) -> (replaced: Range<Int>, rows: Int)? {
        guard located.role != .leaf else { return nil }
        return change(row, located) { parent, index in
            if let node = parent.nodes[index] {
                node.isOpen = false
            } else {
                parent.closed.insert(index)
            }
        } root: {
            rootIsOpen = false
        }
    }

    /// Shows only the root's children in `kept` (child indexes, in order), or all with nil; a
    /// child the scan finds later shows once the filter keeps it too
    /// (``keep(rootChildren:childCounts:)``). What is open stays open. `childCounts`, one for
    /// each child kept (−1: none known), spare asking the model for them.
    /// - Complexity: O(children shown), and the model's child counts unless given.
    package func filter(keeping kept: [Int]?, childCounts: [Int32]? = nil) {
        defer { checkInvariants() }
        guard let old = root else { return }
        root = OpenNode(
            table: old.table, depth: 0, childrenOpen: old.childrenOpen, groupSize: model.groupSize, kept: kept,
            keptChildCounts: childCounts, nodes: old.nodes, closed: old.closed)
    }

    /// Shows the root's children `indexes` too (in order, after the last kept, taken in and read
    /// whole), which the filter on the root kept of those found since it was applied;
    /// `childCounts` are theirs (−1: none known).
    /// Their rows go in at ``endOfRootChildren``. Nothing changes when no filter is on the root.
    /// - Complexity: O(children kept × log n).
    package func keep(rootChildren indexes: [Int], childCounts: [Int32]) {
        defer { checkInvariants() }
        guard let root, let last = root.kept.map({ $0.last ?? -1 }) else { return }
        precondition(indexes.count == childCounts.count, "a child count for each child kept")
        precondition(indexes.first.map { $0 > last } ?? true, "kept after the last kept")
        precondition(indexes.last.map { $0 < root.table.count && !root.table.isGrowing($0) } ?? true, "kept once taken in whole")
        for (index, count) in zip(indexes, childCounts) {
            root.kept?.append(index)
            let open = root.childrenOpen && count > 0 && !root.closed.contains(index)
            root.rowsOfChild.append(root.nodes[index]?.rows ?? (open ? Int(count) + 2 : 1))
        }
    }

    /// How many of the root's children the outline took in whole (shown or not): all but a last
    /// one still read.
    public var rootChildrenTakenIn: Int {
        guard let table = root?.table, table.count > 0 else { return 0 }
        return table.isGrowing(table.count - 1) ? table.count - 1 : table.count
    }

    /// The row after the rows of the root's children shown — its closing row, when it has one.
    public var endOfRootChildren: Int {
        guard let root, rootIsOpen else { return rowCount }
        return 1 + root.rowsOfChild.total
    }

    /// How many of the root's children show when a filter is on, else nil.
    public var shownChildCount: Int? { root?.kept?.count }

    /// Shows only the children in `kept` (child indexes, in order) of the open container at
    /// `row`, or all with nil — any container but the root (`filter(keeping:matches:)`), whose
    /// children are all known. What is open inside stays open. `childCounts`, one for each child
    /// kept (−1: none known), spare asking the model for them.
    /// - Returns: the rows replaced (the container's) and how many it has now; nil when `row` is
    ///   no open container.
    /// - Complexity: O(children shown + depth × log n), and the model's child counts unless given.
    @discardableResult
    package func filter(
        childrenOfNodeAt row: Int, keeping kept: [Int]?, childCounts: [Int32]? = nil
    ) -> (replaced: Range<Int>, rows: Int)? {
        defer { checkInvariants() }
        let located = self.row(row)
        guard !located.steps.isEmpty, located.role == .opening else { return nil }
        return change(row, located, { parent, index in
            let old = parent.nodes[index] ?? makeNode(ofChild: index, of: parent)
            parent.nodes[index] = OpenNode(
                table: old.table, depth: old.depth, childrenOpen: old.childrenOpen, groupSize: model.groupSize,
                kept: kept, keptChildCounts: childCounts, nodes: old.nodes, closed: old.closed)
        }, root: {})
    }

    /// Drops the filter of the closed container at `indexes` (its rows, one, do not change): it
    /// shows every child when it opens again. Nothing for an open one or one with no node.
    package func forgetFilter(ofNodeAt indexes: [Int]) {
        defer { checkInvariants() }
        var parent = root
        for index in indexes.dropLast() { parent = parent?.nodes[index] }
        guard let parent, let last = indexes.last, let old = parent.nodes[last], !old.isOpen, old.kept != nil else {
            return
        }
        let fresh = OpenNode(
            table: old.table, depth: old.depth, childrenOpen: old.childrenOpen, groupSize: model.groupSize, kept: nil,
            nodes: old.nodes, closed: old.closed)
        fresh.isOpen = false
        parent.nodes[last] = fresh
    }

    /// How many children of the container at `indexes` show when a filter keeps some, else nil.
    public func shownChildCount(ofNodeAt indexes: [Int]) -> Int? {
        var node = root
        for index in indexes { node = node?.nodes[index] }
        return node?.kept?.count
    }

    /// The children a filter keeps of the open node at `indexes`, in order; nil when none
    /// filters them.
    public func keptChildren(ofNodeAt indexes: [Int]) -> [Int]? {
        var node = root
        for index in indexes { node = node?.nodes[index] }
        return node?.kept
    }

    /// Closes every container but the root (vim's `zM`).
    package func closeAll() {
        reset(openDepth: 1)
        checkInvariants()
    }

    /// Opens every container on the way to the node at the end of `indexes` (child indexes from
    /// the root), so it has a row; returns that row, or nil when an index is out of range.
    package func reveal(childIndexes indexes: [Int]) -> Int? {
        defer { checkInvariants() }
        guard !indexes.isEmpty else { return 0 }
        // A child of the root the filter leaves out has no row to reach.
        guard root?.position(of: indexes[0]) != nil else { return nil }
        if !rootIsOpen { open(0) }
        openAncestors(of: indexes)
        return row(ofChildIndexes: indexes)
    }

    /// The node at `row`'s children's indexes from the root.
    public func childIndexes(of row: Int) -> [Int] {
        self.row(row).steps.map { $0.index }
    }

    // MARK: - Helpers

    /// Starts again with containers at depths below `depth` open: 2 at first (the root and its
    /// children), 1 after `closeAll()`.
    private func reset(openDepth depth: Int) {
        rootIsOpen = true
        guard let table = model.root else { return }
        rootChildrenTaken = table.count
        root = OpenNode(table: table, depth: 0, childrenOpen: depth > 1, groupSize: model.groupSize, kept: root?.kept)
    }

    /// A node for child `index` of `parent`, its children closed.
    private func makeNode(ofChild index: Int, of parent: OpenNode) -> OpenNode {
        OpenNode(
            table: model.children(ofChild: index, in: parent.table), depth: parent.depth + 1, childrenOpen: false,
            groupSize: model.groupSize)
    }

    /// Changes the node `located` at `row` with `body` (given its parent and its index there),
    /// or the root with `root`, and carries the change in rows up to the root.
    private func change(
        _ row: Int, _ located: Row, _ body: (OpenNode, Int) -> Void, root changeRoot: () -> Void
    ) -> (replaced: Range<Int>, rows: Int)? {
        let span = span(ofNodeAt: row, located)
        let (opening, before) = (span.lowerBound, span.count)
        guard let rootNode = self.root, !located.steps.isEmpty else {
            changeRoot()
            return (0..<before, rowCount)
        }
        // The open nodes on the way, materializing a default-open one the node is inside.
        var chain: [(node: OpenNode, index: Int)] = []
        var node = rootNode
        for (level, step) in located.steps.enumerated() {
            chain.append((node, step.index))
            guard level < located.steps.count - 1 else { break }
            if let child = node.nodes[step.index] {
                node = child
            } else {
                let child = makeNode(ofChild: step.index, of: node)
                node.nodes[step.index] = child
                node = child
            }
        }
        let (parent, index) = chain[chain.count - 1]
        body(parent, index)
        let after = parent.nodes[index]?.rows ?? parent.defaultRows(of: index)
        for (node, index) in chain {
            if let position = node.position(of: index) { node.rowsOfChild.add(after - before, at: position) }
        }
        return (opening..<(opening + before), after)
    }

    /// The rows of the open node at the end of `steps`.
    private func rowsOfNode(_ steps: [(table: Model.Children, index: Int)]) -> Int {
        guard let last = steps.last else { return rowCount }
        var parent = root
        for step in steps.dropLast() { parent = parent?.nodes[step.index] }
        if let parent { return parent.nodes[last.index]?.rows ?? parent.defaultRows(of: last.index) }
        // Inside a container open by default, whose children are closed.
        return 1
    }
}
