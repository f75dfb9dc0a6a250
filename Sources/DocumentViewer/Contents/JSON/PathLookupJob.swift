import DocumentData

/// `:goto PATH` in a tree or a table: the node at the path looked for a step at a time — a key
/// in an object of millions is a search of its bytes, with progress, and a key stops it — and
/// focused; while the file is read, a path not found yet is looked for again as the scan finds
/// more (``PendingJumpJob``).
struct PathLookupJob<Content: NodeFocusing>: ContentJob {
    var kind: ViewerJob { .lookup }
    private var lookup: PathLookup

    init(_ path: JSONPath, in content: Content) {
        lookup = PathLookup(path: path, in: content.json.tree)
    }

    func progress(in content: Content) -> String? {
        "goto \(lookup.path): looking for the key… \(Int(lookup.progress * 100))% \(JobPolicy.hint(for: .lookup))"
    }

    mutating func step(in content: inout Content) -> JobStep {
        switch lookup.step() {
        case .searching:
            return .working
        case .found(let indexes):
            switch content.focus(nodeAt: indexes, opensString: false) {
            case .focused(let said):
                content.jobs.stop([.pendingJump])
                return .ended(said: said)
            case .leftOut:
                return .ended(said: content.leftOutNote(indexes, path: lookup.path))
            }
        case .notFound:
            guard !content.json.tree.isScanning else {
                // It may be further on than the scan got: looked for again as the scan finds more.
                content.wait(PendingJumpJob(.path(lookup.path)))
                return .ended(said: nil)
            }
            content.jobs.stop([.pendingJump])
            return .ended(said: "goto: no node at \(lookup.path)")
        }
    }
}

extension NodeFocusing {
    /// `:goto PATH` (or `:PATH`): the node at the path focused.
    /// - Returns: what to say when the path is wrong (what the lookup says is its own).
    mutating func goto(_ text: String) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath(parsing: text)
        } catch {
            return "goto: \(error)"
        }
        jobs.stop([.pendingJump])
        start(PathLookupJob(path, in: self))
        return nil
    }
}
