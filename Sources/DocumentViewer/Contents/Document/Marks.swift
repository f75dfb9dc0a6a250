/// The marked items and cards, by id: kept outside the rows, so they survive scrolling,
/// filtering and resizing. Only its own methods change it.
struct Marks {
    /// The marked ids.
    private(set) var ids: Set<String> = []

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }

    func contains(_ id: String) -> Bool { ids.contains(id) }

    /// Marks `id`, or unmarks it.
    mutating func toggle(_ id: String) {
        if ids.remove(id) == nil { ids.insert(id) }
    }

    /// The marked ids shown in `rows`, in document order (a card by its place in its strip).
    func inDocumentOrder(of rows: DocumentRows) -> [String] {
        ids.compactMap { id -> (row: Int, card: Int, id: String)? in
            guard let row = rows.rowIndex(forID: id) else { return nil }
            return (row, rows.cardPosition(forID: id) ?? 0, id)
        }
        .sorted { ($0.row, $0.card) < ($1.row, $1.card) }
        .map(\.id)
    }

    /// The next mark after the focus — `focusedID` when marked, else the position `(row, card)`
    /// — wrapping at the end; nil when no mark shows in `rows`.
    func next(after focusedID: String?, at position: (row: Int, card: Int), in rows: DocumentRows) -> String? {
        let ordered = inDocumentOrder(of: rows)
        guard !ordered.isEmpty else { return nil }
        if let here = focusedID.flatMap({ ordered.firstIndex(of: $0) }) { return ordered[(here + 1) % ordered.count] }
        return ordered.first { id in
            (rows.rowIndex(forID: id) ?? 0, rows.cardPosition(forID: id) ?? 0) > position
        } ?? ordered[0]
    }

    /// The lines of the marks box: each mark shown with its title, and how many are hidden.
    func listing(in rows: DocumentRows, detailLevel: Int) -> [String] {
        let ordered = inDocumentOrder(of: rows)
        let hidden = ids.count - ordered.count
        var lines = ordered.map { id in "\(id)  \(rows.title(forID: id) ?? "")" }
        if hidden > 0 { lines.append("(\(hidden) more hidden at detail \(detailLevel))") }
        if lines.isEmpty { lines = ["No marks: m marks the focused item."] }
        return lines
    }
}
