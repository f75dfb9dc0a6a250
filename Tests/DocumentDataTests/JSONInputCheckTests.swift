import TestSupport
import Testing
@testable import DocumentData

/// Issue 11: input is refused at its first byte that cannot be JSON or JSON Lines — and never
/// where the loaders would accept it.
@Suite struct JSONInputCheckTests {
    /// The check of `bytes`, fed in chunks of `chunk` bytes.
    static func check(_ bytes: [UInt8], chunk: Int = .max, jsonLines: Bool = false) -> JSONInputCheck {
        var check = JSONInputCheck(jsonLines: jsonLines)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + min(chunk, bytes.count))
            bytes.withUnsafeBufferPointer { _ = check.check(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            start = end
        }
        return check
    }

    @Test(arguments: [
        ("\u{0}\u{0}\u{0}", 0, "found byte 0x00: not JSON text"),
        ("  hello", 2, "expected a value, found 'h'"),
        ("{\"a\" 1}", 5, "expected ':' after an object key, found '1'"),
        ("[1,]", 3, "expected a value, found ']'"),
        ("[01]", 2, "expected ',' or ']' in an array, found '1'"),
        ("\"a\u{1}\"", 2, "control character byte 0x01 in a string: write it as an escape"),
        ("{\"x\": tru }", 9, "expected 'true'"),
        ("1 2", 2, "expected end of input after the top-level value, found '2'"),
        ("[\"\\q\"]", 3, "invalid escape '\\'q'' in a string"),
    ])
    func refusesAtTheFirstWrongByte(text: String, offset: Int, message: String) {
        let failure = Self.check(Array(text.utf8)).failure
        #expect(failure == JSONInputCheck.Failure(offset: offset, message: message))
    }

    @Test func acceptsJSONLinesWithBadLinesButNotBinary() {
        let lines = Array("{\"a\":1}\n{\"b\":2}\nnot json\n[3]\n".utf8)
        let check = Self.check(lines)
        #expect(check.failure == nil)
        #expect(check.isJSONLines)
        #expect(Self.check(Array("x\n{}\n".utf8), jsonLines: true).failure == nil)
        #expect(Self.check(lines + [0x00]).failure?.offset == lines.count)
    }

    @Test func nestingIsLimitedAsTheParserLimitsIt() {
        let deep = Array(String(repeating: "[", count: 1_001).utf8)
        #expect(Self.check(deep).failure?.offset == 1_000)
        #expect(Self.check(Array(String(repeating: "[", count: 1_000).utf8)).failure == nil)
    }

    @Test func aByteOrderMarkIsSkipped() {
        #expect(Self.check([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).failure == nil)
    }

    /// The JSONTestSuite corpus, whole and byte by byte: a file the check refuses is one the
    /// parser rejects, every `y_` file passes, and chunking never changes the answer.
    @Test func neverRefusesWhatTheParserAccepts() throws {
        let directory = JSONParserTests.corpusDirectory
        let names = Directory.fileNames(in: directory).filter { $0.hasSuffix(".json") }
        try #require(names.count > 300)
        for name in names {
            let bytes = try #require(Files.read(directory + "/" + name))
            let whole = Self.check(bytes)
            let byByte = Self.check(bytes, chunk: 1)
            #expect(whole.failure == byByte.failure, "\(name)")
            if whole.failure != nil {
                #expect((try? JSONParser.parse(bytes)) == nil, "\(name) refused but parses")
            }
            if name.hasPrefix("y_") { #expect(whole.failure == nil, "\(name) must pass") }
        }
    }

    /// Random documents with one byte changed: a refusal is always a document the loaders
    /// refuse too, at any chunk size.
    @Test(arguments: 1...200)
    func randomCorruptionsAreRefusedOnlyWhereTheParserFails(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var bytes = Array(Self.randomJSON(depth: 0, using: &generator).utf8)
        if Bool.random(using: &generator), !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[position] = Array("{}[]\",:-0e.\\ \nax\u{1}".utf8).randomElement(using: &generator) ?? 0x20
        }
        let whole = Self.check(bytes)
        let chunked = Self.check(bytes, chunk: Int.random(in: 1...7, using: &generator))
        #expect(whole.failure == chunked.failure, "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
        let parses = (try? JSONParser.parse(bytes)) != nil
        if whole.failure != nil {
            #expect(!parses, "seed \(seed): refused but parses: \(String(decoding: bytes, as: UTF8.self))")
        } else if !whole.isJSONLines {
            // Passing the check without being JSON Lines: the parser accepts it, or it was cut
            // short, or it is only whitespace (which the loaders call an empty file).
            var finished = whole
            let blank = bytes.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
            #expect(parses || !finished.finish() || blank, "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    static func randomJSON(depth: Int, using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<(depth > 4 ? 5 : 8), using: &generator) {
        case 0: return ["true", "false", "null"].randomElement(using: &generator) ?? "null"
        case 1: return ["0", "-1.5e+3", "42", "0.25", "-0", "1E9"].randomElement(using: &generator) ?? "0"
        case 2: return ["\"\"", "\"a\\\"b\"", "\"\\u00e9t\\u00E9\"", "\"日本\"", "\"tab\\t\""].randomElement(using: &generator) ?? "\"\""
        case 3, 4: return " \(Int.random(in: 0...9, using: &generator)) "
        case 5:
            let count = Int.random(in: 0...4, using: &generator)
            return "[" + (0..<count).map { _ in randomJSON(depth: depth + 1, using: &generator) }.joined(separator: ",") + "]"
        default:
            let count = Int.random(in: 0...4, using: &generator)
            return "{" + (0..<count).map { index in
                "\"k\(index)\" : " + randomJSON(depth: depth + 1, using: &generator)
            }.joined(separator: ",\n") + "}"
        }
    }
}
