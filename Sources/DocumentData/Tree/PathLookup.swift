/// Finds the node at a path a step at a time, so a viewer can draw progress and take a key
/// between steps: an index or a key in a small object is found at once, a key in a big object a
/// window of its bytes a step (`KeyLookup`). `TreeOutline.childIndexes(of:)` runs one to its end.
public struct PathLookup {
    /// What a step found.
    public enum Outcome: Equatable {
        /// The lookup goes on: call ``step()`` again.
        case searching
        /// The node's child indexes from the root.
        case found([Int])
        /// No node has the path (among the children found so far, while a file is read).
        case notFound
    }

    /// The path looked for.
    public let path: JSONPath
    private let tree: JSONTree
    private var table: ChildTable?
    private var indexes: [Int] = []
    private var key: KeyLookup?

    /// A lookup of `path` in `tree`.
    public init(path: JSONPath, in tree: JSONTree) {
        self.path = path
        self.tree = tree
        table = tree.root
    }

    /// After ``step()`` said `.notFound`: the child indexes of the nearest node that is there —
    /// the deepest found on the path or, where an index was past an array's last child, that
    /// last child (a record of a file that shrank: the last one now).
    public var nearest: [Int] {
        guard indexes.count < path.components.count, let table, !table.isObject, table.count > 0,
            case .index(let index) = path.components[indexes.count], index >= table.count else { return indexes }
        return indexes + [table.count - 1]
    }

    /// How far the lookup of the key it is on got, 0–1.
    public var progress: Double { key?.progress ?? 0 }

    /// Goes on: the next levels that are found at once, or the next window of a big object.
    public mutating func step() -> Outcome {
        while true {
            guard indexes.count < path.components.count else { return .found(indexes) }
            guard let current = table else { return .notFound }
            let index: Int
            switch path.components[indexes.count] {
            case .index(let value):
                guard !current.isObject, let child = tree.child(atIndex: value, in: current) else { return .notFound }
                index = child
            case .key(let name):
                guard current.isObject else { return .notFound }
                var lookup = key ?? KeyLookup(key: name, in: current, of: tree)
                lookup.step()
                guard let answer = lookup.answer else {
                    key = lookup
                    return .searching
                }
                key = nil
                guard let found = answer else { return .notFound }
                index = found
            }
            guard index >= 0, index < current.count else { return .notFound }
            indexes.append(index)
            if indexes.count < path.components.count {
                guard current.childCount(of: index) != nil else { return .notFound }
                table = tree.children(ofChild: index, in: current)
            }
        }
    }
}
