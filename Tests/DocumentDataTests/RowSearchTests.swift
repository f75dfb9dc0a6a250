import TestSupport
import Testing
@testable import DocumentData

/// Issue 45: `/` and `&` match a row's text as the tree draws it, found through the file's bytes
/// by the literal a pattern requires.
@Suite struct RowSearchTests {
    @Test(arguments: [
        (#"level: "error""#, ["level", "error"]), ("colou?r", ["colo", "r"]), ("ab+c", ["ab", "c"]),
        ("a|b", []), ("(?i)x", []), ("café", ["café"]), ("x{0,2}y", ["y"]), ("ab{2}c", ["ab", "c"]),
        (#"q\x41bc"#, ["q"]), ("a.b", ["a", "b"]), ("[abc]d", ["d"]), (#"\.json"#, [".json"]), ("(ab)+cd", ["cd"]),
        (#"\d+ items"#, ["items"]), (#"a\\nb"#, ["a", "b"]), ("x{", ["x{"]), (#"^\{$"#, ["{"]),
        (#"xyz\Q(\E|abc"#, []), ("xyz(?#()|abc", []), ("[[:alpha:]]abc", ["abc"]), (#"\N{U+41}bc"#, []),
        ("abc(*ACCEPT)xyz", []), ("ab{,3}c", ["a", "c"]),
    ])
    func aPatternsRequiredTextIsReadConservatively(pattern: String, pieces: [String]) {
        #expect(RequiredText.pieces(of: pattern) == pieces)
    }

    @Test(arguments: [
        (#"\d{12}"#, true), ("error|warn", true), (#"user\d+"#, true), ("[a-z.]+", true), ("(?:ab)+c", true),
        (".x", false), (#"\s"#, false), ("[^a]", false), ("^a", false), ("a*", false), (#"a\b"#, false), ("é", false),
        ("a b", false), ("(?=a)a", false), (#"a\072"#, false), ("a[0-z]", false), ("[+-_]", false), ("(*COMMIT)a+b", false),
        ("[a-f0-9]+", true),
    ])
    func aPatternThatStaysInOneKeyOrValueIsRunOnTheBytes(pattern: String, stays: Bool) {
        #expect(RequiredText.staysInOneToken(pattern) == stays)
    }

    @Test(arguments: [
        (#"caf\u00e9"#, "café"), (#"a\u000ab"#, #"a\nb"#), (#"a\/b"#, "a/b"), (#"a\bb"#, #"a\u0008b"#),
        ("a\u{202E}b", #"a\u202eb"#), (#"\ud83d\ude00!"#, "😀!"), (#"q\"\\"#, #"q\"\\"#), (#"\u0022"#, #"\""#),
        (#"\ud800x"#, "\u{FFFD}x"), (#"\uZZ"#, #"\uZZ"#),
    ])
    func escapesAreSpelledAsRowsSpellThem(raw: String, spelled: String) {
        let spelling = Array(raw.utf8).withUnsafeBytes { RowSpelling($0) }
        #expect(String(decoding: spelling?.bytes ?? Array(raw.utf8), as: UTF8.self) == spelled)
        #expect((spelling == nil) == (raw == spelled), "nil only when nothing changes")
    }

    @Test func aRespelledOffsetMapsBackToTheFile() throws {
        let raw = Array(#"ab\u00e9cd\nef"#.utf8)
        let spelling = try #require(raw.withUnsafeBytes { RowSpelling($0) })
        // a b é(2) c d \ n e f
        #expect(spelling.fileOffset(of: 1) == 1)
        #expect(spelling.fileOffset(of: 2) == 2 && spelling.fileOffset(of: 3) == 2)
        #expect(spelling.fileOffset(of: 4) == 8)
        #expect(spelling.fileOffset(of: 6) == 10)
    }

    /// The naive model: every row of `value` in order — its key as shown, `": "`, its scalar as
    /// shown or its container's bracket.
    static func rows(of value: JSONValue, key: String? = nil, into texts: inout [String]) {
        let prefix = key.map { JSONString.escaped($0, quotes: false) + ": " } ?? ""
        switch value {
        case .object(let members):
            texts.append(prefix + "{")
            for member in members { rows(of: member.value, key: member.key, into: &texts) }
        case .array(let elements):
            texts.append(prefix + "[")
            for element in elements { rows(of: element, into: &texts) }
        case .string(let text): texts.append(prefix + JSONString.literal(text))
        case .number(let text): texts.append(prefix + text)
        case .bool(let flag): texts.append(prefix + (flag ? "true" : "false"))
        case .null: texts.append(prefix + "null")
        }
    }

    /// A random JSON text: nested objects and arrays, keys and strings with escapes, non-ASCII
    /// text, marks that reorder text, and blanks between everything.
    static func randomJSON(depth: Int, using random: inout SeededGenerator) -> String {
        let pieces = ["fold", "Fold", "é", #"\u00e9"#, #"\u00c9"#, " ", ":", #"\""#, #"\\"#, #"\n"#, #"\u000a"#, #"\/"#,
                      "\u{202E}", #"\u202e"#, "x", "12", "{", "[", ",", #"\ud83d\ude00"#, "😀"]
        func string() -> String {
            "\"" + (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
        }
        func blank() -> String { ["", " ", "\n", "  "].randomElement(using: &random)! }
        let kind = depth > 3 ? Int.random(in: 2...5, using: &random) : Int.random(in: 0...5, using: &random)
        switch kind {
        case 0:
            let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                blank() + string() + blank() + ":" + blank() + randomJSON(depth: depth + 1, using: &random) + blank()
            }
            return "{" + members.joined(separator: ",") + "}"
        case 1:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                blank() + randomJSON(depth: depth + 1, using: &random) + blank()
            }
            return "[" + elements.joined(separator: ",") + "]"
        case 2: return string()
        case 3: return ["12", "-0.5", "1e5", "0"].randomElement(using: &random)!
        case 4: return ["true", "false", "null"].randomElement(using: &random)!
        default: return string()
        }
    }

    /// What `n` visits is what the naive model says: every row whose text (rendered at full
    /// width from the parsed document) matches, in order — forward from the top, and backward
    /// from the end.
    @Test(arguments: 0..<40)
    func aSearchVisitsTheRowsWhoseShownTextMatches(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let jsonLines = seed % 3 == 0
        var text: String
        if jsonLines {
            // (A line's blanks are not line feeds.)
            text = (0..<Int.random(in: 1...12, using: &random))
                .map { _ in String(Self.randomJSON(depth: 1, using: &random).map { $0 == "\n" ? " " : $0 }) }
                .joined(separator: "\n") + "\n"
        } else {
            text = "[" + (0..<Int.random(in: 1...12, using: &random)).map { _ in Self.randomJSON(depth: 1, using: &random) }
                .joined(separator: ",\n") + "]"
        }
        let bytes = Array(text.utf8)
        let tree = try JSONTree(bytes: bytes, name: "r.json", jsonLines: jsonLines)
        var texts: [String] = []
        // Each record's rows (the root's children), for `&`.
        var records: [[String]] = []
        if jsonLines {
            for line in text.split(separator: "\n") {
                var rows: [String] = []
                Self.rows(of: try JSONParser.parse(Array(line.utf8)), into: &rows)
                records.append(rows)
                texts += rows
            }
        } else {
            let value = try JSONParser.parse(bytes)
            Self.rows(of: value, into: &texts)
            if case .array(let elements) = value {
                records = elements.map { element in
                    var rows: [String] = []
                    Self.rows(of: element, into: &rows)
                    return rows
                }
            }
        }
        for source in ["é", "É", "fold", #": ""#, #"^x"#, #"\d+$"#, #"\\n"#, "fold|😀", #"u202e"#, #"\{"#, "[0-9]", #""$"#,
                       #"^\[$"#, "x: ", #"\\""#, "/", "e5", #"ll$"#, "x|fold", #"\w+d"#, "e5|12", "[a-z]{3}", #"u20\d"#] {
            let pattern = try RegexPattern(source)
            let expected = texts.filter { pattern.matches($0) }
            /// The rows `n` visits from `origin` until the search wraps, in windows of `sizes`.
            func visited(forward: Bool, from origin: Int, sizes: TreeSearch.WindowSizes = .init()) throws -> [String] {
                var texts: [String] = []
                var origin = origin
                while texts.count <= expected.count {
                    var search = TreeSearch(tree: tree, pattern: pattern, forward: forward, from: origin, sizes: sizes)
                    var outcome = TreeSearch.Outcome.searching
                    while outcome == .searching { outcome = search.step() }
                    guard case .found(let span, let wrapped) = outcome, !wrapped else { break }
                    texts.append(RowText.text(of: try #require(tree.row(containing: span.lowerBound)), in: tree))
                    origin = forward ? span.upperBound : span.lowerBound
                }
                return texts
            }
            #expect(try visited(forward: true, from: 0) == expected, "seed \(seed): \(source) in \(text)")
            // In windows of a few dozen bytes, the next one scanned on the other thread as a
            // big file's are: the same rows.
            let small = TreeSearch.WindowSizes(first: 16, most: 64, overlap: 48)
            #expect(try visited(forward: true, from: 0, sizes: small) == expected, "seed \(seed): \(source) in windows of 64")
            // `&` keeps the records with a matching row, in big windows and small.
            let kept = records.indices.filter { records[$0].contains { pattern.matches($0) } }
            for window in [4 << 20, 48] {
                var filter = TreeFilter(tree: tree, pattern: pattern, container: nil, window: window)
                while !filter.isCaughtUp { filter.step() }
                #expect(filter.kept == kept, "seed \(seed): &\(source) in windows of \(window)")
            }
            // Backward from the end: the same rows, last first.
            let backward = try visited(forward: false, from: bytes.count)
            #expect(backward == expected.reversed(), "seed \(seed): ?\(source) in \(text)")
        }
    }

    /// A pattern that backtracks too much, looked for in a window's bytes by either thread (its
    /// run of `a`s starting in a window of each), stops a search and `&` as too complex: never
    /// "no match".
    @Test func aPatternTooComplexInAWindowOfEitherThreadIsSaid() throws {
        let pattern = try RegexPattern("(a|aa)+[bd]")
        for bad in 30..<34 {
            let records = (0..<60).map { #"{"n": \#($0), "s": "\#($0 == bad ? String(repeating: "a", count: 2_000) : "c")"}"# }
            let tree = try JSONTree(bytes: Array(records.joined(separator: "\n").utf8), name: "a.jsonl", jsonLines: true)
            var search = TreeSearch(
                tree: tree, pattern: pattern, forward: true, from: 0, sizes: .init(first: 16, most: 64, overlap: 48))
            var outcome = TreeSearch.Outcome.searching
            while outcome == .searching { outcome = search.step() }
            #expect(outcome == .tooComplex, "record \(bad)")
            var filter = TreeFilter(tree: tree, pattern: pattern, container: nil, window: 48)
            while !filter.isCaughtUp { filter.step() }
            #expect(filter.isTooComplex, "record \(bad)")
        }
    }

    /// A window the other thread scanned with its copy of a pattern that backtracks too much
    /// there hands that over with its candidates: the key thread's pattern never met the text.
    @Test func theOtherThreadsPatternTooComplexIsHandedOver() throws {
        let text = #"["x", ""# + String(repeating: "a", count: 300) + #""]"#
        let tree = try JSONTree(bytes: Array(text.utf8), name: "a.json")
        let pattern = try RegexPattern("(a|aa)+[bd]")
        let windows = CandidateWindows(tree: tree, matcher: RowMatcher(pattern))
        let first = 0..<8, second = 8..<text.utf8.count
        let own = try #require(windows.candidates(in: first, from: 0, next: (second, 8)))
        #expect(!own.exceededLimits)
        var handed: RowMatcher.Candidates?
        while handed == nil { handed = windows.candidates(in: second, from: 8, next: nil) }
        #expect(handed?.exceededLimits == true)
        #expect(!pattern.exceededLimits, "met by the other thread's copy alone")
    }

    /// `&` keeps the records with a row that matches, never for a separator or blanks between
    /// them; the table's `&` keeps the same.
    @Test func aFilterMatchesRowsOfARecordAndNothingBetweenThem() throws {
        let text = #"[{"a":1}, {"a":2}, {"name":"caf\u00e9"}]"#
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json")
        let table = try #require(tree.root)
        for (source, kept) in [(",", [Int]()), ("café", [2]), (#"a: 2"#, [1]), (#"^\{$"#, [0, 1, 2]), (#"^a: \d$"#, [0, 1])] {
            var filter = TreeFilter(tree: tree, pattern: try RegexPattern(source))
            while !filter.isCaughtUp { filter.step() }
            #expect(filter.kept == kept, "\(source)")
            var records = RecordFilter(try RegexPattern(source), in: tree, ofChildrenAt: [])
            while !records.step(records: table) {}
            #expect(records.kept.map(Int.init) == kept, "table: \(source)")
        }
    }
}
