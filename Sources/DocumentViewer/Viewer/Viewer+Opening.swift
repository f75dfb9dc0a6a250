import DocumentData
import TerminalUI

/// Why a viewer of a document cannot be made as asked.
public enum ViewerOpeningError: Error, Equatable, CustomStringConvertible {
    /// Records as a table were asked of a stack document.
    case tableOfStackDocument
    /// The `scrolledTo` target is not in the document: no such id, or (in a tree) why the path
    /// names no node.
    case noTarget(String)

    public var description: String {
        switch self {
        case .tableOfStackDocument: return "a table shows the records of JSON, not a stack document"
        case .noTarget(let reason): return reason
        }
    }
}

/// How a JSON document that is not a stack document shows.
public enum ViewerLayout: Sendable {
    /// Its nodes as a tree that folds.
    case tree
    /// Its records as a table: the root's children when it is an array (JSON Lines: its lines),
    /// else those of its first member that is an array of objects.
    case table
}

extension Viewer {
    /// The viewer `tstack browse` shows for `document`: a stack document (read on as it is
    /// scanned), or a tree — or its records as a table — scrolled to `target` (an item's id, a
    /// node's path) when there is one, each layout decision sent to `layoutLog`. With
    /// `reopening`, the file is watched: the status line says when it changes on disk, and `R`
    /// opens it again.
    /// - Throws: ``ViewerOpeningError`` when a table is asked of a stack document, or the target
    ///   is not there; `DocumentError` when a stack document's ids turn out repeated.
    public init(
        opening document: OpenedDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        layout: ViewerLayout = .tree, scrolledTo target: String? = nil, prefetchScreens: Double = 1,
        retainScreens: Double = 1, layoutLog: ((String) -> Void)? = nil, reopening: DocumentReopening? = nil
    ) throws {
        if layout == .table, document.isStackDocument { throw ViewerOpeningError.tableOfStackDocument }
        switch document {
        case .tree(let tree):
            // A target may be anywhere: the scan ends first.
            if target != nil { tree.waitForScan() }
            self.init(
                tree: tree, fileName: fileName, size: size, theme: theme, prefetchScreens: prefetchScreens,
                retainScreens: retainScreens)
        case .whole(let whole):
            self.init(
                document: whole, fileName: fileName, size: size, theme: theme, prefetchScreens: prefetchScreens,
                retainScreens: retainScreens)
        case .checking(let lazy):
            // Made while the ids are checked (a million items' rows, 11 ms, and their check, 6,
            // on two cores), then shown only once they all were.
            self.init(
                document: lazy.document, fileName: fileName, size: size, theme: theme, prefetchScreens: prefetchScreens,
                retainScreens: retainScreens)
            _ = try document.checked()
        case .reading(let lazy):
            // A target further on waits for the scan to get there.
            if let target { lazy.wait { $0.document.itemStore?.location(ofItemID: target) != nil } }
            self.init(
                loading: lazy, fileName: fileName, size: size, theme: theme, prefetchScreens: prefetchScreens,
                retainScreens: retainScreens)
        }
        if let layoutLog { setLayoutLog(layoutLog) }
        if let reopening {
            disk = FileOnDisk(
                reopening, prefetchScreens: prefetchScreens, retainScreens: retainScreens, layoutLog: layoutLog)
        }
        if layout == .table { showRecordsTable() }
        if let target, !scroll(toID: target) {
            guard case .tree = document else { throw ViewerOpeningError.noTarget("no row or item with id \"\(target)\"") }
            let reason: String
            do {
                reason = "no node at \(try JSONPath(parsing: target))"
            } catch {
                reason = "not a path: \(error)"
            }
            throw ViewerOpeningError.noTarget(reason)
        }
    }
}
