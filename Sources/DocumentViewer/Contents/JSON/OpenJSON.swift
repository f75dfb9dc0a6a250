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
    /// The last pattern searched and its direction, for `n` and `N`; the node of the row the
    /// last search found (in a table, inside the selected cell).
    var lastSearch: (pattern: RegexPattern, forward: Bool)?
    var lastMatch: [Int]?
    /// Why the scan stopped before the end of the file, or where the file is malformed, once
    /// seen: said while nothing else is.
    var problem: String?
    /// When the scan's finds were last taken in.
    var lastTakeIn = ContinuousClock.now - .seconds(1)
    /// Whether the view keeps to the end as a growing input's records arrive (`F`,
    /// `--follow`), until a key.
    var follows = false

    /// The least time between two take-ins of what the scan found: longer than a stack
    /// document's (`DocumentContent.batchTime`), as a tree's take-in is one step (the outline's
    /// new children, then a waiting sort, filter, search or jump go on), not a slice a key
    /// interrupts.
    static let batchTime = Duration.milliseconds(50)

    /// A filter applied to a container's children.
    struct AppliedFilter {
        var container: [Int]
        var filter: ChildFilter
    }

    /// Lines for the rows: all but the status line.
    var height: Int { max(0, size.height - 1) }

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

    /// What a whole-file answer adds when the input it looked at is not the whole document: the
    /// scan stopped at a fault (answers cover what precedes it), standard input could not all
    /// be kept, or the grammar check found the file malformed (answers looked past the fault).
    var answerCaveat: String? {
        func place(_ error: JSONParseError) -> String { "line \(StatusLine.grouped(error.line)):\(error.column)" }
        if case .malformed(_, let error)? = tree.scanFailure { return "of what precedes the fault at \(place(error))" }
        if tree.scanFailure != nil || (!tree.isScanning && tree.inputFailure != nil) {
            return "of what was read before the input failed"
        }
        if let error = tree.firstMalformed {
            return "the file is malformed at \(place(error))"
        }
        return nil
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

    /// A followed file was read again from its start: what pointed into the old one goes, and
    /// what was said of the old one.
    mutating func restart(with fresh: JSONTree) {
        tree = fresh
        marks = TreeMarks()
        filter = nil
        lastMatch = nil
        problem = nil
    }
}
