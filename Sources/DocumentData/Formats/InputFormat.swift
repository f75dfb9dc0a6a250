/// What the bytes of an input are (after any decompression), told by their content — never by
/// the file's name — or named with `--format`. Everything but JSON is made into JSON Lines as
/// it is read (``InputSpool``), so that the tree, the table, search and every whole-file job
/// read one kind of bytes.
public enum InputFormat: Equatable, Sendable {
    /// JSON or JSON Lines, read as it is.
    case json
    /// Comma-, semicolon-, tab- or bar-separated values (RFC 4180), the first row naming the
    /// columns: a record per row.
    case csv(delimiter: UInt8)
    /// `key=value` pairs, a record per line (Go services, Loki, Heroku).
    case logfmt
    /// YAML 1.2, through libyaml: each document of the stream a value.
    case yaml
    /// Lines of text, a string per line, as `less` shows them.
    case text

    /// The format `--format NAME` names: json, jsonl, csv, tsv, yaml, logfmt or text.
    public init?(name: String) {
        switch name.lowercased() {
        case "json", "jsonl", "ndjson": self = .json
        case "csv": self = .csv(delimiter: UInt8(ascii: ","))
        case "tsv": self = .csv(delimiter: 0x09)
        case "yaml", "yml": self = .yaml
        case "logfmt": self = .logfmt
        case "text", "txt": self = .text
        default: return nil
        }
    }

    /// Whether the file at `path` says by its name that it is JSON (`.json`, `.jsonl`,
    /// `.ndjson`, `.geojson`, compressed or not): such a file is JSON even when its first bytes
    /// are not, so that a broken one says where it breaks.
    public static func namesJSON(_ path: String) -> Bool {
        var name = Substring(path.lowercased())
        for suffix in [".gz", ".zst", ".xz", ".bz2"] where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
        }
        return [".json", ".jsonl", ".ndjson", ".geojson"].contains { name.hasSuffix($0) }
    }

    /// Whether it holds records with columns, best shown as a table.
    public var isTabular: Bool {
        if case .csv = self { return true }
        return false
    }

    /// The bytes looked at to tell the format.
    static let sniffLength = 1 << 16

    /// The format `head`, an input's first bytes, is in; nil while it cannot tell yet and more
    /// may come. With `final` (the input ended, paused, or `head` is ``sniffLength`` long) it
    /// decides from what there is. Input that starts with `{` or `[`, or holds a NUL byte, is
    /// JSON (so that a broken JSON file, or a binary one, is refused where it breaks) — unless
    /// its first two lines each start with one and are no JSON: a text log
    /// (`[2026-11-28 10:00:00] local.ERROR: …`, `[INFO] …`).
    static func sniff(_ head: [UInt8], final: Bool) -> InputFormat? {
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        guard start < head.count else { return final ? .json : nil }
        if head[start] == UInt8(ascii: "{") || head[start] == UInt8(ascii: "[") {
            switch bracketedLinesAreText(head[start...], final: final) {
            case false?: return .json
            case nil: return nil
            case true?: break
            }
        }
        guard final else { return nil }
        if head.contains(0) { return .json }
        // Complete lines only, unless the input ended there.
        let body = Array(head[start...])
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.count > 1, body.last != 0x0A { lines.removeLast() }
        lines = lines.map { $0.last == 0x0D ? $0.dropLast() : $0 }
        let shown = lines.filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }.prefix(50)
        if isJSON(body) { return .json }
        if looksLikeYAML(shown) { return .yaml }
        if looksLikeLogfmt(shown) { return .logfmt }
        if let delimiter = CSVSniff.delimiter(of: body) { return .csv(delimiter: delimiter) }
        return .text
    }

    /// Whether input starting with a bracket is a text log rather than JSON: its first line fails
    /// JSON's grammar, and so does its next line, which starts with a bracket too; nil while that
    /// cannot be told yet (and more may come).
    private static func bracketedLinesAreText(_ body: ArraySlice<UInt8>, final: Bool) -> Bool? {
        var check = JSONInputCheck()
        if body.withUnsafeBufferPointer({ check.check($0) }) { return false }
        guard let failure = check.failure, let firstEnd = body.firstIndex(of: 0x0A),
              failure.offset < firstEnd - body.startIndex
        else {
            // Broken past its first line (or with no line ended yet): JSON, unless a line may
            // still come that tells.
            return body.contains(0x0A) || final ? false : nil
        }
        let rest = body[(firstEnd + 1)...].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let secondEnd = rest.firstIndex(of: 0x0A) else { return final ? false : nil }
        let second = rest[..<secondEnd]
        guard second.first == UInt8(ascii: "{") || second.first == UInt8(ascii: "[") else { return false }
        return (try? JSONParser.parse(Array(second))) == nil
    }

    /// Whether `bytes` check as JSON or JSON Lines to their last line feed (numbers, strings,
    /// `true`: a scalar per line).
    private static func isJSON(_ bytes: [UInt8]) -> Bool {
        var check = JSONInputCheck()
        let end = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        return bytes[..<end].withUnsafeBufferPointer { check.check($0) } && check.finish()
    }

    /// Whether every line is YAML's (`key: value`, `- item`, a comment, an indented line) and
    /// one starts a mapping or the stream says it is YAML (`---`, `%YAML`).
    private static func looksLikeYAML(_ lines: some Collection<ArraySlice<UInt8>>) -> Bool {
        guard let first = lines.first else { return false }
        if first.starts(with: Array("---".utf8)) || first.starts(with: Array("%YAML".utf8)) { return true }
        var keys = 0
        for line in lines {
            let text = line.drop { $0 == 0x20 }
            if text.first == UInt8(ascii: "#") || text.starts(with: [UInt8(ascii: "-"), 0x20]) || text.elementsEqual([UInt8(ascii: "-")]) {
                continue
            }
            if text.count < line.count, !text.isEmpty { continue }
            guard let colon = text.firstIndex(of: UInt8(ascii: ":")),
                  colon == text.index(before: text.endIndex) || text[text.index(after: colon)] == 0x20,
                  let head = text.first, isYAMLKeyStart(head),
                  !text[..<colon].contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ",") })
            else { return false }
            keys += 1
        }
        return keys > 0
    }

    private static func isYAMLKeyStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte >= 0x80
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "?")
    }

    /// Whether most lines are `key=value` pairs, two or more a line.
    private static func looksLikeLogfmt(_ lines: some Collection<ArraySlice<UInt8>>) -> Bool {
        guard !lines.isEmpty else { return false }
        let pairs = lines.filter { line in
            let fields = LogfmtLine.fields(Array(line))
            return fields.allSatisfy { !$0.key.isEmpty } && fields.filter(\.hasValue).count >= 2
        }
        // (Two thirds: a log's lines of another kind — a stack trace — among its records.)
        return pairs.count >= min(2, lines.count) && pairs.count * 3 >= lines.count * 2
    }
}

