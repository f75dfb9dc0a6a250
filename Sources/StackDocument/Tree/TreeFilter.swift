/// The `&` filter of a tree: which of the root's children (a JSON Lines file's records, an
/// array's elements, an object's members) have a match for a regular expression anywhere in
/// their text — found a window of the file at a time (progress between windows, a key stops it),
/// one match a child: after a match the search goes on from the child's end.
public struct TreeFilter {
    public let pattern: RegexPattern
    private let tree: JSONTree
    private let table: ChildTable
    /// The children found so far with a match, in order.
    public private(set) var kept: [Int] = []
    /// Where the next window starts, and where the children end.
    private var position: Int
    private let end: Int

    /// Bytes searched a step.
    static let window = 4 << 20

    /// A filter of `tree`'s root children (those found so far) by `pattern`.
    public init(tree: JSONTree, pattern: RegexPattern) {
        self.tree = tree
        self.pattern = pattern
        table = tree.root ?? ChildTable(isObject: false, start: 0)
        position = max(0, table.start)
        end = table.count == 0 ? position : table.isComplete ? table.end : max(table.end, position)
    }

    /// The children looked at, of all there are: how far it got, 0–1.
    public var progress: Double {
        end > 0 ? min(1, Double(position) / Double(end)) : 1
    }

    /// Whether every child was looked at.
    public var isDone: Bool { position >= end }

    /// The children the filter looked at: those the tree had when it started.
    public var childCount: Int { table.count }

    /// Looks through the next window.
    public mutating func step() {
        guard !isDone else { return }
        let windowEnd = min(end, position + Self.window)
        // A child a match starts in is read to its end, so its match is whole.
        let bytes = tree.bytes(in: position..<windowEnd)
        var from = 0
        var next = windowEnd
        while from < bytes.count {
            let found = bytes.withUnsafeBytes { pattern.firstMatch(in: $0, from: from) }
            guard let found, position + found.lowerBound < windowEnd else { break }
            let child = table.index(ofChildContaining: position + found.lowerBound)
            if child >= 0, kept.last != child { kept.append(child) }
            // On from the child's end (the next child's start): one match a child is enough.
            let childEnd = child + 1 < table.count ? table.regionStart(of: child + 1) : end
            if childEnd >= windowEnd {
                next = childEnd
                break
            }
            from = max(found.upperBound, childEnd - position)
        }
        position = max(next, windowEnd)
    }

    /// Whether child `index` of `table` has a match (a child found after the filter ran).
    public static func matches(_ pattern: RegexPattern, child index: Int, of table: ChildTable, in tree: JSONTree) -> Bool {
        let region = table.keyRegion(of: index).map { $0.lowerBound..<table.valueRegion(of: index).upperBound }
            ?? table.valueRegion(of: index)
        let bytes = tree.bytes(in: region)
        return bytes.withUnsafeBytes { pattern.firstMatch(in: $0, from: 0) } != nil
    }

}
