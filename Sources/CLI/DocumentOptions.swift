import DocumentViewer
import DocumentData
import TerminalUI

/// The options `browse` and `render` share: the document and where to start.
struct DocumentOptions {
    /// The document, or `-` for standard input.
    var file: String
    var scrollTo: String?
    var log: String?
    var prefetch: ScreenCountArgument
    var retain: ScreenCountArgument
    var lazyThreshold: Int
    /// `--view table`: the records as a table.
    var asTable: Bool

    /// What both commands accept.
    static let argument = (name: "file", help: "The stack document (.json) to open, or - for standard input.")
    static let options = [
        OptionSpec(
            name: "scroll-to", kind: .value(name: "id"), help: "Start scrolled to the row or card with this id, focused."),
        OptionSpec(
            name: "log", kind: .value(name: "file"),
            help: "Write one line per layout decision to this file (also TSTACK_LOG=FILE)."),
        // Takes dashes: `-0.5` is taken as the value (and refused) rather than as an option.
        OptionSpec(
            name: "prefetch", kind: .value(name: "screens", takesDashes: true),
            help: "Screens of rows resolved ahead of the scroll direction (0–100).", defaultValue: "1"),
        OptionSpec(
            name: "retain", kind: .value(name: "screens", takesDashes: true),
            help: "Screens of rows kept resolved behind the viewport (0–100).", defaultValue: "1"),
        OptionSpec(
            name: "view", kind: .value(name: "tree|table"),
            help: "How JSON that is no stack document shows: as a tree, or its records as a table (an array of objects, a JSON Lines file's lines, or a root's first array of objects: a GeoJSON's features). browse not on a terminal writes a table as CSV (RFC 4180, the header row first).",
            defaultValue: "tree"),
        OptionSpec(
            name: "lazy-threshold", kind: .value(name: "bytes"),
            help: "Show files of at least this many bytes before they are read to their end (tests use 0).",
            defaultValue: "\(LazyDocument.minimumSize)", isHidden: true),
    ]

