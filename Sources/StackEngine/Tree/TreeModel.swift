/// A tree whose children are read on demand: what a ``TreeOutline`` folds and a `LazyTree`
/// shows. The outline never reads a node's content; it asks for a container's children when the
/// container opens or its rows show, and for how many children each child has, so a node of a
/// million children costs its rows' counts, not its children's text. It asks again for the
/// same children as rows are looked up: a model that reads them from somewhere slow (a disk, a
/// file's bytes) keeps the last ones it gave, as the JSON model does.
///
/// A model is a class: its children may be read from a file, cached and dropped again, and grow
/// while the outline shows them (``takeNewRootChildren()``).
///
/// ```swift
/// final class Folders: TreeModel {
///     var root: FolderChildren? { FolderChildren(path: "/") }
///     func children(ofChild index: Int, in parent: FolderChildren) -> FolderChildren {
///         FolderChildren(path: parent.path(of: index))
///     }
/// }
/// ```
public protocol TreeModel: AnyObject {
    /// One container's children, as the model gives them.
    associatedtype Children: TreeChildren

    /// The root's children; nil when the root is no container (one row, that cannot open).
    var root: Children? { get }

    /// The children of child `index` of `parent`, which is a container
    /// (`parent.childCount(of: index)` is not nil).
    func children(ofChild index: Int, in parent: Children) -> Children

    /// How many children the outline sums together in one step of its row counts (a big
    /// container's children are summed a group at a time: 8 bytes a group, not a child).
    var groupSize: Int { get }

    /// The root's children found since the last call, by a model still reading its input: their
    /// indexes (after those known before) and their child counts, or the groups they make
    /// summed. The root's table (``root``) has them when this returns. A model read at once has
    /// none. The outline calls it (through `LazyTree.takeNewRootChildren()`); children another
    /// caller took in between are counted from the table.
    func takeNewRootChildren() -> NewRootChildren

    /// Whether a container's child count was found to differ from the children it has (a
    /// malformed input): the outline's checks then skip comparing its row counts.
    var countsMayDisagree: Bool { get }
}

extension TreeModel {
    /// Children summed 1,024 at a time.
    public var groupSize: Int { 1024 }

    /// None: a model read at once does not grow.
    public func takeNewRootChildren() -> NewRootChildren {
        let count = root?.count ?? 0
        return NewRootChildren(added: count..<count, childCounts: [])
    }

    /// Counts agree.
    public var countsMayDisagree: Bool { false }
}

/// The children of one container of a ``TreeModel``: how many, and which of them can open.
public protocol TreeChildren {
    /// An empty table, held while the model grows the real one (so it is not copied).
    init()

    /// The number of children known.
    var count: Int { get }

    /// Whether every child is known: false while the model still reads them (the container has
    /// no closing row yet).
    var isComplete: Bool { get }

    /// The number of children of child `index` when it is a container (0: an empty one, which
    /// cannot open), else nil: a leaf.
    func childCount(of index: Int) -> Int?

    /// Whether child `index` is a container the model is still reading: the root's last child
    /// while the root grows, whose children grow (its table is not complete) and which has no
    /// closing row yet. The outline counts its rows again at each take-in.
    func isGrowing(_ index: Int) -> Bool

    /// The children the model sums without reading them one by one, in groups of
    /// `groupSize`: the first `count` children; nil when it keeps no such sums.
    var summedGroups: (groupSize: Int, count: Int)? { get }

    /// The rows the children of group `group` (one of ``summedGroups``) make: closed, one row
    /// each; with `childrenOpen`, each container open with its own children closed (its child
    /// count and two), or nil when the model does not know that without reading them.
    func rows(ofGroup group: Int, childrenOpen: Bool) -> Int?

    /// Every broken invariant of the table, described (for checks); empty when consistent.
    func invariantViolations() -> [String]
}

extension TreeChildren {
    /// Every child is known.
    public var isComplete: Bool { true }
    /// None grows.
    public func isGrowing(_ index: Int) -> Bool { false }
    /// No sums: children are counted one by one.
    public var summedGroups: (groupSize: Int, count: Int)? { nil }
    /// Not known without reading them.
    public func rows(ofGroup group: Int, childrenOpen: Bool) -> Int? { nil }
    /// Nothing to check.
    public func invariantViolations() -> [String] { [] }
}

/// The children a growing model found at the end of its root since it was last asked
/// (``TreeModel/takeNewRootChildren()``): a big root's children come a group at a time.
public struct NewRootChildren: Sendable, Equatable {
    /// Their indexes, after those known before.
    public var added: Range<Int>
    /// The groups of the root's ``TreeChildren/summedGroups`` among `added` that come summed:
    /// their rows are the table's `rows(ofGroup:childrenOpen:)`, and none of their children has
    /// a count in ``childCounts``.
    public var summedGroups: Range<Int>
    /// The child counts (-1 for a leaf) of the other children added, in order.
    public var childCounts: [Int32]

    /// The groups of a table's summed groups (`summed`, as ``TreeChildren/summedGroups`` gives
    /// them) lying wholly among `children`.
    public static func groups(whollyIn children: Range<Int>, of summed: (groupSize: Int, count: Int)?) -> Range<Int> {
        guard let summed else { return 0..<0 }
        let lower = (children.lowerBound + summed.groupSize - 1) / summed.groupSize
        let upper = min(children.upperBound, summed.count) / summed.groupSize
        return lower < upper ? lower..<upper : 0..<0
    }

    /// Children `added`, those in `summedGroups` summed, the others with their `childCounts`.
    public init(added: Range<Int>, summedGroups: Range<Int> = 0..<0, childCounts: [Int32]) {
        self.added = added
        self.summedGroups = summedGroups
        self.childCounts = childCounts
    }
}
