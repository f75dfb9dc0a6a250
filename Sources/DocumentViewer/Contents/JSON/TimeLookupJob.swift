import DocumentData

/// `:goto 10:32` (or a date and time) in a tree or a table of a log's records: the first record
/// at or after the moment focused (``TimeLookup``). Records are looked at once the file is read
/// whole: an answer from part of it could be a record a later one comes before.
struct TimeLookupJob<Content: NodeFocusing>: ContentJob {
    var kind: ViewerJob { .lookup }
    private var lookup: TimeLookup?
    private let target: String

    init(_ target: String) {
        self.target = target
    }

    func progress(in content: Content) -> String? {
        let tree = content.json.tree
        if tree.isScanning { return "goto \(target): the file is still read (\(tree.readNote)) \(JobPolicy.hint(for: .lookup))" }
        return "goto \(target): reading the records' times… \(Int((lookup?.progress ?? 0) * 100))% \(JobPolicy.hint(for: .lookup))"
    }

    mutating func step(in content: inout Content) -> JobStep {
        // (Woken when the input grows or ends: nothing runs meanwhile.)
        guard !content.json.tree.isScanning else { return .caughtUp }
        if lookup == nil {
            guard let made = TimeLookup(target, in: content.json.tree) else {
                return .ended(said: "goto \(target): the root holds no records to find a time in")
            }
            lookup = made
        }
        switch lookup!.step() {
        case .searching:
            return .working
        case .found(let index):
            switch content.focus(nodeAt: [index], opensString: false) {
            case .focused(let said): return .ended(said: said)
            case .leftOut: return .ended(said: content.leftOutNote([index], path: JSONPath(components: [.index(index)])))
            }
        case .notFound:
            return .ended(said: "goto \(target): no record at or after it (records carry their time in ts, time, timestamp, @timestamp, t or date)")
        }
    }
}
