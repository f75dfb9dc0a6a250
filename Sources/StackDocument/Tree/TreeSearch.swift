/// A search through a tree's bytes for a regular expression, a window at a time (so a viewer
/// can draw its progress and take a key between windows), from an offset forward or backward,
/// wrapping at the ends. It matches the document's text as written — every key and every value,
/// inside closed containers too; a string's escapes as they are in the file (`\n`, `\u00e9`).
public struct TreeSearch {
    /// What a step found.
    public enum Outcome: Equatable {
        /// The search goes on: call ``step()`` again.
        case searching
        /// The first match in the direction of the search, as a byte range, and whether the
        /// search wrapped around an end to find it.
        case found(Range<Int>, wrapped: Bool)
        /// No match anywhere.
        case notFound
    }

    public let pattern: RegexPattern
    public let forward: Bool
    private let tree: JSONTree
    /// Matches must start at or after this offset (forward) or before it (backward).
    private let origin: Int
    /// The end of what is searched: the file, or what the background scan has read so far.
    private let end: Int
    /// The next window's start (forward) or end (backward), and whether the search wrapped.
    private var position: Int
    private var wrapped = false

    /// Bytes searched a step: a few milliseconds of PCRE2's JIT.
    static let window = 4 << 20
    /// Bytes windows overlap by, so a match across a window's edge is found (longer ones may not be).
    static let overlap = 4 << 10

    /// A search of `tree` for `pattern` from byte `origin`: forward, the first match starting at
    /// or after it; backward, the last starting before it.
    public init(tree: JSONTree, pattern: RegexPattern, forward: Bool, from origin: Int) {
        self.tree = tree
        self.pattern = pattern
        self.forward = forward
        // While the root's children are still being found, only those found are searched.
        end = tree.root.map { $0.isComplete ? tree.size : max(0, $0.end) } ?? tree.size
        self.origin = min(max(0, origin), end)
        position = self.origin
    }

    /// How far the search got, 0–1.
    public var progress: Double {
        guard end > 0 else { return 1 }
        let done = forward
            ? (wrapped ? end - origin + position : position - origin)
            : (wrapped ? origin + end - position : origin - position)
        return min(1, Double(done) / Double(end))
    }

    /// Searches the next window.
    public mutating func step() -> Outcome {
        forward ? stepForward() : stepBackward()
    }

    private mutating func stepForward() -> Outcome {
        let limit = wrapped ? origin : end
        if position >= limit {
            guard !wrapped else { return .notFound }
            wrapped = true
            position = 0
            return origin == 0 ? .notFound : .searching
        }
        let bytes = tree.bytes(in: position..<min(end, position + Self.window + Self.overlap))
        let found = bytes.withUnsafeBytes { pattern.firstMatch(in: $0, from: 0) }
        if let found, position + found.lowerBound < limit {
            return .found((position + found.lowerBound)..<(position + found.upperBound), wrapped: wrapped)
        }
        position = min(limit, position + Self.window)
        return .searching
    }

    private mutating func stepBackward() -> Outcome {
        let floor = wrapped ? origin : 0
        if position <= floor {
            guard !wrapped else { return .notFound }
            wrapped = true
            position = end
            return origin == end ? .notFound : .searching
        }
        let start = max(floor, position - Self.window)
        let bytes = tree.bytes(in: start..<min(end, position + Self.overlap))
        let ranges = bytes.withUnsafeBytes { pattern.matchRanges(in: $0) }
        if let last = ranges.last(where: { start + $0.lowerBound < position }) {
            return .found((start + last.lowerBound)..<(start + last.upperBound), wrapped: wrapped)
        }
        position = start
        return .searching
    }
}
