import DocumentData
import StackEngine
import TerminalUI

/// A JSON document open in the viewer: what its tree (``TreeContent``) and a table of its
/// records (``TableContent``) share, handed from one to the other by `T` — the document and its
/// scan, the screen it shows on, the marks, the filter of a container's children, the last
/// search, and what stays said of the input.
struct OpenJSON {
    /// The document (its scan goes on in the background).
    var tree: JSONTree
    /// The file's base name, for what is said of it.
    let fileName: String
    /// The screen size, and the look.
    var size: TerminalSize
    var theme: Theme
    /// The list's options, for a view made again (a followed file read again from its start).
    let options: StackOptions
    /// The marked nodes.
    var marks = TreeMarks()
    /// The filter applied (`&`, `:where`): the container whose children it keeps (child indexes
    /// from the root; empty: the root), and what it keeps them by.
    var filter: AppliedFilter?
    /// The last pattern searched and its direction, for `n` and `N`; where the last match was
    /// and the node it focused.
    var lastSearch: (pattern: RegexPattern, forward: Bool)?
    var lastMatch: (range: Range<Int>, indexes: [Int])?
    /// Why the scan stopped before the end of the file, or where the file is malformed, once
    /// seen: said while nothing else is.
    var problem: String?
    /// When the scan's finds were last taken in.
    var lastTakeIn = ContinuousClock.now - .seconds(1)
    /// Whether the view keeps to the end as a growing input's records arrive (`F`,
    /// `--follow`), until a key.
    var follows = false

    /// A filter applied to a container's children.
    struct AppliedFilter {
        var container: [Int]
        var filter: ChildFilter
    }

    /// Lines for the rows: all but the status line.
    var height: Int { max(0, size.height - 1) }

    /// The children of the node at `indexes` (child indexes from the root; empty: the root's).
    func children(at indexes: [Int]) -> ChildTable? { Self.children(at: indexes, in: tree) }

    /// The children of the node at `indexes` in `tree`.
    static func children(at indexes: [Int], in tree: JSONTree) -> ChildTable? {
        guard var table = tree.root else { return nil }
        for index in indexes {
            guard index < table.count, table.childCount(of: index) != nil else { return nil }
            table = tree.children(ofChild: index, in: table)
        }
        return table
    }

    /// The steps from the root to the node at `indexes` (each table and the child's index in it).
    func steps(toChildIndexes indexes: [Int]) -> [(table: ChildTable, index: Int)]? {
        guard var table = tree.root else { return indexes.isEmpty ? [] : nil }
        var steps: [(table: ChildTable, index: Int)] = []
        for index in indexes {
            if let last = steps.last {
                guard last.table.childCount(of: last.index) != nil else { return nil }
                table = tree.children(ofChild: last.index, in: last.table)
            }
            guard index >= 0, index < table.count else { return nil }
            steps.append((table, index))
        }
        return steps
    }

    /// While the file is read: how far, for the status line (`pendingJump` says what waits for
    /// it).
    func readingNote(pendingJump: String?) -> String? {
        if follows { return "following \(JobPolicy.hint(for: .follow))" }
        if let pendingJump { return pendingJump }
        guard tree.isScanning, tree.size > 0 else { return nil }
        if tree.isSpooled { return "reading, \(ByteCount(tree.size)) so far (kept in a temporary file)" }
        if tree.isGrowing { return "reading, \(ByteCount(tree.scannedBytes)) so far" }
        return "reading \(tree.scannedBytes * 100 / tree.size)%"
    }

    /// Says why the scan stopped before the end of the file, once it did.
    mutating func noteScanFailure() {
        if let failure = tree.scanFailure ?? (tree.isScanning ? nil : tree.inputFailure) {
            problem = "\(failure) (shown: what was read before)"
        }
    }

    /// Says where a row found the file malformed, once (the scan checks the skeleton only).
    mutating func noteMalformed() {
        if problem == nil, let error = tree.firstMalformed {
            problem = "\(fileName):\(error.line):\(error.column): \(error.message) (the file is malformed there)"
        }
    }

    /// The toggle of the mark of the node at `indexes`, said.
    mutating func toggleMark(_ indexes: [Int], path: String) -> String {
        marks.toggle(indexes) ? "marked \(path) (\(marks.count) marked)" : "unmarked \(path)"
    }

    /// A followed file was read again from its start: what pointed into the old one goes.
    mutating func restart(with fresh: JSONTree, saying reason: String) {
        tree = fresh
        marks = TreeMarks()
        filter = nil
        lastMatch = nil
        problem = reason
    }
}
