import DocumentData

/// `:goto PATH` in a tree or a table: the node at the path looked for a step at a time — a key
/// in an object of millions is a search of its bytes, with progress, and a key stops it — and
/// focused; while the file is read, a path not found yet is looked for again as the scan finds
/// more (``PendingJumpJob``). After `R`, a path no longer there focuses the nearest node that is.
struct PathLookupJob<Content: NodeFocusing>: ContentJob {
    var kind: ViewerJob { .lookup }
    private var lookup: PathLookup
    /// Whether a path not there focuses the nearest node instead (a file opened again).
    private let orNearest: Bool
    /// Whether the scan was still going when the lookup began: it looked at the tables of
    /// then (a last record still read, a root without its last children), so a "not found"
    /// from it is no answer once the scan ended since.
    private let beganWhileScanning: Bool

    init(_ path: JSONPath, in content: Content, orNearest: Bool = false) {
        lookup = PathLookup(path: path, in: content.json.tree)
        self.orNearest = orNearest
        beganWhileScanning = content.json.tree.isScanning
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
                return .ended(said: said ?? (orNearest ? "reloaded: the focus is where it was" : nil))
            case .leftOut:
                return .ended(said: content.leftOutNote(indexes, path: lookup.path))
            }
        case .notFound:
            guard !content.json.tree.isScanning else {
                // It may be further on than the scan got: looked for again as the scan finds more.
                content.wait(PendingJumpJob(.path(lookup.path, orNearest: orNearest)))
                return .ended(said: nil)
            }
            if beganWhileScanning {
                // The scan ended while it looked: looked for again in the whole tree.
                content.start(PathLookupJob(lookup.path, in: content, orNearest: orNearest))
                return .ended(said: nil)
            }
            content.jobs.stop([.pendingJump])
            guard orNearest, case .focused = content.focus(nodeAt: lookup.nearest, opensString: false) else {
                return .ended(said: "goto: no node at \(lookup.path)")
            }
            return .ended(said: "reloaded: \(lookup.path) is no longer there, the nearest node is focused")
        }
    }
}

extension NodeFocusing {
    /// `:goto PATH` (or `:PATH`): the node at the path focused — or, with `orNearest` (the
    /// focus kept across `R`), the nearest node still there when the path is not. `:goto 10:32`
    /// (a time of day, or a date and time) focuses the first record at or after it.
    /// - Returns: what to say when the path is wrong (what the lookup says is its own).
    mutating func goto(_ text: String, orNearest: Bool = false) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath(parsing: text)
        } catch {
            guard !orNearest, TimeLookup.saysAMoment(text) else { return "goto: \(error)" }
            jobs.stop([.pendingJump])
            start(TimeLookupJob(text))
            return nil
        }
        jobs.stop([.pendingJump])
        start(PathLookupJob(path, in: self, orNearest: orNearest))
        return nil
    }
}
