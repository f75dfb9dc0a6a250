import DocumentData

/// A jump beyond what the scan has found so far — a `:goto` path, or `G` to the last node —
/// tried again as it finds more, until the scan ends or a key.
struct PendingJumpJob<Content: NodeFocusing>: ContentJob {
    /// Where it jumps.
    enum Target {
        /// A path, or when it is not there once the scan ended and `orNearest`, the nearest node.
        case path(JSONPath, orNearest: Bool)
        case bottom
    }

    var kind: ViewerJob { .pendingJump }
    let target: Target

    init(_ target: Target) { self.target = target }

    /// Said on the status line's reading note, not as a message.
    func progress(in content: Content) -> String? { nil }

    /// What the status line's reading note says of it.
    func readingNote(in content: Content) -> String {
        let read = content.json.tree.readNote
        switch target {
        case .path(let path, _): return "goto \(path): reading on to find it, \(read) \(JobPolicy.hint(for: .pendingJump))"
        case .bottom: return "G: on to the last node as it is read, \(read) \(JobPolicy.hint(for: .pendingJump))"
        }
    }

    /// After a take-in: the path looked for again, or the last node focused again.
    mutating func step(in content: inout Content) -> JobStep {
        switch target {
        case .path(let path, let orNearest):
            content.start(PathLookupJob(path, in: content, orNearest: orNearest))
            return .ended(said: nil)
        case .bottom:
            content.focusLast()
            return content.json.tree.isScanning ? .caughtUp : .ended(said: nil)
        }
    }
}
