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
    public var outline: JSONOutline
    /// The styles rows are built in.
    var theme: Theme
    /// The long strings unfolded (shown whole), by where their values start in the file.
    var unfoldedStrings: Set<Int> = []

    /// The rows of `outline`'s nodes, built in `theme`.
    public init(outline: JSONOutline, theme: Theme) {
        self.outline = outline
        self.theme = theme
    }

    /// The node's path in jq syntax (a path never ends `#end`).
    public func nodeID(of row: JSONOutline.Row) -> String {
        outline.path(of: row.steps).description
    }

    /// The node at the jq path `id`.
    public func childIndexes(ofNodeID id: Substring) -> [Int]? {
        (try? JSONPath(parsing: String(id))).flatMap(outline.childIndexes(of:))
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
