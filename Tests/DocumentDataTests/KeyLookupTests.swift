import TestSupport
import Testing
@testable import DocumentData

/// Issue 22: a key found in a big object by a search of its bytes is the key the parser reads,
/// however it is written (escapes, duplicates, the same key deeper down).
@Suite struct KeyLookupTests {
    /// Keys written plainly or with escapes; some repeated, some also in a nested object.
    @Test(arguments: 0..<20)
    func aKeyIsFoundAsTheParserReadsIt(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let names = ["a", "é", "x/y", "line\nbreak", "q\"uote", "😀", "tab\t", "k"]
        func spelled(_ key: String) -> String {
            // Each character as itself or as a \u escape, at random.
            var text = "\""
            for scalar in key.unicodeScalars {
                let escape = Bool.random(using: &random) || scalar == "\"" || scalar == "\n" || scalar == "\t"
                if escape {
                    text += String(scalar).utf16.map { unit in
                        let digits = String(unit, radix: 16)
                        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                    }.joined()
                } else {
                    text += String(scalar)
                }
            }
            return text + "\""
        }
        let count = KeyLookup.smallObject + Int.random(in: 1...500, using: &random)
        var members: [String] = []
        // The last index of each key, as the parser reads the object.
        var expected: [String: Int] = [:]
        for index in 0..<count {
            if Int.random(in: 0..<100, using: &random) < 3 {
                let name = names.randomElement(using: &random)!
                members.append(spelled(name) + ": " + String(index))
                expected[name] = index
            } else if Int.random(in: 0..<100, using: &random) < 3 {
                // The same names one level down are not the object's own.
                members.append("\"n\(index)\": {" + spelled(names.randomElement(using: &random)!) + ": 0}")
                expected["n\(index)"] = index
            } else {
                members.append("\"n\(index)\": \(index)")
                expected["n\(index)"] = index
            }
        }
        let tree = try JSONTree(bytes: Array(("{" + members.joined(separator: ",\n") + "}").utf8), name: "k.json")
        let table = try #require(tree.root)
        for name in names + ["nope", "n1", "n\(count - 1)"] {
            #expect(KeyLookup.lastIndex(ofKey: name, in: table, of: tree) == expected[name], "\(name)")
        }
    }

    /// Keys are compared as their bytes (`é` and `e` with a combining accent are two keys), and a
    /// key too long for a pattern is still found, key by key.
    @Test func keysCompareAsBytesAndALongKeyIsFound() throws {
        let long = String(repeating: "q", count: 100_000)
        for count in [10, KeyLookup.smallObject + 10] {
            var members = (0..<count).map { #""n\#($0)": \#($0)"# }
            members[3] = #""\#u{E9}": 3"#
            members[5] = #""e\#u{301}": 5"#
            members[7] = #""\#(long)": 7"#
            let tree = try JSONTree(bytes: Array(("{" + members.joined(separator: ",") + "}").utf8), name: "k.json")
            let table = try #require(tree.root)
            #expect(KeyLookup.lastIndex(ofKey: "\u{E9}", in: table, of: tree) == 3, "\(count) keys")
            #expect(KeyLookup.lastIndex(ofKey: "e\u{301}", in: table, of: tree) == 5, "\(count) keys")
            #expect(KeyLookup.lastIndex(ofKey: long, in: table, of: tree) == 7, "\(count) keys")
        }
    }
}
