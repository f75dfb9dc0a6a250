import StackEngine

/// The rows of a tree for a ``LazyTree``: one row a node, an open container's closing row
/// too, as its ``outline`` folds them. The source builds the rows; the tree widget folds the
/// outline.
///
/// Everything but the rows themselves has a default: every row an item, a closing row not
/// selectable, the open containers around a row pinned (nested pinning, as jless's), and ids
/// from the nodes' child indexes (`/0/3/1`, a closing row `/0/3#end`, the root `/`). A source
/// whose nodes have names of their own (a JSON document's paths) gives them
/// (``nodeID(of:)``, ``childIndexes(ofNodeID:)``); a closing row's id is its node's and `#end`.
public protocol TreeRowSource: SelectableRows where Row: ListRow {
    /// The tree the rows show.
    associatedtype Model: TreeModel

    /// Which nodes are open. A class: the tree widget folds it inside its list's
    /// `replaceRows`, and gives a copy of itself an outline of its own before it folds one.
    var outline: TreeOutline<Model> { get set }

    /// The id of the node a row is of (a closing row's id adds `#end` to it).
    func nodeID(of row: TreeOutline<Model>.Row) -> String

    /// The child indexes from the root of the node with id `id`, or nil when there is none.
    func childIndexes(ofNodeID id: Substring) -> [Int]?
}

extension TreeRowSource {
    /// The outline's rows.
    public var rowCount: Int { outline.rowCount }

    /// Every row is an item (one run): closing rows are not selectable (`isSelectable(row:)`).
    public func kindRuns(in rows: Range<Int>) -> [(kind: RowKind, count: Int)] {
        rows.isEmpty ? [] : [(.item, rows.count)]
    }

    /// Every node's row; an open container's closing row is not a node of its own.
    public func isSelectable(row index: Int) -> Bool {
        outline.row(index).role != .closing
    }

    /// The open containers holding the row, outermost first: they pin, one line each, while
    /// their rows scroll under them.
    public func enclosingContainers(of index: Int) -> [ContainerSpan] {
        outline.row(index).enclosing.map { ContainerSpan(opening: $0.opening, end: $0.closing) }
    }

    /// The node's id (``nodeID(of:)``); a closing row's ends `#end`.
    public func rowID(at index: Int) -> String {
        let row = outline.row(index)
        let id = nodeID(of: row)
        return row.role == .closing ? id + TreeRowIDs.closingSuffix : id
    }

    /// The row of the node with id `id` (``rowID(at:)``'s form: the closing row for an id ending
    /// `#end`), when every container on its way is open.
    public func rowIndex(forID id: String) -> Int? {
        let closing = id.hasSuffix(TreeRowIDs.closingSuffix)
        guard let indexes = childIndexes(ofNodeID: closing ? id.dropLast(TreeRowIDs.closingSuffix.count) : Substring(id)),
            let row = outline.row(ofChildIndexes: indexes) else { return nil }
        return closing ? outline.span(ofNodeAt: row).upperBound - 1 : row
    }

    /// The node's child indexes from the root, joined by `/` (the root: `/`).
    public func nodeID(of row: TreeOutline<Model>.Row) -> String {
        "/" + row.steps.map { String($0.index) }.joined(separator: "/")
    }

    /// The child indexes of an id of ``nodeID(of:)``'s form.
    public func childIndexes(ofNodeID id: Substring) -> [Int]? {
        guard id.hasPrefix("/") else { return nil }
        var indexes: [Int] = []
        for part in id.dropFirst().split(separator: "/", omittingEmptySubsequences: false) where !part.isEmpty {
            guard let index = Int(part), index >= 0 else { return nil }
            indexes.append(index)
        }
        return indexes
    }
}

/// The ids of a tree's rows.
public enum TreeRowIDs {
    /// The suffix of a closing row's id after its container's (an id never ends so otherwise).
    public static let closingSuffix = "#end"
}

/// A tree's rows built by a closure: the quickest way to show a `TreeModel`.
///
/// ```swift
/// let outline = TreeOutline(model: Folders())
/// var tree = LazyTree(source: OutlineRows(outline: outline) { row, width in
///     TextRow(label(of: row), width: width)
/// }, width: 80, height: 24)
/// ```
public struct OutlineRows<Model: TreeModel, Row: ListRow>: TreeRowSource {
    /// Which nodes are open.
    public var outline: TreeOutline<Model>
    /// Builds a node's row (its opening, closing or only row), `width` columns wide.
    private let build: (TreeOutline<Model>.Row, Int) -> Row

    /// The rows of `outline`, each built by `build` when it comes near the screen.
    public init(outline: TreeOutline<Model>, build: @escaping (TreeOutline<Model>.Row, _ width: Int) -> Row) {
        self.outline = outline
        self.build = build
    }

    /// The row built by the closure for the outline's row at `index`.
    public func resolveRow(at index: Int, crossExtent: Int) -> Row {
        build(outline.row(index), crossExtent)
    }
}
