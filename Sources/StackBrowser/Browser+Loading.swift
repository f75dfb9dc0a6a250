import StackDocument
import StackEngine
import TerminalUI

/// A jump that waits for the document's scan: End before the last item is known, or `:goto`
/// to an id not found yet.
enum PendingJump: Equatable {
    case bottom
    case id(String, ScrollAlignment)
}

// MARK: - A document still being read

extension Browser {
    /// A browser of `loading` as read so far; call ``absorbLoadedItems()`` to take in more.
    public init(
        loading: LazyDocument, fileName: String, size: TerminalSize, theme: Theme = .color,
        prefetchScreens: Double = 1, retainScreens: Double = 1
    ) {
        self.init(
            document: loading.document, fileName: fileName, size: size, theme: theme,
            prefetchScreens: prefetchScreens, retainScreens: retainScreens)
        self.loading = loading
    }

    /// Whether the document is still being read.
    public var isLoading: Bool { loading != nil }

    /// The document being read, until its scan ends.
    public var loadingDocument: LazyDocument? { loading }

    /// Whether a jump waits for the scan (the run loop then shows its progress often).
    public var isWaitingForScan: Bool { pendingJump != nil }

    /// Takes in what the scan found since the last call: rows are added below, and nothing on
    /// screen moves. When the scan ends, a waiting jump is carried out.
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func absorbLoadedItems() -> Bool {
        guard let loading else { return false }
        if pendingJump != nil { waitFrames += 1 }
        let changed = loading.update()
        if changed {
            let document = loading.document
            let start = rows.firstChangedRow(for: document)
            stack.replaceRows(from: start) { $0.update(to: document) }
            if focus.map({ $0 >= rows.rowCount || !rows.isFocusable($0) }) ?? true {
                focus = focusable(from: min(focus ?? 0, rows.rowCount - 1), forward: true)
                    ?? focusable(from: rows.rowCount - 1, forward: false)
            }
            if case .id(let id, let alignment)? = pendingJump, rows.rowIndex(forID: id) != nil {
                pendingJump = nil
                scroll(toID: id, alignment: alignment)
            }
        }
        guard loading.isComplete else { return changed }
        self.loading = nil
        loadProblem = loading.failure?.description
        loadNotice = loadProblem
        switch pendingJump {
        case .bottom?: perform(.bottom)
        case .id(let id, _)?: loadNotice = "no item with id \"\(id)\""
        case nil: break
        }
        pendingJump = nil
        return true
    }

    /// The next key has seen the notice the end of loading left.
    mutating func acknowledgeLoadNotice() {
        loadNotice = nil
    }

    /// Waits for the scan (End, or `:goto` to an id not found yet) while it runs; any other key
    /// cancels the wait.
    mutating func waitForScan(_ jump: PendingJump) {
        pendingJump = jump
    }

    /// The status line's note while reading: how much of the file was scanned and, while a
    /// jump waits, a spinner that turns every frame (so a wait never looks frozen).
    var loadingNote: String? {
        guard let loading else { return nil }
        // Standard input still streaming in has no size yet: say how much arrived.
        let progress = loading.sizeIsKnown
            ? "reading \(Int(loading.fractionScanned * 100))%" : "reading, \(loading.fileSize >> 20) MB so far"
        guard pendingJump != nil else { return progress }
        let spinner = Self.spinner[waitFrames % Self.spinner.count]
        return "\(spinner) \(progress), waiting for the end"
    }

    private static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
