import DocumentData

// MARK: - A frequency table or a column summary asked for in a tree

extension TreeContent {
    /// `v`, `I`, `:freq`, `:describe` in a tree: the focused array's records as a table (as `T`
    /// shows them, the focused member's column selected), its summary shown over it.
    /// - Returns: what to say.
    mutating func summarize(_ summary: SummaryRequest) -> String? {
        let said = showTable()
        guard var table = handover as? TableContent else { return said }
        let refused = table.summarize(summary)
        handover = table
        return refused
    }
}
