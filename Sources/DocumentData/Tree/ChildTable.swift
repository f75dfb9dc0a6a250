import Algorithms

/// The children of one JSON container, as a scan of its bytes finds them: where each one's key
/// and value are, and how many children each child that is a container has. Nothing is decoded;
/// a node's text is read from the bytes when its row is shown.
///
/// A small container keeps every child: 20 bytes a child (12 in an array; a value's end is not
/// kept, it is where the next child's region starts, or the closing bracket). A big one
/// (`ChildBlocks`) keeps, for each block of 1,024 children, only where the block starts and the
/// rows its children make open — 16 bytes a block — and a block's children are found again by a
/// scan of its bytes when one of them is asked for (a few blocks stay decoded). So a container of
/// 10^8 children costs 1.6 MB, not 2 GB.
public struct ChildTable: Sendable {
    /// Whether the container is an object: its children have keys.
    public internal(set) var isObject: Bool
    /// The byte offset of the container's opening bracket and of its closing one — or, while a
    /// scan is still finding its children (``isComplete`` false), where the last child's region
    /// ends so far.
    public internal(set) var start: Int
    /// (See ``start``.) -1 until the scan found it.
    public internal(set) var end: Int = -1
    /// Whether every child is known (false while a background scan goes on).
    public internal(set) var isComplete = true

    /// Whether the last child is a container a scan is still reading (the root's `features`
    /// in a GeoJSON file being read): its count is its whole blocks' children so far, its
    /// children are the tree's growing table (`JSONTree/children(ofChild:in:)`), and ``end``
    /// is where those end. Search and filters look at the children before it (``wholeChildrenEnd``).
    public internal(set) var lastChildIsGrowing = false
    /// The children read whole: all but a last child that grows.
    public var wholeChildCount: Int { lastChildIsGrowing ? count - 1 : count }
    /// While the last child grows: where the children before it end.
    private var endBeforeGrowingChild = -1

    /// The children kept whole: those after the blocks (all of them in a small container).
    /// Each child's key: the offset of its opening quote (objects only).
    var keyStarts: [Int] = []
    /// Each child's value region: from the byte after the `:` (objects) or after the `[` or `,`
    /// (arrays), blanks included.
    var valueStarts: [Int] = []
    /// For each child that is a container, its number of children; -1 for a scalar.
    var counts: [Int32] = []

    /// The first children in blocks, kept as where each block starts; nil in a small container.
    var blocks: ChildBlocks?

    /// Blocks of children a scan handed over summed (`ContainerScanner/blocksFrom`), before the
    /// children kept whole: the tree that appends this table makes them ``blocks``.
    var handedBlocks: HandedBlocks?

    /// Whole blocks of `size` children a scan found, as a hand-over: where each starts (its
    /// first child's text) and the rows its children make open.
    struct HandedBlocks: Sendable {
        let size: Int
        var starts: [Int] = []
        var openRows: [Int] = []

        /// The children handed over.
        var childCount: Int { starts.count * size }
    }

    /// Where the children of each container inside these children with more than a block of
    /// children start, a block at a time, by its opening bracket's offset: found by the scan as
    /// it passes them, so their tables need no scan of their own (the features of a GeoJSON
    /// file, a big array in a log record). Handed to the tree (``JSONTree``), which keeps them.
    var containerBlockStarts: [Int: [Int]] = [:]
    /// The long containers inside these children (`ContainerScanner/knownContainerBytes`), by
    /// their opening bracket's offset: a scan of their parent jumps over them. Handed to the tree
    /// too.
    var knownContainers: [Int: KnownContainer] = [:]

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

    /// The number of children.
    public var count: Int { (blocks?.childCount ?? 0) + valueStarts.count }

    /// The children kept in this table rather than in blocks: what it costs, in children.
    var keptCount: Int { valueStarts.count + (blocks?.starts.count ?? 0) }

    /// Adds the children of `more` (found after these: a scan's next batch) and takes its end,
    /// when it has one. Blocks it hands over (``handedBlocks``) join ``blocks``, after these
    /// children moved into blocks (a scan hands blocks over once every child before them was
    /// handed over: these are whole blocks); `windows` finds their children again.
    mutating func append(contentsOf more: ChildTable, windows: @autoclosure () -> BlockWindows) {
        if let handed = more.handedBlocks, !handed.starts.isEmpty {
            precondition(count % handed.size == 0, "blocks are handed over after whole blocks of children")
            var blocks = blocks ?? ChildBlocks(size: handed.size, windows: windows())
            moveKept(blocks: valueStarts.count / handed.size, into: &blocks)
            blocks.starts += handed.starts
            blocks.openRows? += handed.openRows
            blocks.childCount += handed.childCount
            self.blocks = blocks
        }
        keyStarts += more.keyStarts
        valueStarts += more.valueStarts
        counts += more.counts
        lineSteps += more.lineSteps
        containerBlockStarts.merge(more.containerBlockStarts) { $1 }
        knownContainers.merge(more.knownContainers) { $1 }
        if more.end >= 0 { end = more.end }
    }

