import CYAML

/// YAML made into JSON as it is read, through libyaml's events: each document of the stream
/// becomes a line of JSON (one document is then the whole tree; several are its records). Plain
/// scalars are resolved as YAML 1.2's core schema does (`null`, `~`, `true`, `42`, `0x1F`,
/// `1.5e3`), every other scalar is a string; anchors and aliases are resolved, up to
/// ``aliasLimit`` bytes of aliased JSON in all — a "billion laughs" file is refused, not
/// expanded.
final class YAMLDocuments {
    /// Bytes aliases may expand into, in all.
    static let aliasLimit = 8 << 20

    private let source: any ByteSource
    private let name: String
    private var readFailure: DocumentError?
    private var output = JSONLinesOutput(capacity: 1 << 20)
    /// The open containers: whether each is a mapping, and how many keys and values it holds.
    private var containers: [(isMapping: Bool, count: Int)] = []
    /// The JSON of anchored nodes being written, by anchor, and the depth each started at.
    private var capturing: [Capture] = []
    private var anchors: [String: [UInt8]] = [:]
    /// Anchors whose JSON grew past ``aliasLimit`` while it was gathered: not kept.
    private var oversized: Set<String> = []
    /// The bytes the open captures hold in all.
    private var captured = 0
    private var aliased = 0

    /// The JSON of an anchored node, gathered as it is written (a class: appended in place).
    private final class Capture {
        let anchor: String
        let depth: Int
        var bytes: [UInt8] = []
        /// Whether it grew past the limit: its bytes were let go.
        var isOversized = false

        init(anchor: String, depth: Int) {
            self.anchor = anchor
            self.depth = depth
        }
    }

    init(source: any ByteSource, name: String) {
        self.source = source
        self.name = name
    }