    /// The options in `parsed`.
    /// - Throws: ``UsageError`` for a value an option cannot take.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        file = parsed.argument
        scrollTo = parsed.string("scroll-to")
        log = parsed.string("log")
        prefetch = try parsed.value("prefetch", ScreenCountArgument.init(argument:))
        retain = try parsed.value("retain", ScreenCountArgument.init(argument:))
        lazyThreshold = try parsed.value("lazy-threshold") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        asTable = try parsed.value("view") { ["tree": false, "table": true][$0] }
    }

    /// Exits: `--view table` shows records of JSON, and `file` is a stack document.
    static func refuseTable(of file: String) -> Never {
        Diagnostics.fail("--view table shows the records of JSON; \(file) is a stack document", status: Diagnostics.usage)
    }

    /// A stack document read whole, or one whose items are found by a scan that goes on while it
    /// shows; or any other JSON, as a tree.
    enum Loaded {
        case whole(StackDocument)
        /// Read to its end, its ids still being checked on a thread of their own: what is built
        /// from it meanwhile (the viewer) is built while they are; ``checked(_:)`` waits for the
        /// check, and exits with its error.
        case checking(LazyDocument)
        case reading(LazyDocument)
        case tree(JSONTree)
    }

    /// Loads the document (a stack document lazily: a big one's first items before this returns;
    /// a small one's skeleton whole, or, with `whole`, all of it), or prints its one-line error
    /// and exits with status 65 (EX_DATAERR).
    func loadDocument(whole: Bool, follow: Bool = false) -> Loaded {
        do {
            // Standard input, a FIFO or a device streams into a temporary file, read the same
            // lazy way (and refused at its first byte that cannot be JSON). A followed file is
            // read the same way, whatever its size, as it grows.
            let spool = try InputSpool.open(path: file)
            let followed = follow && spool == nil ? try GrowingFile(path: file) : nil
            // A regular file of JSON Lines (by name) is a tree: the array of its lines.
            let named = file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson")
            let regular = spool == nil && followed == nil
            if regular, named, let tree = try JSONTree.open(path: file, minimumLazySize: lazyThreshold, jsonLines: true) {
                return .tree(waited(tree, whole))
            }
            // A stack document, big or streaming, is read lazily into the stack view.
            let lazy = if let followed {
                named ? nil : try LazyDocument.open(following: followed)
            } else if let spool {
                try LazyDocument.open(spool: spool)
            } else {
                // On a terminal at any size: the first screen does not wait for the document to
                // be parsed whole. `render` and an export read a file under the threshold whole,
                // every item checked, as they must read every item anyway.
                try LazyDocument.open(path: file, minimumSize: whole ? lazyThreshold : 0)
            }
            if let lazy {
                // A file under the threshold is scanned to its end before its first screen (a
                // few milliseconds): a fault in its skeleton or a duplicate id exits as the whole
                // loader would; a fault inside an item shows in its row, as in a big file.
                if whole {
                    lazy.wait { $0.isScanned }
                    if let failure = lazy.failure { throw failure }
                    if !lazy.isComplete { return .checking(lazy) }
                } else if regular && lazy.fileSize < lazyThreshold {
                    lazy.wait { _ in false }
                    if let failure = lazy.failure { throw failure }
                }
                // (Read to its end: nothing is left to take in while it shows.)
                // (Not a followed file or a stream: those go on being read.)
                guard whole || (regular && lazy.isComplete) else { return .reading(lazy) }
                return .whole(lazy.document)
            }
            // Any other JSON is a tree (JSON Lines too, by its content): a file's, or standard
            // input's and a followed file's as they arrive. What is not JSON (input refused at
            // its first bytes, an empty one) goes to the whole loader, which says why.
            if regular, let tree = try? JSONTree.open(path: file, minimumLazySize: lazyThreshold) {
                return .tree(waited(tree, whole))
            }
            if let spool {
                // (Deciding waits for the first lines, or the end: a refusal is known by then.)
                let jsonLines = JSONTree.startsLikeJSONLines(spool)
                // Input refused as not JSON goes to the whole loader, which says where; input that
                // could not be kept (a full disk) is browsed as far as it was kept, and its
                // export fails saying why (exit 74).
                let refused = if case .malformed? = spool.failure { true } else { false }
                if !refused, spool.bytesWritten > 0 {
                    return .tree(waited(try JSONTree(spool: spool, jsonLines: jsonLines), whole))
                }
            }
            if let followed {
                return .tree(try JSONTree(following: followed, jsonLines: JSONTree.startsLikeJSONLines(followed)))
            }
            return .whole(try spool.map { try DocumentLoader.load(spool: $0) } ?? DocumentLoader.load(path: file))
        } catch {
            Diagnostics.fail("\(error)", status: Diagnostics.dataError)
        }
    }

    /// The document `lazy` once the check of its ids ended; exits with status 65 (EX_DATAERR)
    /// and the check's one-line error when an id is repeated.
    func checked(_ lazy: LazyDocument) -> StackDocument {
        lazy.wait { _ in false }
        if let failure = lazy.failure { Diagnostics.fail("\(failure)", status: Diagnostics.dataError) }
        return lazy.document
    }

    /// `tree`, its scan run to the end first when `whole` (`render` shows the whole document).
    private func waited(_ tree: JSONTree, _ whole: Bool) -> JSONTree {
        if whole { tree.waitForScan() }
        return tree
    }

    /// The viewer for `loaded` at `size`, logging to `log`, scrolled to `--scroll-to`; exits
    /// with status 64 (EX_USAGE) when that id (or path, in a tree) is not in the document.
    func makeViewer(
        for loaded: Loaded, size: TerminalSizeArgument, theme: Theme, log: LayoutLogFile?
    ) -> Viewer {
        let name = Diagnostics.baseName(of: file)
        var viewer: Viewer
        switch loaded {
        case .tree(let tree):
            // A --scroll-to target may be anywhere: the scan ends first.
            if scrollTo != nil { tree.waitForScan() }
            viewer = Viewer(
                tree: tree, fileName: name, size: size.size, theme: theme, prefetchScreens: prefetch.screens,
                retainScreens: retain.screens)
        case .whole(let document):
            viewer = Viewer(
                document: document, fileName: name, size: size.size, theme: theme, prefetchScreens: prefetch.screens,
                retainScreens: retain.screens)
        case .checking(let lazy):
            // Made while the ids are checked (a million items' rows, 11 ms, and their check, 6,
            // on two cores), then shown only once they all were.
            viewer = Viewer(
                document: lazy.document, fileName: name, size: size.size, theme: theme, prefetchScreens: prefetch.screens,
                retainScreens: retain.screens)
            _ = checked(lazy)
        case .reading(let lazy):
            // A --scroll-to target further on waits for the scan to get there.
            if let id = scrollTo { lazy.wait { $0.document.itemStore?.location(ofItemID: id) != nil } }
            viewer = Viewer(
                loading: lazy, fileName: name, size: size.size, theme: theme, prefetchScreens: prefetch.screens,
                retainScreens: retain.screens)
        }
        if let log { viewer.setLayoutLog { log.write($0) } }
        if asTable, !viewer.showRecordsTable() { Self.refuseTable(of: file) }
        if let target = scrollTo, !viewer.scroll(toID: target) {
            guard case .tree = loaded else {
                Diagnostics.fail("\(file): no row or item with id \"\(target)\" (--scroll-to)", status: Diagnostics.usage)
            }
            let reason: String
            do {
                reason = "no node at \(try JSONPath(parsing: target))"
            } catch {
                reason = "not a path: \(error)"
            }
            Diagnostics.fail("\(file): \(reason) (--scroll-to)", status: Diagnostics.usage)
        }
        return viewer
    }
}