    /// Moves the children kept whole into blocks of `blockSize` once there are more than
    /// `limit`, keeping the last child whole (its region's end is not known yet while a scan
    /// goes on); `windows` finds a block's children again.
    mutating func moveIntoBlocks(above limit: Int, blockSize: Int, windows: @autoclosure () -> BlockWindows) {
        guard blocks != nil || count > limit else { return }
        var blocks = blocks ?? ChildBlocks(size: blockSize, windows: windows())
        moveKept(blocks: (valueStarts.count - 1) / blockSize, into: &blocks)
        self.blocks = blocks
    }

    /// Moves the first `count` blocks of the children kept whole into `blocks`.
    private mutating func moveKept(blocks count: Int, into blocks: inout ChildBlocks) {
        guard count > 0 else { return }
        let size = blocks.size
        let summed = Self.summedBlocks(count, of: size, starts: isObject ? keyStarts : valueStarts, counts: counts)
        blocks.starts += summed.starts
        blocks.openRows? += summed.openRows
        blocks.childCount += count * size
        let moved = count * size
        if isObject { keyStarts.removeFirst(moved) }
        valueStarts.removeFirst(moved)
        counts.removeFirst(moved)
    }

    /// The first `count` blocks of `size` children whose texts start at `starts` with child
    /// counts `counts`: where each block starts, and the rows its children make open (a
    /// container's children and two, one for anything else).
    static func summedBlocks(_ count: Int, of size: Int, starts: [Int], counts: [Int32]) -> HandedBlocks {
        var blocks = HandedBlocks(size: size)
        blocks.starts.reserveCapacity(count)
        blocks.openRows.reserveCapacity(count)
        counts.withUnsafeBufferPointer { counts in
            for block in 0..<count {
                let first = block * size
                // One row each, and a container's children and closing row: summed without a
                // branch, so the loop vectorizes (a block's rows are far from overflowing).
                var children = 0
                var containers = 0
                for count in counts[first..<(first + size)] {
                    children &+= Int(truncatingIfNeeded: max(count, 0))
                    containers &+= Int(truncatingIfNeeded: UInt32(bitPattern: 0 &- count) >> 31)
                }
                blocks.starts.append(starts[first])
                blocks.openRows.append(size &+ children &+ containers)
            }
        }
        return blocks
    }

    /// The table of a container whose children's block starts a scan kept (`containerBlockStarts`):
    /// every child in blocks, none kept whole.
    init(isObject: Bool, start: Int, end: Int, count: Int, blockStarts: [Int], blockSize: Int, windows: BlockWindows) {
        self.isObject = isObject
        self.start = start
        self.end = end
        blocks = ChildBlocks(size: blockSize, windows: windows, starts: blockStarts, childCount: count, openRows: nil)
    }

    /// The table of a container a scan is still reading (``isComplete`` false): its whole blocks
    /// of `blockSize` children, which ``appendBlockStarts(_:)`` adds as the scan finds them.
    init(growing isObject: Bool, opening: Int, blockSize: Int, windows: BlockWindows) {
        self.init(isObject: isObject, start: opening, end: -1, count: 0, blockStarts: [], blockSize: blockSize, windows: windows)
        isComplete = false
    }

    /// Adds where the next blocks of a growing table start (``init(growing:opening:blockSize:windows:)``):
    /// each start but the last found ends a whole block; the last one ends the children known.
    mutating func appendBlockStarts(_ starts: [Int]) {
        guard var blocks, let last = starts.last else { return }
        self.blocks = nil
        blocks.starts += starts
        blocks.childCount = (blocks.starts.count - 1) * blocks.size
        self.blocks = blocks
        // (An array's last child ends at the comma before the next block; an object's region
        // runs to where the next one starts, after its comma.)
        end = isObject ? last : last - 1
    }

    /// Adds a child a scan is still reading, a container with `count` children so far whose
    /// known children end at `end` (``lastChildIsGrowing``).
    mutating func appendGrowingChild(keyStart: Int?, valueStart: Int, count: Int, end: Int) {
        precondition(!lastChildIsGrowing && !isComplete, "one growing child, at the end of a table still read")
        if isObject, let keyStart { keyStarts.append(keyStart) }
        valueStarts.append(valueStart)
        counts.append(Int32(clamping: count))
        endBeforeGrowingChild = self.end
        self.end = end
        lastChildIsGrowing = true
    }

    /// The growing last child has `count` children so far, ending at `end`.
    mutating func updateGrowingChild(count: Int, end: Int) {
        guard lastChildIsGrowing else { return }
        counts[counts.count - 1] = Int32(clamping: count)
        self.end = end
    }

