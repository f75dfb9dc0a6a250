import DocumentData
import TestSupport
import Testing

/// Paths in jq syntax: a node's id in the tree, typed at `:goto` and `--scroll-to`.
@Suite struct JSONPathTests {
    @Test func pathsAreWrittenAsJqWritesThem() {
        #expect(JSONPath.root.description == ".")
        #expect(JSONPath(components: [.key("features"), .index(12), .key("properties"), .key("name")]).description
            == ".features[12].properties.name")
        #expect(JSONPath(components: [.index(150), .key("f20")]).description == ".[150].f20")
        #expect(JSONPath(components: [.key("a b"), .key("c.d")]).description == #".["a b"]["c.d"]"#)
        #expect(JSONPath(components: [.key("_x9"), .key("9x"), .key("")]).description == #"._x9["9x"][""]"#)
    }

    /// Document text in a path is inert: a control character or an escape sequence in a key
    /// is written escaped, never sent as it is.
    @Test func controlCharactersInKeysAreEscaped() {
        let path = JSONPath(components: [.key("\u{1B}[31mred\u{7}"), .key("tab\there"), .key("\u{9B}")])
        #expect(path.description == #".["\u001b[31mred\u0007"]["tab\there"]["\u009b"]"#)
        #expect(!path.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func typedPathsParse() throws {
        #expect(try JSONPath(parsing: ".") == .root)
        #expect(try JSONPath(parsing: " .a.b ") == JSONPath(components: [.key("a"), .key("b")]))
        #expect(try JSONPath(parsing: #".a."b c".[0]["d"][-1]"#)
            == JSONPath(components: [.key("a"), .key("b c"), .index(0), .key("d"), .index(-1)]))
        #expect(try JSONPath(parsing: "[3].x") == JSONPath(components: [.index(3), .key("x")]))
        #expect(try JSONPath(parsing: #".["\u00e9"]"#) == JSONPath(components: [.key("é")]))
    }

    @Test(arguments: [
        ("", 1, "expected a path such as . or .key or .[0]"),
        (".a.", 4, "expected a key or [ after ."),
        (".a[", 4, "expected an index or a quoted key after ["),
        (".a[x]", 4, "expected an index (digits) or a quoted key after ["),
        (".a[1", 5, "expected ]"),
        (#".["open"#, 3, "the quoted key is not closed"),
        (".1a", 2, "a key starting with a digit is written .[\"…\"]"),
        (".a b", 3, "expected . or ["),
        (".a.-", 4, "expected a key, a quoted key or [ after ."),
    ])
    func aBadPathSaysWhereAndWhat(text: String, column: Int, message: String) {
        #expect(throws: JSONPath.ParseError(column: column, message: message)) { try JSONPath(parsing: text) }
    }

    /// Any path, written and parsed again, is the same path: keys of every kind (identifiers,
    /// empty, spaces, dots, quotes, backslashes, control characters, non-ASCII) and indexes.
    @Test(arguments: 1...200)
    func pathsRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "Z_9", "_", "9", "", " ", ".", "\"", "\\", "[0]", "é", "名前", "\u{1B}", "\n", "\u{7F}", "\u{2028}", "$", "-"]
        let components: [JSONPath.Component] = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            if Bool.random(using: &generator) { return .index(Int.random(in: 0...10_000_000, using: &generator)) }
            let key = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            return .key(key)
        }
        let path = JSONPath(components: components)
        #expect(try JSONPath(parsing: path.description) == path, "\(path.description)")
    }
}
