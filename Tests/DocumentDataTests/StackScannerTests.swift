import CJSONIndex
@testable import DocumentData
import TestSupport
import Testing

/// The structural scan that finds items without building them: the same items whatever the
/// chunk boundaries, strings that look like structure, and where it stops on bad structure.
@Suite struct StackScannerTests {
    /// Scans `text` in chunks of `chunkSize` bytes (all of it at once when nil).
    static func scan(_ text: String, chunkSize: Int? = nil) -> (StackScanner, StackScanner.Failure?) {
        scan(Array(text.utf8), chunkSize: chunkSize)
    }

    /// (Through the chunks the scan's threads hand over: each indexed, strings and escapes
    /// carried to the next.)
    static func scan(_ bytes: [UInt8], chunkSize: Int? = nil) -> (StackScanner, StackScanner.Failure?) {
        var scanner = StackScanner()
        let size = max(1, chunkSize ?? bytes.count)
        var state = tstack_index_state(in_string: 0, escaped: 0)
        let chunk = IndexedChunks.Chunk(capacity: size)
        do throws(StackScanner.Failure) {
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                bytes[start..<end].withUnsafeBytes { chunk.buffer.copyMemory(from: $0) }
                chunk.count = end - start
                chunk.offset = start
                chunk.index(carrying: &state)
                try scanner.scan(chunk)
                start = end
            }
            try scanner.finish()
            return (scanner, nil)
        } catch {
            return (scanner, error)
        }
    }

    static let tricky = #"""
        {"title": "brackets } ] { [ in \"strings\"", "sections": [
          {"id": "a", "header": "A \" ]}", "items": [
            {"id": "one", "title": "x\\", "art": ["[", "]]", "{\"}"], "detail": 2},
            {"title": "no id", "body": "\\\"}]"},
            {"id": "thr\u0065e", "title": "escaped id", "nested": {"a": [1, {"b": "}"}], "c": null}}
          ], "footer": "end"},
          {"id": "b", "layout": "horizontal", "items": [{"id": "card", "title": "c"}]}
        ], "shortcuts": [{"key": "c", "target": "card"}]}
        """#

    @Test func findsItemsAndTheirIDsWhateverTheChunkBoundaries() throws {
        let (whole, failure) = Self.scan(Self.tricky)
        #expect(failure == nil)
        #expect(whole.isComplete)
        #expect(whole.items.count == 4)
        #expect(whole.items.map(\.idHash) == [
            ItemIDHash.of(utf8: "one".utf8), 0, ItemIDHash.of(utf8: "three".utf8), ItemIDHash.of(utf8: "card".utf8),
        ].map(ItemIDHash.short))
        #expect(whole.items.map(\.detail) == [2, 0, 0, 0])
        // Each item's byte range holds exactly one JSON object.
        let bytes = Array(Self.tricky.utf8)
        for item in whole.items {
            let json = try JSONParser.parse(Array(bytes[item.start..<(item.start + Int(item.length))]))
            guard case .object = json else { Issue.record("item at \(item.start) is not an object"); continue }
        }
        for size in [1, 2, 3, 5, 7, 64] {
            let (chunked, chunkFailure) = Self.scan(Self.tricky, chunkSize: size)
            #expect(chunkFailure == nil, "chunks of \(size)")
            #expect(chunked.items == whole.items, "chunks of \(size)")
            #expect(chunked.events == whole.events, "chunks of \(size)")
        }
    }

    @Test func reportsSectionsAndTheirMembersInOrder() {
        let (scanner, _) = Self.scan(Self.tricky)
        let names: [String] = scanner.events.map { event in
            switch event {
            case .documentMember(let key, _, _): return "doc." + key
            case .sectionsStart: return "sections"
            case .sectionStart(let first): return "section@\(first)"
            case .sectionMember(let key, let value, _): return key + "=" + String(decoding: value, as: UTF8.self)
            case .itemsStart: return "items"
            case .sectionEnd(let end): return "end@\(end)"
            }
        }
        #expect(names == [
            "doc.title", "sections", "section@0", #"id="a""#, #"header="A \" ]}""#, "items", #"footer="end""#, "end@3",
            "section@3", #"id="b""#, #"layout="horizontal""#, "items", "end@4", "doc.shortcuts",
        ])
    }

    /// Every JSONTestSuite `y_` document, as the value of an item's member: the scan accepts it
    /// (in one chunk and byte by byte) and the item's range is exactly the item.
    /// The walk of whole items from the index (in C) finds what the byte-by-byte path finds —
    /// every item's range, id hash and detail — for random runs of items: ids plain, escaped or
    /// not strings, details of every kind, nested values, blanks anywhere between tokens.
    @Test(arguments: 0..<60)
    func theIndexWalkAgreesWithTheByteByByteWalk(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        func blank() -> String { ["", " ", "\n  ", "\t", " \r\n"].randomElement(using: &generator)! }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &generator) {
            case 0: return "\"s\\\"}]\""
            case 1: return ["1", "-2.5e3", "true", "null", "3"].randomElement(using: &generator)!
            case 2: return "\"\(Int.random(in: 0...9, using: &generator))\""
            case 3: return "\"\""
            case 4: return "[" + (0..<Int.random(in: 0...3, using: &generator)).map { _ in blank() + value(depth + 1) + blank() }.joined(separator: ",") + "]"
            default: return "{" + (0..<Int.random(in: 0...3, using: &generator)).map { index in
                "\"k\(index)\"" + blank() + ":" + blank() + value(depth + 1) }.joined(separator: "," + blank()) + "}"
            }
        }
        let ids = ["\"a\"", "\"b\\u0063\"", "\"\\\"q\"", "7", "\"\"", "{\"x\": 1}"]
        let details = ["1", "2", "3", "4", "0", "\"2\"", "2.0", "null", "[3]", "12"]
        let items = (0..<Int.random(in: 0...40, using: &generator)).map { _ -> String in
            var members: [String] = []
            if Bool.random(using: &generator) { members.append("\"id\"" + blank() + ":" + blank() + ids.randomElement(using: &generator)!) }
            if Bool.random(using: &generator) { members.append("\"detail\":" + blank() + details.randomElement(using: &generator)!) }
            for index in 0..<Int.random(in: 0...3, using: &generator) { members.append("\"m\(index)\":" + blank() + value(0)) }
            members.shuffle(using: &generator)
            return "{" + blank() + members.joined(separator: blank() + "," + blank()) + blank() + "}"
        }
        let text = #"{"sections": [{"id": "s", "items": ["# + items.map { blank() + $0 + blank() }.joined(separator: ",") + "]}]}"
        let (indexed, indexedFailure) = Self.scan(text)
        let (byteByByte, byteFailure) = Self.scan(text, chunkSize: 1)
        #expect(indexedFailure == nil && byteFailure == nil, "seed \(seed)")
        #expect(indexed.items.count == items.count, "seed \(seed)")
        #expect(indexed.items == byteByByte.items, "seed \(seed)")
    }

    @Test func acceptsEveryValidJSONTestSuiteValueInsideAnItem() throws {
        let directory = JSONParserTests.corpusDirectory
        let names = Directory.fileNames(in: directory).filter { $0.hasPrefix("y_") }
        try #require(names.count > 90, "JSONTestSuite corpus not found at \(directory)")
        for name in names {
            let value = try #require(Files.read(directory + "/" + name))
            let prefix = Array(#"{"sections":[{"id":"s","items":[{"id":"a","x":"#.utf8)
            let bytes = prefix + value + Array("}]}]}".utf8)
            for size in [nil, 1] as [Int?] {
                let (scanner, failure) = Self.scan(bytes, chunkSize: size)
                #expect(failure == nil, "\(name): \(String(describing: failure))")
                #expect(scanner.items.count == 1, "\(name)")
                if let item = scanner.items.first {
                    #expect(item.start == 32 && Int(item.length) == bytes.count - 32 - 4, "\(name)")
                }
            }
        }
    }

    @Test(arguments: [
        (#"{"sections":[{"id":"a","items":[{"id":"x"} {"id":"y"}]}]}"#, 43, "expected ',' or ']', found '{'"),
        (#"{"sections":[{"id":"a","items":[{"id":"x","art":["a"}]}]}"#, 52, "expected ']', found '}'"),
        (#"{"sections":[{"id":"a","items":[{"id":"x"}"#, 42, "unexpected end of input, expected ']'"),
        (#"{"sections":{}}"#, 12, "sections: expected an array of sections, found '{'"),
        (#"{"sections":[]} x"#, 16, "expected end of input after the top-level value"),
        (#"[1, 2]"#, 0, "expected an object with \"sections\", found '['"),
        ("", 0, "expected a JSON document, found end of input"),
    ])
    func stopsAtBadStructureSayingWhere(text: String, offset: Int, message: String) {
        let (_, failure) = Self.scan(text)
        #expect(failure == StackScanner.Failure(offset: offset, message: message))
    }
}
