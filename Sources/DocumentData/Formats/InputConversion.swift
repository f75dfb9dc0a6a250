/// What the spool writes for the bytes of an input, as they arrive: JSON as it is (checked as
/// it comes, ``JSONInputCheck``), any other format made into JSON Lines. The format is told
/// from the first bytes (``InputFormat/sniff(_:final:)``) unless it was named.
final class InputConversion {
    private enum Stage {
        case sniffing([UInt8])
        case json(JSONInputCheck)
        /// JSON Lines from a file, past its first ``fileCheckLength`` bytes: written as it is
        /// (a line that is no JSON is a row saying so, whether checked here or not).
        case jsonLinesAsTheyAre
        case records(any RecordTranscoder)
        /// YAML, whose parser reads the input itself: the bytes read while telling the format.
        case yaml([UInt8])
    }

    private var stage: Stage
    private var output = JSONLinesOutput(capacity: 1 << 20)
    private let jsonLines: Bool
    private let isFile: Bool
    /// Writes bytes into the spool; false when it could not (the copy then stops).
    private let write: (UnsafeRawBufferPointer) -> Bool
    /// Set once the format is known.
    private let decided: (InputFormat) -> Void
    /// Where the input stopped being JSON, once it did.
    private(set) var refusal: JSONInputCheck.Failure?

    /// The bytes of a file's JSON Lines checked as they are copied. Past them, the check would
    /// only skip a bad line (which the tree shows as a row saying why) or stop at a NUL byte (a
    /// stream's defence against endless garbage, which a file is not): the lines are written as
    /// they are. A single document is checked to its end, as its tree checks no grammar.
    static let fileCheckLength = 1 << 20

    /// Converts input named `format` (nil: told from its first bytes); `jsonLines` when JSON
    /// input is JSON Lines by its name; `isFile` when the input is a file (it ends).
    init(
        format: InputFormat?, jsonLines: Bool, isFile: Bool = false,
        write: @escaping (UnsafeRawBufferPointer) -> Bool, decided: @escaping (InputFormat) -> Void
    ) {
        self.jsonLines = jsonLines
        self.isFile = isFile
        self.write = write
        self.decided = decided
        stage = .sniffing([])
        if let format { start(format, with: []) }
    }

    /// Whether the input is YAML, which the caller reads with ``YAMLDocuments`` from the bytes
    /// in ``yamlHead`` on.
    var isYAML: Bool {
        if case .yaml = stage { return true }
        return false
    }

    /// The bytes read before the input was known to be YAML.
    var yamlHead: [UInt8] {
        if case .yaml(let head) = stage { return head }
        return []
    }

    /// Takes the next bytes of the input; false once nothing more is to be taken (the input is
    /// refused, or the spool cannot be written).
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard refusal == nil else { return false }
        switch stage {
        case .sniffing(var head):
            head.appendBytes(bytes)
            stage = .sniffing([])
            if let format = InputFormat.sniff(head, final: head.count >= InputFormat.sniffLength) {
                return start(format, with: head)
            }
            stage = .sniffing(head)
            return true
        case .json(var check):
            let before = check.offset
            let fine = bytes.withMemoryRebound(to: UInt8.self) { check.check($0) }
            stage = .json(check)
            // Up to and including a refused byte, so its line and column can be counted.
            let kept = check.failure.map { min(bytes.count, max(0, $0.offset - before + 1)) } ?? bytes.count
            guard write(UnsafeRawBufferPointer(rebasing: bytes[..<kept])) else { return false }
            if !fine {
                refusal = check.failure
                return false
            }
            if isFile, check.isJSONLines, check.offset >= Self.fileCheckLength { stage = .jsonLinesAsTheyAre }
            return true
        case .jsonLinesAsTheyAre:
            return write(bytes)
        case .records(var transcoder):
            stage = .sniffing([])
            transcoder.take(bytes, into: &output)
            stage = .records(transcoder)
            return flush()
        case .yaml(var head):
            head.appendBytes(bytes)
            stage = .yaml(head)
            return true
        }
    }

    /// The input paused: a format not yet told is told from what came.
    func paused() {
        guard case .sniffing(let head) = stage, !head.isEmpty else { return }
        stage = .sniffing([])
        _ = start(InputFormat.sniff(head, final: true) ?? .text, with: head)
    }

    /// The input ended: a format not yet told is told, and a last line without a line feed
    /// written.
    func finish() {
        if case .sniffing(let head) = stage {
            stage = .sniffing([])
            guard start(InputFormat.sniff(head, final: true) ?? .json, with: head) else { return }
        }
        if case .records(var transcoder) = stage {
            transcoder.finish(into: &output)
            stage = .records(transcoder)
            _ = flush()
        }
    }

    @discardableResult
    private func start(_ format: InputFormat, with head: [UInt8]) -> Bool {
        decided(format)
        switch format {
        case .json:
            stage = .json(JSONInputCheck(jsonLines: jsonLines))
            return head.withUnsafeBytes { take($0) }
        case .csv(let delimiter): stage = .records(CSVRecords(delimiter: delimiter))
        case .logfmt: stage = .records(LogfmtRecords())
        case .text: stage = .records(TextLines())
        case .yaml:
            stage = .yaml(head)
            return true
        }
        // (A byte order mark is no part of the first column's name or the first line.)
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        return body.withUnsafeBytes { take($0) }
    }

    private func flush() -> Bool {
        guard !output.bytes.isEmpty else { return true }
        defer { output.bytes.removeAll(keepingCapacity: true) }
        return output.bytes.withUnsafeBytes { write($0) }
    }
}
