import Widgets
import DocumentData
import StackEngine
import TerminalUI

/// The rows of a JSON tree for the library's `LazyTree`: one row a node (an open container's
/// closing row too), its id the node's path in jq syntax. Rows are built by `TreeRowBuilder`
/// when they resolve; what rows are selectable and which pin comes from `TreeRowSource`.
///
/// The outline is shared (a class): the tree widget folds it in place, inside the list's
/// `replaceRows(in:updatingSource:)`.
public struct TreeRows: TreeRowSource {
    /// Which nodes are open.
    public let outline: JSONOutline
    /// The styles rows are built in.
    var theme: Theme
    /// The long strings unfolded (shown whole), by where their values start in the file.
    var unfoldedStrings: Set<Int> = []

    /// The suffix of a closing row's id after its container's path (a path never ends so).
    static let closingSuffix = TreeRowIDs.closingSuffix

    /// The rows of `outline`'s nodes, built in `theme`.
    public init(outline: JSONOutline, theme: Theme) {
        self.outline = outline
        self.theme = theme
    }

    public func rowID(at index: Int) -> String {
        let row = outline.row(index)
        let path = outline.path(of: row.steps).description
        return row.role == .closing ? path + Self.closingSuffix : path
    }

    /// The row of the node at the path `id` (the closing row for an id ending `#end`), when every
    /// container on its way is open.
    public func rowIndex(forID id: String) -> Int? {
        let closing = id.hasSuffix(Self.closingSuffix)
        guard let path = try? JSONPath(parsing: closing ? String(id.dropLast(Self.closingSuffix.count)) : id),
            let indexes = outline.childIndexes(of: path), let row = outline.row(ofChildIndexes: indexes) else { return nil }
        return closing ? outline.span(ofNodeAt: row).upperBound - 1 : row
    }

    public func resolveRow(at index: Int, crossExtent: Int) -> RenderedRow {
        let row = outline.row(index)
        return TreeRowBuilder(tree: outline.tree, theme: theme).build(
            row, width: crossExtent, unfolded: stringStart(of: row).map(unfoldedStrings.contains) ?? false)
    }

    /// Where the value of the node at `row` starts in the file, when it is a leaf (what keys an
    /// unfolded string).
    func stringStart(of row: JSONOutline.Row) -> Int? {
        guard row.role == .leaf, let last = row.steps.last else { return nil }
        return last.table.valueRegion(of: last.index).lowerBound
    }
}
