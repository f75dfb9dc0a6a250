// MARK: - A document still being read

extension Browser {
    /// Whether the document is still being read.
    public var isLoading: Bool { loading.isLoading }

    /// Whether a jump waits for the scan (End, or `:goto` to an id not found yet).
    public var isWaitingForScan: Bool { loading.pendingJump != nil }

    /// Takes in what the scan found since the last call: rows are added below, and nothing on
    /// screen moves. A jump waiting for an id is carried out once the id is found; one waiting
    /// for the end, when the scan ends.
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func absorbLoadedItems() -> Bool {
        guard let news = loading.takeIn() else { return false }
        if let document = news.document {
            view.takeIn(document)
            if case .id(let id, let alignment)? = loading.pendingJump, view.scroll(toID: id, alignment: alignment) {
                loading.jumpArrived()
            }
        }
        if news.ended, loading.end() == .bottom { perform(.bottom) }
        return true
    }
}
