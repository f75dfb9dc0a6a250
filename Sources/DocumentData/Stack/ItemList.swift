/// The items of a section: an array in memory, or items decoded from a file only when asked for
/// (``LazyDocument``). Indexing a stored list reads and decodes that one item.
public struct ItemList: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable {
    private enum Storage {
        case array([StackDocument.Item])
        case stored(any ItemStore, section: Int, range: Range<Int>)
    }

    private let storage: Storage

    /// Items held in memory.
    public init(_ items: [StackDocument.Item]) {
        storage = .array(items)
    }

    /// A list of `items` in memory.
    public init(arrayLiteral items: StackDocument.Item...) {
        storage = .array(items)
    }

    /// Items `range` of `store` (by ordinal), the items of section number `section`.
    init(store: any ItemStore, section: Int, range: Range<Int>) {
        storage = .stored(store, section: section, range: range)
    }

    /// The first ordinal.
    public var startIndex: Int { 0 }

    /// One past the last ordinal: the number of items known.
    public var endIndex: Int {
        switch storage {
        case .array(let items): return items.count
        case .stored(_, _, let range): return range.count
        }
    }

    /// The item at `position`, decoded from the file if it is not in memory.
    public subscript(position: Int) -> StackDocument.Item {
        switch storage {
        case .array(let items): return items[position]
        case .stored(let store, let section, let range):
            return store.item(atOrdinal: range.lowerBound + position, section: section, index: position)
        }
    }

    /// The `detail` level of item `position`, without decoding it when it is stored.
    public func detail(at position: Int) -> Int {
        switch storage {
        case .array(let items): return items[position].detail
        case .stored(let store, _, let range): return store.detail(atOrdinal: range.lowerBound + position)
        }
    }

    /// The positions from `start` on of the items whose `detail` is at most `level`, in order,
    /// without decoding any: one pass over the scan's records for stored items.
    public func positions(upToDetail level: Int, from start: Int = 0) -> [Int] {
        switch storage {
        case .array(let items):
            return (start..<items.count).filter { items[$0].detail <= level }
        case .stored(let store, _, let range):
            return store.ordinals(upToDetail: level, in: (range.lowerBound + start)..<range.upperBound, relativeTo: range.lowerBound)
        }
    }

    /// What item `position`'s raw bytes say about `pattern`: `.maybe` for items in memory
    /// (match their fields), else the store's raw-byte pass.
    public func rawMatch(_ pattern: RegexPattern, at position: Int) -> RawMatch {
        firstRawCandidate(pattern, in: position..<(position + 1)) == position ? .maybe : .no
    }

    /// The first of `positions` whose raw bytes may match `pattern` (every item in memory may),
    /// or `positions.upperBound` when none may: the items between are passed without a call each.
    public func firstRawCandidate(_ pattern: RegexPattern, in positions: Range<Int>) -> Int {
        switch storage {
        case .array: return positions.lowerBound
        case .stored(let store, _, let range):
            let ordinals = (range.lowerBound + positions.lowerBound)..<(range.lowerBound + positions.upperBound)
            return store.firstRawCandidate(pattern, in: ordinals) - range.lowerBound
        }
    }

    /// Whether the items are stored in a file rather than held in memory.
    public var isStored: Bool {
        if case .stored = storage { return true }
        return false
    }

    /// Whether both hold the same items (compared without decoding a lazy list: the same file region).
    public static func == (lhs: ItemList, rhs: ItemList) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.array(let left), .array(let right)): return left == right
        case (.stored(let left, let s, let a), .stored(let right, let t, let b)):
            return left === right && s == t && a == b
        default: return lhs.elementsEqual(rhs)
        }
    }
}

/// Items kept outside memory and decoded one at a time, by ordinal (their number in the file).
///
/// Not `Sendable`: a store may read and cache on every call (``LazyDocument``'s does, without a
/// lock), so it — and a ``StackDocument`` or ``ItemList`` that holds one — stays on one thread.
public protocol ItemStore: AnyObject {
    /// Item `ordinal`, the `index`-th of section `section` (which names it in error rows).
    func item(atOrdinal ordinal: Int, section: Int, index: Int) -> StackDocument.Item
    /// The `detail` level of item `ordinal`, known without decoding it.
    func detail(atOrdinal ordinal: Int) -> Int
    /// Where the item with `id` is: its section and index there, if such an item was found.
    func location(ofItemID id: String) -> (section: Int, index: Int)?
    /// The first of `ordinals` whose raw bytes may match `pattern` (the others need not be
    /// decoded), or `ordinals.upperBound` when none may.
    func firstRawCandidate(_ pattern: RegexPattern, in ordinals: Range<Int>) -> Int
    /// The ordinals in `ordinals` of the items whose `detail` is at most `level`, less `base`.
    func ordinals(upToDetail level: Int, in ordinals: Range<Int>, relativeTo base: Int) -> [Int]
}

extension ItemStore {
    /// The ordinals in `ordinals` of the items shown at detail `level`, each less `base`.
    public func ordinals(upToDetail level: Int, in ordinals: Range<Int>, relativeTo base: Int) -> [Int] {
        ordinals.filter { detail(atOrdinal: $0) <= level }.map { $0 - base }
    }

    /// Nothing is known without decoding: every item may match.
    public func firstRawCandidate(_ pattern: RegexPattern, in ordinals: Range<Int>) -> Int { ordinals.lowerBound }
}