/// The delimiter of a CSV file, told from its first rows.
enum CSVSniff {
    /// The delimiter among comma, tab, semicolon and bar that splits the first rows into the
    /// same number (two or more) of fields, quotes respected; nil when none does.
    static func delimiter(of head: [UInt8]) -> UInt8? {
        var best: (delimiter: UInt8, fields: Int)?
        for delimiter in [UInt8(ascii: ","), 0x09, UInt8(ascii: ";"), UInt8(ascii: "|")] {
            let counts = fieldCounts(head, delimiter: delimiter, rows: 20)
            guard let first = counts.first, first >= 2 else { continue }
            // A single row is a header only if the input ended there (the caller's to know).
            // One row in ten may disagree (at least one: a short file with a broken row).
            let disagreeing = counts.filter { $0 != first }.count
            guard disagreeing <= max(1, counts.count / 10), disagreeing < counts.count - 1 || counts.count == 1 else { continue }
            if best == nil || first > best!.fields { best = (delimiter, first) }
        }
        return best?.delimiter
    }

    /// The number of fields of each of the first `rows` complete rows.
    static func fieldCounts(_ bytes: [UInt8], delimiter: UInt8, rows: Int) -> [Int] {
        var counts: [Int] = []
        var fields = 1
        var quoted = false
        var atFieldStart = true
        // A quote just closed a quoted field: another one is a quote inside it (`""`).
        var closedQuote = false
        for byte in bytes {
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    quoted = false
                    closedQuote = true
                }
                continue
            }
            if closedQuote, byte == UInt8(ascii: "\"") {
                quoted = true
                closedQuote = false
                continue
            }
            closedQuote = false
            if byte == UInt8(ascii: "\""), atFieldStart {
                quoted = true
                atFieldStart = false
            } else if byte == delimiter {
                fields += 1
                atFieldStart = true
            } else if byte == 0x0A {
                counts.append(fields)
                if counts.count == rows { break }
                fields = 1
                atFieldStart = true
            } else if byte != 0x0D {
                atFieldStart = false
            }
        }
        if counts.isEmpty, fields > 1, !quoted { counts.append(fields) }
        return counts
    }
}
