import Algorithms

/// The children of one JSON container, as a scan of its bytes finds them: where each one's key
/// and value are, and how many children each child that is a container has. Nothing is decoded;
/// a node's text is read from the bytes when its row is shown.
///
/// 20 bytes a child (12 in an array): a value's end is not kept, it is where the next child's
/// region starts (or the container's closing bracket), less the separator and blanks.
public struct ChildTable: Sendable {
    /// Whether the container is an object: its children have keys.
    public internal(set) var isObject: Bool
    /// The byte offset of the container's opening bracket and of its closing one — or, while a
    /// scan is still finding its children (``isComplete`` false), where the last child's region
    /// ends so far.
    public internal(set) var start: Int
    public internal(set) var end: Int = -1
    /// Whether every child is known (false while a background scan goes on).
    public internal(set) var isComplete = true
    /// Each child's key: the offset of its opening quote (objects only).
    var keyStarts: [Int] = []
    /// Each child's value region: from the byte after the `:` (objects) or after the `[` or `,`
    /// (arrays), blanks included.
    var valueStarts: [Int] = []
    /// For each child that is a container, its number of children; -1 for a scalar.
    var counts: [Int32] = []

    /// JSON Lines (the file as an array of its lines): where a child's line is not the line
    /// after the one before's (blank lines between), the child and its 1-based line; empty for
    /// any other container.
    var lineSteps: [LineStep] = []

    /// A child whose line number does not follow from the one before.
    struct LineStep: Equatable, Sendable {
        var child: Int
        var line: Int
    }

    init(isObject: Bool, start: Int) {
        self.isObject = isObject
        self.start = start
    }

    /// Adds the children of `more` (found after these: a scan's next batch) and takes its end,
    /// when it has one.
    mutating func append(contentsOf more: ChildTable) {
        keyStarts += more.keyStarts
        valueStarts += more.valueStarts
        counts += more.counts
        lineSteps += more.lineSteps
        if more.end >= 0 { end = more.end }
    }

    /// The number of children.
    public var count: Int { valueStarts.count }

    /// The 1-based line of child `index` of a JSON Lines file's root.
    public func lineNumber(of index: Int) -> Int {
        let step = lineSteps.partitioningIndex { $0.child > index } - 1
        guard step >= 0 else { return index + 1 }
        return lineSteps[step].line + index - lineSteps[step].child
    }

    /// The number of children of child `index` when it is a container, else nil.
    public func childCount(of index: Int) -> Int? {
        counts[index] < 0 ? nil : Int(counts[index])
    }

    /// The bytes from child `index`'s value region to the next child's region (or the closing
    /// bracket): the value with blanks around it and, but for the last child, a comma.
    public func valueRegion(of index: Int) -> Range<Int> {
        let next = index + 1 < count ? (isObject ? keyStarts[index + 1] : valueStarts[index + 1] - 1) : end
        return valueStarts[index]..<max(valueStarts[index], next)
    }

    /// The bytes of child `index`'s key, from its opening quote to the `:` (objects only).
    public func keyRegion(of index: Int) -> Range<Int>? {
        isObject ? keyStarts[index]..<valueStarts[index] : nil
    }
}