    /// Drops the growing last child: the scan hands it over whole.
    mutating func dropGrowingChild() {
        guard lastChildIsGrowing else { return }
        if isObject { keyStarts.removeLast() }
        valueStarts.removeLast()
        counts.removeLast()
        end = endBeforeGrowingChild
        lastChildIsGrowing = false
    }

    /// Where the children end whose every byte is known: ``end``, or before a growing last child.
    public var wholeChildrenEnd: Int {
        guard lastChildIsGrowing else { return end }
        return regionStart(of: count - 1) - (isObject ? 0 : 1)
    }

    /// Whether a scan's batch (``ContainerScanner/takeChildren(all:caughtUp:)``) hands over any
    /// child, kept whole or in blocks.
    var handsOverChildren: Bool { !valueStarts.isEmpty || handedBlocks != nil }

    /// Whether child `index` is a container still being read (``lastChildIsGrowing``).
    public func isGrowing(_ index: Int) -> Bool {
        lastChildIsGrowing && index == count - 1
    }

    // MARK: - A child's place

    /// The 1-based line of child `index` of a JSON Lines file's root.
    public func lineNumber(of index: Int) -> Int {
        let step = lineSteps.partitioningIndex { $0.child > index } - 1
        guard step >= 0 else { return index + 1 }
        return lineSteps[step].line + index - lineSteps[step].child
    }

    /// The number of children of child `index` when it is a container, else nil.
    public func childCount(of index: Int) -> Int? {
        let count = entry(index) { $0.counts[$1] } ?? -1
        return count < 0 ? nil : Int(count)
    }

    /// Where child `index`'s value region starts.
    func valueStart(of index: Int) -> Int {
        entry(index) { $0.valueStarts[$1] } ?? start
    }

    /// Where child `index`'s text starts: its key's opening quote, or its value region.
    func regionStart(of index: Int) -> Int {
        entry(index) { $0.isObject ? $0.keyStarts[$1] : $0.valueStarts[$1] } ?? start
    }

    /// The bytes from child `index`'s value region to the next child's region (or the closing
    /// bracket): the value with blanks around it and, but for the last child, a comma.
    public func valueRegion(of index: Int) -> Range<Int> {
        let lower = valueStart(of: index)
        let next = index + 1 < count ? (isObject ? regionStart(of: index + 1) : regionStart(of: index + 1) - 1) : end
        return lower..<max(lower, next)
    }

    /// The bytes of child `index`'s key, from its opening quote to the `:` (objects only).
    public func keyRegion(of index: Int) -> Range<Int>? {
        isObject ? regionStart(of: index)..<valueStart(of: index) : nil
    }

    /// The child whose text (its key included) holds byte `offset`, or -1 before the first.
    func index(ofChildContaining offset: Int) -> Int {
        let keptFirst = blocks?.childCount ?? 0
        let kept = (isObject ? keyStarts : valueStarts).partitioningIndex { $0 > offset }
        if kept > 0 || blocks == nil { return keptFirst + kept - 1 }
        guard let blocks else { return -1 }
        let block = blocks.starts.partitioningIndex { $0 > offset } - 1
        guard block >= 0 else { return -1 }
        let window = blocks.window(block, of: self)
        let inside = (isObject ? window.keyStarts : window.valueStarts).partitioningIndex { $0 > offset } - 1
        // Between a block's start and its first key (blanks after a comma): the child before.
        return block * blocks.size + inside
    }

    /// The value `read` gives of the kept table holding child `index` and its index there: this
    /// table, or a block's children found again.
    /// Nil for a child the table does not have: a container whose skeleton is malformed inside
    /// (`[,]` in a big file or on a line of JSON Lines: only the skeleton of what the scans pass
    /// is checked) has a count its own scan does not find, and a block may read differently once
    /// the file changed under it.
    private func entry<Value>(_ index: Int, _ read: (ChildTable, Int) -> Value) -> Value? {
        guard index >= 0 else { return nil }
        guard let blocks, index < blocks.childCount else {
            let kept = index - (blocks?.childCount ?? 0)
            guard kept < valueStarts.count, !isObject || kept < keyStarts.count else { return nil }
            return read(self, kept)
        }
        let window = blocks.window(index / blocks.size, of: self)
        let inside = index % blocks.size
        guard inside < window.valueStarts.count, !isObject || inside < window.keyStarts.count else { return nil }
        return read(window, inside)
    }

    private func regionStart(ofKept index: Int) -> Int {
        isObject ? keyStarts[index] : valueStarts[index]
    }

    /// Where the bytes of block `block` end: where the next block, or the first child kept
    /// whole, starts — or past the closing bracket (while a scan goes on, past the comma after
    /// an array's last child; before the next key of an object's).
    func end(ofBlock block: Int) -> Int {
        guard let blocks else { return end }
        if block + 1 < blocks.starts.count { return blocks.starts[block + 1] }
        if !valueStarts.isEmpty { return regionStart(ofKept: 0) }
        return isObject && !isComplete ? end : end + 1
    }
}