    /// Reads the whole stream, handing `flush` the JSON made so far after each document and
    /// whenever a megabyte is ready; `flush` returns false to stop.
    /// - Throws: ``DocumentError``: the YAML is malformed (with its line and column), a key is
    ///   not a scalar, or aliases expand too far.
    func convert(flush write: (inout JSONLinesOutput) -> Bool) throws(DocumentError) {
        func flush(_ output: inout JSONLinesOutput) -> Bool {
            defer { output.bytes.removeAll(keepingCapacity: true) }
            return write(&output)
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .unreadable(file: name, reason: "cannot start the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input(&parser, { data, buffer, size, read in
            let documents = Unmanaged<YAMLDocuments>.fromOpaque(data!).takeUnretainedValue()
            do {
                read!.pointee = try documents.source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
                return 1
            } catch {
                documents.readFailure = error as? DocumentError
                return 0
            }
        }, Unmanaged.passUnretained(self).toOpaque())
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                if let readFailure { throw readFailure }
                let mark = parser.problem_mark
                let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                let context = parser.context.map { " " + String(cString: $0) } ?? ""
                throw .malformed(
                    file: name, JSONParseError(line: mark.line + 1, column: mark.column + 1, message: "YAML: \(problem)\(context)"))
            }
            defer { yaml_event_delete(&event) }
            let mark = event.start_mark
            switch event.type {
            case YAML_STREAM_END_EVENT:
                _ = flush(&output)
                return
            case YAML_DOCUMENT_END_EVENT:
                output.endLine()
                guard flush(&output) else { return }
            case YAML_MAPPING_START_EVENT:
                try refuseKey(at: mark)
                try startValue(anchor: event.data.mapping_start.anchor, at: mark)
                emit(UInt8(ascii: "{"))
                containers.append((true, 0))
            case YAML_SEQUENCE_START_EVENT:
                try refuseKey(at: mark)
                try startValue(anchor: event.data.sequence_start.anchor, at: mark)
                emit(UInt8(ascii: "["))
                containers.append((false, 0))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                let closed = containers.removeLast()
                emit(closed.isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                endValue()
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = UnsafeRawBufferPointer(start: scalar.value, count: scalar.length)
                let isKey = isAtKey
                try startValue(anchor: scalar.anchor, at: mark)
                var json = JSONLinesOutput()
                let tag = scalar.tag.map { String(cString: $0) }
                if isKey || scalar.style != YAML_PLAIN_SCALAR_STYLE || tag == "tag:yaml.org,2002:str" {
                    json.appendString(text)
                } else {
                    Self.appendPlain(text, into: &json)
                }
                emit(json.bytes)
                // (A key's own anchor ends before its colon.)
                endValue()
                if isKey { emit(UInt8(ascii: ":")) }
            case YAML_ALIAS_EVENT:
                let anchor = String(cString: event.data.alias.anchor)
                if oversized.contains(anchor) {
                    throw .malformed(file: name, JSONParseError(
                        line: mark.line + 1, column: mark.column + 1,
                        message: "YAML: the anchor &\(anchor) holds more than \(ByteCount(Self.aliasLimit)): its aliases are refused"))
                }
                guard let bytes = anchors[anchor] else {
                    throw .malformed(file: name, JSONParseError(
                        line: mark.line + 1, column: mark.column + 1, message: "YAML: the alias *\(anchor) names no anchor before it"))
                }
                try startValue(anchor: nil, at: mark)
                aliased += bytes.count
                guard aliased <= Self.aliasLimit else {
                    throw .malformed(file: name, JSONParseError(
                        line: mark.line + 1, column: mark.column + 1,
                        message: "YAML: aliases expand to more than \(ByteCount(Self.aliasLimit)) (refused: a \"billion laughs\" file?)"))
                }
                if isAtKey {
                    // (A key is a string: an alias of a number or a container is written as text.)
                    var key = JSONLinesOutput()
                    if bytes.first == UInt8(ascii: "\"") { key.bytes = bytes } else { key.appendString(bytes) }
                    emit(key.bytes)
                    endValue()
                    emit(UInt8(ascii: ":"))
                } else {
                    emit(bytes)
                    endValue()
                }
            default:
                break
            }
            if output.bytes.count >= 1 << 20, !flush(&output) { return }
        }
    }

    /// Whether the next value is a mapping's key.
    private var isAtKey: Bool { containers.last.map { $0.isMapping && $0.count % 2 == 0 } ?? false }

    /// Refuses a mapping or a sequence as a mapping's key (JSON's keys are strings).
    private func refuseKey(at mark: yaml_mark_t) throws(DocumentError) {
        guard isAtKey else { return }
        throw .malformed(file: name, JSONParseError(
            line: mark.line + 1, column: mark.column + 1, message: "YAML: a key that is a mapping or a sequence (JSON's keys are strings)"))
    }

    /// Before a value: a comma when it is not its container's first, and the start of the
    /// capture of an anchored value.
    private func startValue(anchor: UnsafeMutablePointer<yaml_char_t>?, at mark: yaml_mark_t) throws(DocumentError) {
        if let last = containers.last {
            if last.count > 0, !(last.isMapping && last.count % 2 == 1) { emit(UInt8(ascii: ",")) }
        }
        if let anchor {
            capturing.append(Capture(anchor: String(cString: anchor), depth: containers.count))
        }
    }

    /// After a value: counted in its container, and an anchored one's capture kept.
    private func endValue() {
        if !containers.isEmpty { containers[containers.count - 1].count += 1 }
        while let last = capturing.last, last.depth == containers.count {
            capturing.removeLast()
            captured -= last.bytes.count
            if last.isOversized {
                oversized.insert(last.anchor)
                anchors[last.anchor] = nil
            } else {
                oversized.remove(last.anchor)
                anchors[last.anchor] = last.bytes
            }
        }
    }

    private func emit(_ byte: UInt8) {
        emit(CollectionOfOne(byte))
    }

    /// Writes `bytes`, and gathers them into each open anchor's JSON — while all of those
    /// together hold no more than twice ``aliasLimit``: past it, the largest are let go (an
    /// alias of one is refused), so nested anchors cannot hold the document many times over.
    private func emit(_ bytes: some Collection<UInt8>) {
        output.bytes.append(contentsOf: bytes)
        for capture in capturing where !capture.isOversized {
            capture.bytes.append(contentsOf: bytes)
            captured += bytes.count
        }
        while captured > 2 * Self.aliasLimit, let largest = capturing.first(where: { !$0.isOversized }) {
            captured -= largest.bytes.count
            largest.bytes = []
            largest.isOversized = true
        }
    }

    /// A plain scalar resolved as YAML 1.2's core schema resolves it.
    static func appendPlain(_ text: UnsafeRawBufferPointer, into json: inout JSONLinesOutput) {
        let string = String(decoding: text, as: UTF8.self)
        switch string {
        case "", "~", "null", "Null", "NULL": json.bytes.append(contentsOf: Array("null".utf8))
        case "true", "True", "TRUE": json.bytes.append(contentsOf: Array("true".utf8))
        case "false", "False", "FALSE": json.bytes.append(contentsOf: Array("false".utf8))
        default:
            if let number = jsonNumber(string) {
                json.bytes.append(contentsOf: Array(number.utf8))
            } else {
                json.appendString(text)
            }
        }
    }

    /// `text` as a JSON number when the core schema reads it as an integer or a finite float.
    static func jsonNumber(_ text: String) -> String? {
        if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return "\(value)" }
        if text.hasPrefix("0o"), let value = UInt64(text.dropFirst(2), radix: 8) { return "\(value)" }
        var body = Substring(text)
        var sign = ""
        if body.first == "-" || body.first == "+" {
            if body.first == "-" { sign = "-" }
            body = body.dropFirst()
        }
        let parts = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        guard let mantissa = parts.first, parts.count <= 2 else { return nil }
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard pieces.allSatisfy(digits), pieces.contains(where: { !$0.isEmpty }) else { return nil }
        var integer = String(pieces[0].drop { $0 == "0" })
        if integer.isEmpty { integer = "0" }
        var result = sign + integer
        if pieces.count == 2 {
            guard pieces[0].count > 0 || pieces[1].count > 0 else { return nil }
            result += "." + (pieces[1].isEmpty ? "0" : pieces[1])
        }
        if parts.count == 2 {
            var exponent = parts[1]
            var exponentSign = ""
            if exponent.first == "-" || exponent.first == "+" {
                exponentSign = String(exponent.first!)
                exponent = exponent.dropFirst()
            }
            guard !exponent.isEmpty, digits(exponent) else { return nil }
            result += "e" + exponentSign + exponent
        }
        return Array(result.utf8).withUnsafeBytes { JSONLinesOutput.isJSONNumber($0) } ? result : nil
    }
}
