import DocumentData

/// The marked nodes of a tree, by their child indexes from the root: a node keeps its mark
/// through folds, filters and scrolling, and a mark inside a closed container is reached by
/// opening its ancestors. Document order is the indexes' lexicographic order (a container
/// before what it holds).
struct TreeMarks {
    private(set) var marked: Set<[Int]> = []

    var count: Int { marked.count }
    var isEmpty: Bool { marked.isEmpty }

    func contains(_ indexes: [Int]) -> Bool { marked.contains(indexes) }

    /// Marks the node, or unmarks it.
    /// - Returns: whether it is marked now.
    @discardableResult
    mutating func toggle(_ indexes: [Int]) -> Bool {
        if marked.remove(indexes) != nil { return false }
        marked.insert(indexes)
        return true
    }

    /// The marks in document order.
    var inDocumentOrder: [[Int]] {
        marked.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The marks in document order starting with the first after `indexes`, wrapping around.
    func following(_ indexes: [Int]) -> [[Int]] {
        let ordered = inDocumentOrder
        let next = ordered.firstIndex { indexes.lexicographicallyPrecedes($0) } ?? 0
        return Array(ordered[next...] + ordered[..<next])
    }
}
