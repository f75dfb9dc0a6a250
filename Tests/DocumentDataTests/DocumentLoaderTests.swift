import Testing
@testable import DocumentData

@Suite struct DocumentLoaderTests {
    func decode(_ text: String) throws(DocumentError) -> StackDocument {
        try DocumentLoader.decode(Array(text.utf8), file: "doc.json")
    }

    func message(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "(accepted)"
        } catch {
            return error.description
        }
    }

    @Test func loadsTheFullFormat() throws {
        let document = try decode("""
            {
              "title": "Origami Crane",
              "sections": [
                { "id": "steps", "header": "Steps", "footer": "20 steps",
                  "items": [
                    { "id": "step-1", "title": "Fold in half", "subtitle": "Valley fold",
                      "art": ["+--+", "|/ |"], "body": "Crease firmly.", "detail": 2 } ] },
                { "id": "showcase", "header": "Showcase", "layout": "horizontal",
                  "items": [ { "id": "photo-1", "title": "Red crane" } ] }
              ],
              "shortcuts": [ { "key": "s", "label": "Scroll to Showcase", "target": "showcase-header" } ],
              "pinned": ["headers", "footers"],
              "future-field": { "ignored": true }
            }
            """)
        #expect(document.title == "Origami Crane")
        #expect(document.sections.map(\.id) == ["steps", "showcase"])
        #expect(document.sections[0].footer == "20 steps")
        #expect(document.sections[1].layout == .horizontal)
        let step = document.sections[0].items[0]
        #expect(step.art == ["+--+", "|/ |"])
        #expect(step.detail == 2)
        #expect(step.subtitle == "Valley fold")
        #expect(document.sections[1].items[0].detail == 1)
        #expect(document.shortcuts == [StackDocument.Shortcut(key: "s", label: "Scroll to Showcase", target: "showcase-header")])
        #expect(document.pinned == [.headers, .footers])
    }

    @Test func defaultsPinHeadersOnly() throws {
        let document = try decode(#"{"sections": []}"#)
        #expect(document.pinned == [.headers])
        #expect(document.sections.isEmpty)
        #expect(try decode(#"{"sections": [], "pinned": []}"#).pinned.isEmpty)
    }

    @Test(arguments: [
        (#"{"sections": {}}"#, "doc.json: sections: expected an array, found an object"),
        (#"{"sections": [{"items": []}]}"#, "doc.json: sections[0].id: missing required id (a non-empty string)"),
        (#"{"sections": [{"id": ""}]}"#, #"doc.json: sections[0].id: expected a non-empty string, found """#),
        (#"{"sections": [{"id": "a"}]}"#, #"doc.json: sections[0]: missing required field "items" (an array of items)"#),
        (#"{"sections": [{"id": "a", "items": [{"id": "x"}]}]}"#,
         #"doc.json: sections[0].items[0]: missing required field "title" (a string)"#),
        (#"{"sections": [{"id": "a", "items": [{"id": "x", "title": 3}]}]}"#,
         "doc.json: sections[0].items[0].title: expected a string, found a number"),
        (#"{"sections": [{"id": "a", "items": [{"id": "x", "title": "t", "detail": 4}]}]}"#,
         "doc.json: sections[0].items[0].detail: expected 1, 2 or 3, found 4"),
        (#"{"sections": [{"id": "a", "items": [{"id": "x", "title": "t", "art": ["ok", 1]}]}]}"#,
         "doc.json: sections[0].items[0].art[1]: expected a string, found a number"),
        (#"{"sections": [{"id": "a", "layout": "grid", "items": []}]}"#,
         #"doc.json: sections[0].layout: expected "vertical" or "horizontal", found "grid""#),
        (#"{"sections": [{"id": "a", "items": [{"id": "a", "title": "t"}]}]}"#,
         #"doc.json: sections[0].items[0].id: duplicate id "a" (also at sections[0].id)"#),
        (#"{"sections": [{"id": "a", "items": [{"id": "a-header", "title": "t"}]}]}"#,
         #"doc.json: sections[0].items[0].id: duplicate id "a-header" (also at sections[0].id (its header row))"#),
        (#"{"sections": [], "pinned": ["sides"]}"#,
         #"doc.json: pinned[0]: expected "headers" or "footers", found "sides""#),
        (#"{"sections": [], "shortcuts": [{"key": "ab", "target": "x"}]}"#,
         #"doc.json: shortcuts[0].key: expected a single character, found "ab""#),
        (#"{"sections": [], "shortcuts": [{"key": "s", "target": "nowhere"}]}"#,
         #"doc.json: shortcuts[0].target: no row with id "nowhere""#),
        ("{\"sections\": [\n  {\"id\": \"a\" \"items\": []}]}", "doc.json:2:14: expected ',' or '}' in an object, found '\"'"),
        ("", "doc.json:1:1: empty file, expected a JSON document"),
        (" \n\t", "doc.json:1:1: empty file, expected a JSON document"),
    ])
    func namesWhatIsWrongOnOneLine(text: String, expected: String) {
        let got = message(text)
        #expect(got.hasPrefix(expected), "got: \(got)")
        #expect(!got.contains("\n"))
    }

    @Test func readsFilesAndReportsUnreadableOnes() throws {
        let file = TemporaryFile(contents: #"{"sections": [{"id": "a", "items": [{"id": "b", "title": "B"}]}]}"#)
        defer { file.remove() }
        #expect(try DocumentLoader.load(path: file.path).sections[0].items[0].title == "B")
        #expect(throws: DocumentError.unreadable(file: "/nonexistent/x.json", reason: "no such file or directory")) {
            try DocumentLoader.load(path: "/nonexistent/x.json")
        }
        #expect(throws: DocumentError.unreadable(file: "/tmp", reason: "is a directory, expected a JSON file")) {
            try DocumentLoader.load(path: "/tmp")
        }
    }
}
