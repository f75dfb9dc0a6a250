import DocumentData
import TerminalUI

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

/// A jump beyond what the scan has found so far — a `:goto` path, or `G` to the last node —
/// tried again as it finds more, until the scan ends or a key.
struct PendingJumpJob<Content: NodeFocusing>: ContentJob {
    /// Where it jumps.
    enum Target {
        case path(JSONPath)
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
        case .path(let path): return "goto \(path): reading on to find it, \(read) \(JobPolicy.hint(for: .pendingJump))"
        case .bottom: return "G: on to the last node as it is read, \(read) \(JobPolicy.hint(for: .pendingJump))"
        }
    }

    /// After a take-in: the path looked for again, or the last node focused again.
    mutating func step(in content: inout Content) -> JobStep {
        switch target {
        case .path(let path):
            content.start(PathLookupJob(path, in: content))
            return .ended(said: nil)
        case .bottom:
            content.focusLast()
            return content.json.tree.isScanning ? .caughtUp : .ended(said: nil)
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
