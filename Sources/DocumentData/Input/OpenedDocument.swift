/// A document opened as `tstack` opens it, whatever the input: a stack document read whole,
/// or one whose items a scan finds while it shows; any other JSON, JSON Lines by name or by its
/// first lines, as a tree. Standard input, a FIFO or a device is spooled to a temporary file
/// and read the same lazy way; a followed file is read as it grows.
///
/// ```swift
/// let document = try OpenedDocument.open(path: "app.jsonl")
/// ```
public enum OpenedDocument {
    /// A stack document read whole.
    case whole(StackDocument)
    /// A stack document read to its end, its ids still being checked on a thread of their own:
    /// what is built from it meanwhile is built while they are; ``checked()`` waits for the
    /// check.
    case checking(LazyDocument)
    /// A stack document still being read (a big file, a stream, a followed file).
    case reading(LazyDocument)
    /// Any other JSON, and JSON Lines, as a tree (its scan may go on).
    case tree(JSONTree)

    /// Opens `path` (`-` for standard input). A stack document opens lazily — a big one's first
    /// items before this returns; a small one's skeleton whole (every item too with `whole`,
    /// when it is under `lazyThreshold` bytes). With `whole`, a tree is scanned to its end
    /// first (what prints it reads it all anyway). With `follow`, a regular file is read as it
    /// grows.
    /// - Throws: `DocumentError` with the one-line reason (file, line:column, what was expected).
    public static func open(
        path: String, format: InputFormat? = nil, whole: Bool = false, follow: Bool = false,
        lazyThreshold: Int = LazyDocument.minimumSize
    ) throws -> OpenedDocument {
        // Standard input, a FIFO or a device streams into a temporary file, read the same lazy
        // way (and refused at its first byte that cannot be JSON); so does a compressed file, or
        // one in another format, made into JSON Lines as it is read. A followed file is read the
        // same way, whatever its size, as it grows.
        let spool = try InputSpool.open(path: path, format: format)
        if follow, let spool, spool.sourceSize != nil {
            // (A spooled file is read once, to its end: following it would say what is not so.)
            throw DocumentError.unreadable(
                file: path, reason: "--follow follows JSON and JSON Lines files, and this one is compressed or another format: pipe it instead (tail -f \(path) | tstack)")
        }
        if let spool {
            spool.wait { $0.format != nil }
            if let madeInto = spool.format, madeInto != .json || spool.isMerged {
                // Records a line, or YAML's documents a line (one document is the tree).
                let jsonLines = madeInto == .yaml ? JSONTree.startsLikeJSONLines(spool) : true
                if case .malformed? = spool.failure, spool.bytesWritten == 0 { throw spool.failure! }
                return .tree(prepared(try JSONTree(spool: spool, jsonLines: jsonLines), whole: whole))
            }
        }
        let followed = follow && spool == nil ? try GrowingFile(path: path) : nil
        // A regular file of JSON Lines (by name) is a tree: the array of its lines.
        let named = path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
        let regular = spool == nil && followed == nil
        if regular, named, let tree = try JSONTree.open(path: path, minimumLazySize: lazyThreshold, jsonLines: true) {
            return .tree(prepared(tree, whole: whole))
        }
        // A stack document, big or streaming, is read lazily into the stack view.
        let lazy = if let followed {
            named ? nil : try LazyDocument.open(following: followed)
        } else if let spool {
            try LazyDocument.open(spool: spool)
        } else {
            // On a terminal at any size: the first screen does not wait for the document to
            // be parsed whole. What prints reads a file under the threshold whole, every item
            // checked, as it must read every item anyway.
            try LazyDocument.open(path: path, minimumSize: whole ? lazyThreshold : 0)
        }
        if let lazy {
            // A file under the threshold is scanned to its end before its first screen (a few
            // milliseconds): a fault in its skeleton or a duplicate id throws as the whole
            // loader would; a fault inside an item shows in its row, as in a big file.
            if whole {
                lazy.wait { $0.isScanned }
                if let failure = lazy.failure { throw failure }
                if !lazy.isComplete { return .checking(lazy) }
            } else if regular && lazy.fileSize < lazyThreshold {
                lazy.wait { _ in false }
                if let failure = lazy.failure { throw failure }
            }
            // (Read to its end: nothing is left to take in while it shows. Not a followed file
            // or a stream: those go on being read.)
            guard whole || (regular && lazy.isComplete) else { return .reading(lazy) }
            return .whole(lazy.document)
        }
        // Any other JSON is a tree (JSON Lines too, by its content): a file's, or standard
        // input's and a followed file's as they arrive. What is not JSON (input refused at its
        // first bytes, an empty one) goes to the whole loader, which says why.
        if regular, let tree = try? JSONTree.open(path: path, minimumLazySize: lazyThreshold) {
            return .tree(prepared(tree, whole: whole))
        }
        if let spool {
            // (Deciding waits for the first lines, or the end: a refusal is known by then.)
            let jsonLines = JSONTree.startsLikeJSONLines(spool)
            // Input refused as not JSON goes to the whole loader, which says where; input that
            // could not be kept (a full disk) is browsed as far as it was kept, and its export
            // fails saying why.
            let refused = if case .malformed? = spool.failure { true } else { false }
            if !refused, spool.bytesWritten > 0 {
                return .tree(prepared(try JSONTree(spool: spool, jsonLines: jsonLines), whole: whole))
            }
        }
        if let followed {
            return .tree(try JSONTree(following: followed, jsonLines: JSONTree.startsLikeJSONLines(followed)))
        }
        return .whole(try spool.map { try DocumentLoader.load(spool: $0) } ?? DocumentLoader.load(path: path))
    }

    /// `tree` read to its end first when `whole`; else its grammar checked while it shows.
    private static func prepared(_ tree: JSONTree, whole: Bool) -> JSONTree {
        // On a screen, the whole grammar is checked while it shows; what reads it whole (an
        // export) checks it before writing, and `render` shows what the scan found.
        if whole { tree.waitForScan() } else { tree.startGrammarCheck() }
        return tree
    }

    /// Opens the files at `paths` as one tree of their records, merged in time order
    /// (``InputSpool/init(merging:format:)``).
    /// - Throws: `DocumentError` with the one-line reason.
    public static func open(merging paths: [String], format: InputFormat? = nil, whole: Bool = false) throws -> OpenedDocument {
        let spool = try InputSpool(merging: paths, format: format)
        spool.wait { $0.format != nil }
        if let failure = spool.failure, spool.bytesWritten == 0 { throw failure }
        return .tree(prepared(try JSONTree(spool: spool, jsonLines: true), whole: whole))
    }

    /// Whether it is a stack document (not a tree).
    public var isStackDocument: Bool {
        if case .tree = self { return false }
        return true
    }

    /// The stack document of ``checking(_:)`` once the check of its ids ended (of ``whole(_:)``
    /// at once; of ``reading(_:)`` as read so far); nil for a tree.
    /// - Throws: the check's error when an id is repeated.
    public func checked() throws -> StackDocument? {
        switch self {
        case .whole(let document): return document
        case .checking(let lazy):
            lazy.wait { _ in false }
            if let failure = lazy.failure { throw failure }
            return lazy.document
        case .reading(let lazy): return lazy.document
        case .tree: return nil
        }
    }
}
