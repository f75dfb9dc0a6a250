/// The `&` filter of a tree: which children of a container — the root's (a JSON Lines file's
/// records), or any other's (a GeoJSON's features) — have a match for a regular expression
/// anywhere in their text — found a window of the file at a time (progress between windows, a key stops it),
/// one match a child: after a match the search goes on from the child's end.
public struct TreeFilter {
    /// What a child must match to stay.
    public let pattern: RegexPattern
    private let tree: JSONTree
    /// The container whose children are filtered; nil for the root (which a scan may still be
    /// finding).
    private let container: ChildTable?
    /// The children found so far with a match, in order.
    public private(set) var kept: [Int] = []
    /// Where the next window starts: every child before it was looked at.
    private var position: Int

    /// Bytes searched a step.
    static let window = 4 << 20

    /// A filter by `pattern` of the children of `container` (nil: the root's — those found so
    /// far, and those the scan finds until ``isCaughtUp``).
    public init(tree: JSONTree, pattern: RegexPattern, container: ChildTable? = nil) {
        self.tree = tree
        self.pattern = pattern
        self.container = container
        pattern.forgetExceededLimits()
        position = max(0, (container ?? tree.root)?.start ?? 0)
    }

    /// The children filtered.
    private var table: ChildTable? { container ?? tree.root }

    /// Where the children found so far end.
    private var end: Int {
        guard let table, table.count > 0 else { return position }
        // (A growing last child of the root is looked at once it is read whole.)
        return table.isComplete ? table.end : max(table.wholeChildrenEnd, position)
    }

    /// The children looked at, of those known: how far it got, 0–1.
    public var progress: Double {
        let end = self.end
        return end > 0 ? min(1, Double(position) / Double(end)) : 1
    }

    /// Whether every child found so far was looked at: the filter can be shown, and a child the
    /// scan finds from now on is matched as it is taken in (``matches(_:child:of:in:)``).
    public var isCaughtUp: Bool { position >= end || pattern.exceededLimits }

    /// Whether every child of the whole input was looked at.
    public var isDone: Bool { isCaughtUp && (container != nil || !tree.isScanning) }

    /// Whether the pattern backtracks too much for the text: the filter has no answer.
    public var isTooComplex: Bool { pattern.exceededLimits }

    /// Looks through the next window: whole children (a match across a window's edge is in
    /// one of them), unless one child alone is longer than `longestWindow`.
    public mutating func step() {
        guard !isCaughtUp, let table else { return }
        let end = self.end
        var windowEnd = min(end, position + Self.window)
        if windowEnd < end {
            // On to the end of the child the window's end falls in.
            let child = table.index(ofChildContaining: windowEnd)
            let childEnd = child >= 0 && child + 1 < table.count ? table.regionStart(of: child + 1) : end
            windowEnd = min(end, max(windowEnd, min(childEnd, position + Self.longestWindow)))
        }
        // (What precedes the window is read too: a lookbehind, `\b` and `^` see it.)
        let readStart = max(0, position - Self.context)
        let bytes = tree.bytes(in: readStart..<windowEnd)
        let startsLine = tree.startsLine(at: readStart)
        // (The input's end is a line's end; a container's end is not: `$` sees what follows it.)
        let endsLine = (windowEnd == end && container == nil && !tree.isScanning) || tree.startsLine(at: windowEnd + 1)
        var from = position - readStart
        var next = windowEnd
        while from < bytes.count {
            let found = bytes.withUnsafeBytes {
                pattern.firstMatch(in: $0, from: from, startsLine: startsLine, endsLine: endsLine)
            }
            guard let found, readStart + found.lowerBound < windowEnd else { break }
            let child = table.index(ofChildContaining: readStart + found.lowerBound)
            if child >= 0, kept.last != child { kept.append(child) }
            // On from the child's end (the next child's start): one match a child is enough.
            let childEnd = child + 1 < table.count ? table.regionStart(of: child + 1) : end
            if childEnd >= windowEnd {
                next = childEnd
                break
            }
            from = max(found.upperBound, childEnd - readStart, found.lowerBound + 1)
        }
        position = max(next, windowEnd)
    }

    /// Bytes before a window read with it.
    static let context = 256
    /// The longest window: a child longer than this is looked through in windows of it.
    static let longestWindow = 64 << 20

    /// Whether child `index` of `table` has a match (a child found after the filter ran), its
    /// text seen as the filter's windows see it (a line starts or ends where the file's does).
    public static func matches(_ pattern: RegexPattern, child index: Int, of table: ChildTable, in tree: JSONTree) -> Bool {
        let region = table.keyRegion(of: index).map { $0.lowerBound..<table.valueRegion(of: index).upperBound }
            ?? table.valueRegion(of: index)
        let readStart = max(0, region.lowerBound - context)
        let bytes = tree.bytes(in: readStart..<region.upperBound)
        let endsLine = region.upperBound >= tree.size || tree.startsLine(at: region.upperBound + 1)
        return bytes.withUnsafeBytes {
            matches(pattern, in: $0, from: region.lowerBound - readStart, startsLine: tree.startsLine(at: readStart), endsLine: endsLine)
        }
    }

    /// Whether `pattern` matches in a child's text: `text` is what precedes the child (for a
    /// lookbehind) then the child, from `offset`; `startsLine` and `endsLine` say whether the
    /// text's first byte starts a line of the file and whether its end ends one.
    static func matches(
        _ pattern: RegexPattern, in text: UnsafeRawBufferPointer, from offset: Int, startsLine: Bool, endsLine: Bool
    ) -> Bool {
        pattern.firstMatch(in: text, from: offset, startsLine: startsLine, endsLine: endsLine) != nil
    }
}
