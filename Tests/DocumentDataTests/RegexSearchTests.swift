@testable import DocumentData
import TestSupport
import Testing

/// Regular expressions (PCRE2) and the raw-byte pass that lets a search through a file read
/// lazily decode only the items that may match.
@Suite struct RegexSearchTests {
    @Test(arguments: [
        (#"\d{3}"#, "step 123", true), (#"\d{3}"#, "step 12", false),
        (#"\bfold\b"#, "a fold here", true), (#"\bfold\b"#, "unfolded", false),
        ("crane|frog", "a jumping frog", true), (#"\w+-\d+"#, "photo-12", true),
        ("colou?r", "color", true), ("kite", "KITE FOLD", true), ("Kite", "kite fold", false),
        (#"\W"#, "ab", false), (#"\Wb"#, "a b", true), ("émile", "Chez ÉMILE", true), ("Émile", "chez émile", false),
        ("日本", "in 日本 too", true), ("", "anything", true),
    ])
    func perlSyntaxWithSmartCase(pattern: String, text: String, matches: Bool) throws {
        #expect(try RegexPattern(pattern).matches(text) == matches)
    }

    @Test func anEscapeIsNotAnUpperCaseLetterOfThePattern() throws {
        #expect(try RegexPattern(#"\W\S\D\p{Lu}x"#).ignoresCase)
        #expect(try !RegexPattern(#"\wX"#).ignoresCase)
    }

    @Test func aBadPatternSaysWhatAndWhere() {
        #expect(throws: PatternError.self) { try RegexPattern("fold(") }
        do {
            _ = try RegexPattern("a{2,1}")
            Issue.record("compiled")
        } catch {
            #expect(error.description.contains("(at "))
            #expect(!error.message.isEmpty)
        }
    }

    @Test func matchesAreFoundLeftToRightAndInvalidUTF8NeverFails() throws {
        let pattern = try RegexPattern("ab|c")
        let bytes: [UInt8] = Array("xabyc".utf8) + [0xFF, 0xC3] + Array("ab".utf8)
        let ranges = bytes.withUnsafeBytes { pattern.matchRanges(in: $0) }
        #expect(ranges == [1..<3, 4..<5, 7..<9])
        #expect(try RegexPattern("a*").matchRanges(in: UnsafeRawBufferPointer(start: nil, count: 0)).isEmpty)
    }

    @Test(arguments: [("^fold", true), ("fold$", true), ("[^f]old", false), (#"\Afold"#, true), ("(?=f)f", true),
                      ("(?<!x)f", true), (#"\^fold\$"#, false), ("[$^]", false), ("fold", false)])
    func anchorsAndLookaroundsAreNotJudgedOnRawBytes(pattern: String, seesEdges: Bool) throws {
        #expect(try RegexPattern(pattern).survivesRawBytes == !seesEdges)
    }

    /// The raw-byte pass never says no to an item whose decoded fields match: random documents
    /// with escapes, non-ASCII text and items across blocks, random patterns.
    @Test(arguments: 1...12)
    func theRawPassLetsThroughEveryItemThatMatches(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["fold", "Fold", "crane", "é", "É", "日本", "12", "7", " ", "-", #"\""#, #"\\"#, #"\n"#, #"\u00e9"#,
                      #"\u65e5"#, #"\ud83d\ude00"#, "x", "a"]
        func text() -> String {
            (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        let count = Int.random(in: 1...2_500, using: &generator)
        var json = #"{"sections": [{"id": "s", "items": ["#
        for index in 0..<count {
            if index > 0 { json += "," }
            // (The index ends at the dash: "i5" and "12" were "i512", an id twice.)
            json += #"{"id": "i\#(index)-\#(text())", "title": "\#(text())", "subtitle": "\#(text())", "#
            json += #""body": "\#(text())", "art": ["\#(text())"], "other": "\#(text())"}"#
        }
        json += "]}]}"
        let file = TemporaryFile(contents: json)
        defer { file.remove() }
        let lazy = try #require(try LazyDocument.open(path: file.path, minimumSize: 0))
        lazy.wait { _ in false }
        let items = lazy.document.sections[0].items
        #expect(items.count == count)
        let patterns = ["fold", "FOLD", "é", "É", "日本", #"\d+"#, #"\w{3}"#, #"\bcrane\b"#, "fold|日", "e", #"\n"#,
                        #"""#, #"\\"#, "😀", "a.x", "^fold", "fold$", "[^a]7", #"\s"#]
        var matched = 0
        for source in patterns {
            let pattern = try RegexPattern(source)
            for position in items.indices {
                let item = items[position]
                let fields = [item.id, item.title, item.subtitle ?? "", item.body ?? ""] + item.art
                guard fields.contains(where: pattern.matches) else { continue }
                matched += 1
                #expect(items.rawMatch(pattern, at: position) != .no, "seed \(seed): /\(source)/ item \(position)")
            }
        }
        #expect(matched > 0)
    }
    /// Escapes decoded in place give what the parser decodes: random strings of escapes,
    /// surrogate pairs and plain text.
    @Test(arguments: 1...20)
    func unescapingInPlaceAgreesWithTheParser(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "é", "日", #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u00e9"#, #"\u0041"#,
                      #"\ud83d\ude00"#, #"\uD83D\uDE00"#, " ", #"x\\y"#]
        for _ in 0..<50 {
            let raw = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard case .string(let decoded) = try JSONParser.parse(Array(("\"" + raw + "\"").utf8)) else {
                Issue.record("not a string")
                return
            }
            var output: [UInt8] = []
            Array(raw.utf8).withUnsafeBytes { JSONUnescaping.unescape($0, into: &output) }
            #expect(output == Array(decoded.utf8), "\(raw)")
        }
    }
}
