import TestSupport
import Testing
@testable import DocumentData

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n"], "b": {}}"#)
        #expect(value["a"] == .array([
            .number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("xé\n"),
        ]))
        #expect(value["b"] == .object([]))
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "1:9: "),
        ("[1, 2", "1:6: expected ',' or ']' in an array, found end of input"),
        ("{\n  \"a\": tru\n}", "2:8: expected 'true'"),
        ("\"abc", "1:5: unterminated string"),
        ("[01]", "1:3: expected ',' or ']'"),
        ("{} x", "1:4: expected end of input after the top-level value"),
    ])
    func reportsLineAndColumn(text: String, message: String) {
        #expect(throws: JSONParseError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description.hasPrefix(message), "got \(error.description)")
        }
    }

    @Test func rejectsNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(throws: JSONParseError.self) { try parse(deep) }
    }

    /// The JSONTestSuite corpus: every `y_` file parses, every `n_` file is rejected, and no
    /// `i_` file crashes.
    @Test func conformsToJSONTestSuite() throws {
        let directory = Self.corpusDirectory
        let names = Directory.fileNames(in: directory)
        try #require(names.count > 300, "JSONTestSuite corpus not found at \(directory)")
        for name in names where name.hasSuffix(".json") {
            let bytes = try #require(Files.read(directory + "/" + name))
            let accepted = (try? JSONParser.parse(bytes)) != nil
            if name.hasPrefix("y_") { #expect(accepted, "\(name) must be accepted") }
            if name.hasPrefix("n_") { #expect(!accepted, "\(name) must be rejected") }
        }
    }

    static var corpusDirectory: String {
        let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + root + "/../shared/testdata/JSONTestSuite/test_parsing"
    }
}
