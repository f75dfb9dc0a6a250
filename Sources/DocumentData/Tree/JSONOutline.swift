import StackEngine

/// A JSON document's outline: which nodes of a ``JSONTree`` are open, and their rows.
public typealias JSONOutline = TreeOutline<JSONTree>

extension TreeOutline where Model == JSONTree {
    /// The outline of `tree` as it opens: the root and its children open.
    public convenience init(tree: JSONTree) {
        self.init(model: tree)
    }

    /// The document.
    public var tree: JSONTree { model }

    // MARK: - Paths

    /// The path of the node at the end of `steps`. A key longer than ``longKey`` bytes is only
    /// its first part and `…` (a path is a row's id and a line of the status: a key of
    /// megabytes is never decoded whole for it).
    public func path(of steps: [(table: ChildTable, index: Int)]) -> JSONPath {
        JSONPath(components: steps.map { step in
            guard step.table.isObject else { return .index(step.index) }
            guard let key = tree.keyHead(ofChild: step.index, in: step.table, bytes: Self.longKey) else { return .key("") }
            return .key(key.isWhole ? key.text : key.text + "…")
        })
    }

    /// The most bytes of a key a path holds.
    public static let longKey = 4096

    /// The path of the node at the end of `steps` with every key whole, when none is longer
    /// than `limit` bytes (else nil): what `y` copies.
    public func wholePath(of steps: [(table: ChildTable, index: Int)], keysUpTo limit: Int) -> JSONPath? {
        var components: [JSONPath.Component] = []
        for step in steps {
            guard step.table.isObject else {
                components.append(.index(step.index))
                continue
            }
            guard let key = tree.keyHead(ofChild: step.index, in: step.table, bytes: limit), key.isWhole else { return nil }
            components.append(.key(key.text))
        }
        return JSONPath(components: components)
    }

    /// The path of the node at the end of `indexes` (child indexes from the root), or nil when an
    /// index is out of range.
    public func path(ofChildIndexes indexes: [Int]) -> JSONPath? {
        tree.steps(toChildIndexes: indexes).map(path(of:))
    }

    /// The child indexes from the root of the node at `path`, or nil when there is none; a
    /// negative index counts from the end.
    /// - Complexity: O(depth) lookups, a key found by a search of its object's bytes (`KeyLookup`).
    public func childIndexes(of path: JSONPath) -> [Int]? {
        var lookup = PathLookup(path: path, in: tree)
        while true {
            switch lookup.step() {
            case .searching: continue
            case .found(let indexes): return indexes
            case .notFound: return nil
            }
        }
    }
}
