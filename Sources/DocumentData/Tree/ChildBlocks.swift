import DequeModule

/// The children of a big container kept a block at a time (`ChildTable/blocks`): where each
/// block of `size` children starts in the file and, for the root, the rows its children make
/// open. A block's children are found again when asked for (`window(_:of:)`).
struct ChildBlocks: Sendable {
    /// Children a block (the last may have fewer when no child is kept whole after it).
    let size: Int
    /// Finds a block's children again, keeping a few.
    let windows: BlockWindows
    /// Where each block's first child's text starts: its key's opening quote, or its value region
    /// (an object's block found by a scan passing it may start at the byte after the comma).
    var starts: [Int] = []
    /// The children in blocks.
    var childCount = 0
    /// For each block, its children's rows when they are open (a container's children and two,
    /// one for anything else); nil when the scan that found the blocks did not count them.
    var openRows: [Int]? = []

    init(size: Int, windows: BlockWindows, starts: [Int] = [], childCount: Int = 0, openRows: [Int]? = []) {
        self.size = size
        self.windows = windows
        self.starts = starts
        self.childCount = childCount
        self.openRows = openRows
    }

    /// The children of block `block` of `table`, as a table of their own (child `k` of the block
    /// at index `k`).
    func window(_ block: Int, of table: ChildTable) -> ChildTable {
        windows.window(block) {
            table.isObject
        } bytes: {
            starts[block]..<table.end(ofBlock: block)
        } first: {
            block * size
        }
    }

    /// The number of children in block `block`.
    func count(ofBlock block: Int) -> Int {
        min(size, childCount - block * size)
    }
}

/// Finds the children of a block of a big container again, by a scan of the block's bytes, and
/// keeps the last few found (a frame shows rows from one or two blocks).
///
/// Shared by the copies of one table (a block's children never change once it is made); locked,
/// though one thread uses it, so copies may be handed between threads.
final class BlockWindows: Sendable {
    /// Scans `bytes` (a block's, from its first child's start to past its last child's
    /// separator) of an object (`true`) or an array, the first child's index in the container
    /// being the last argument.
    typealias Scan = @Sendable (_ isObject: Bool, _ bytes: Range<Int>, _ first: Int) -> ChildTable

    private let scan: Scan
    private let kept = Locked(Kept())
    /// Blocks kept found.
    static let keptBlocks = 16

    private struct Kept {
        var windows: [Int: ChildTable] = [:]
        var order: Deque<Int> = []
    }

    init(scan: @escaping Scan) {
        self.scan = scan
    }

    /// Block `block`'s children, scanned when not kept.
    func window(_ block: Int, isObject: () -> Bool, bytes: () -> Range<Int>, first: () -> Int) -> ChildTable {
        if let window = kept.withLock({ $0.windows[block] }) { return window }
        let window = scan(isObject(), bytes(), first())
        kept.withLock { kept in
            kept.windows[block] = window
            kept.order.append(block)
            while kept.order.count > Self.keptBlocks, let oldest = kept.order.popFirst() {
                kept.windows[oldest] = nil
            }
        }
        return window
    }
}
