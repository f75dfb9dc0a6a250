import Testing
@testable import StackDocument

/// Any JSON that is not a stack document, and JSON Lines.
@Suite struct GenericMappingTests {
    func decode(_ text: String, file: String = "data.json") throws -> StackDocument {
        try DocumentLoader.decode(Array(text.utf8), file: file)
    }

    @Test func aTopLevelArrayIsOneSectionOfItemsNamedByTheirFields() throws {
        let document = try decode(#"[{"name": "ada", "langs": ["en", "fr"]}, {"title": "B", "n": 1}, 42, {"x": 1}]"#)
        #expect(document.title == "data.json")
        #expect(document.sections.map(\.header) == ["4 items"])
        let items = document.sections[0].items
        #expect(items.map(\.title) == ["ada", "B", "42", "[3]"])
        #expect(items.map(\.id) == ["ada", "[1]", "[2]", "[3]"])
        #expect(items.map(\.subtitle) == ["[0]", "[1]", "[2]", nil])
        #expect(items[0].art == [#""name": "ada""#, #""langs": ["#, #"  "en","#, #"  "fr""#, "]"])
    }

    @Test func anObjectIsASectionPerKeyWithScalarsFirst() throws {
        let document = try decode(#"{"version": 2, "name": "pkg", "users": [{"id": 7, "login": "x"}], "deps": {"a": "1.0", "b": {"v": 2}}}"#)
        #expect(document.sections.map(\.id) == ["fields", ".users", ".deps"])
        #expect(document.sections[0].items.map(\.title) == ["version: 2", #"name: "pkg""#])
        #expect(document.sections[1].items.map(\.id) == ["7"])
        #expect(document.sections[1].items.map(\.title) == ["7"])
        #expect(document.sections[2].items.map(\.title) == [#"a: "1.0""#, "b"])
        #expect(document.sections[2].items.map(\.subtitle) == [".deps.a", ".deps.b"])
    }

    @Test func idsFallBackToTheJSONPathWhenNotUnique() throws {
        let document = try decode(#"[{"id": 1}, {"id": 1}, {"id": 2}]"#)
        #expect(document.sections[0].items.map(\.id) == ["[0]", "[1]", "2"])
    }

    @Test func longArraysAreCollapsedWithACount() throws {
        let numbers = (0..<100).map(String.init).joined(separator: ",")
        let document = try decode(#"[{"values": [\#(numbers)]}]"#)
        let art = document.sections[0].items[0].art
        #expect(art.contains("  … 95 more"))
        #expect(art.count == 8)
    }

    @Test func aScalarDocumentIsOneRow() throws {
        #expect(try decode("3.5").sections[0].items.map(\.title) == ["3.5"])
        #expect(try decode("[]").sections[0].items.isEmpty)
        #expect(try decode("{}").sections.isEmpty)
    }

    @Test func jsonLinesGiveAnItemPerLineAndAnErrorRowForABadLine() throws {
        for file in ["data.jsonl", "data.ndjson", "data.txt"] {
            let document = try decode("{\"id\": \"a\"}\n{\"id\": \"b\"}\n\nnot json\n[1]\n", file: file)
            let items = document.sections[0].items
            #expect(items.map(\.id) == ["a", "b", "line-4", "line-5"], "\(file)")
            #expect(items[2].title == "line 4: not JSON")
            #expect(items[2].subtitle == "4:1: expected 'null'")
        }
    }

    @Test func oneValueFollowedByGarbageIsStillAnError() {
        #expect(throws: DocumentError.self) { try decode("[1]\nx") }
        #expect(throws: DocumentError.self) { try decode("{} x") }
    }
}
