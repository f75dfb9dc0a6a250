import TestSupport
import Testing
@testable import DocumentData

/// `RecordTable`: records as rows of a table, its columns from the records sampled, its cells
/// read from the file — the same as a naive table built from the parsed records.
@Suite struct RecordTableTests {
    /// Random records of members drawn from a few keys (some objects, some repeated), as an
    /// array or as JSON Lines: the columns are the keys in first-seen order, an object member
    /// flattened one level, and each cell is what the parsed record has there.
    @Test(arguments: 1...40)
    func cellsAgreeWithANaiveTable(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let keys = ["id", "msg", "ctx", "level", "a\"b", "tags"]
        let records = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
            "{" + (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                let key = keys.randomElement(using: &generator)!
                let value = key == "ctx" && Bool.random(using: &generator)
                    ? "{\"user\": \(JSONInputCheckTests.randomJSON(depth: 5, using: &generator)), \"n\": 1}"
                    : JSONInputCheckTests.randomJSON(depth: 3, using: &generator)
                return "\(JSONString.literal(key)): \(value)"
            }.joined(separator: ", ") + "}"
        }.map { String($0.map { $0 == "\n" ? " " : $0 }) }  // (a record a line, for JSON Lines)
        let jsonLines = Bool.random(using: &generator)
        let text = jsonLines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n") + "]"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json", jsonLines: jsonLines)
        // Records parsed whole, or (none parsed) read a member at a time.
        let parsedBytes = Bool.random(using: &generator) ? 1 << 16 : 0
        let table = try #require(RecordTable(recordsOf: tree, parsedRecordBytes: parsedBytes))
        let parsed = try records.map { try JSONParser.parse(Array($0.utf8)) }

        // The naive columns: each member in first-seen order, an object with members flattened.
        var expected: [[String]] = []
        for case .object(let members) in parsed {
            for member in members {
                if case .object(let inner) = member.value, !inner.isEmpty {
                    for innerMember in inner where !expected.contains([member.key, innerMember.key]) {
                        expected.append([member.key, innerMember.key])
                    }
                } else if !expected.contains([member.key]) {
                    expected.append([member.key])
                }
            }
        }
        #expect(table.columns.map(\.keys) == expected, "seed \(seed): \(text)")
        for (row, record) in parsed.enumerated() {
            let cells = try #require(table.cells(ofRow: row))
            for (column, keys) in table.columns.map(\.keys).enumerated() {
                var value: JSONValue? = record
                for key in keys {
                    guard case .object(let members)? = value else { value = nil; break }
                    value = members.last { $0.key == key }?.value
                }
                let context = "seed \(seed), row \(row), \(keys): \(records[row])"
                switch (value, cells[column]) {
                case (nil, .missing): break
                case (.array(let elements)?, .container(false, let count, _)): #expect(elements.count == count, "\(context)")
                case (.object(let members)?, .container(true, let count, _)): #expect(members.count == count, "\(context)")
                case (let read?, .value(let value, true)): #expect(read == value, "\(context)")
                default: Issue.record("\(context): \(String(describing: value)) read as \(cells[column])")
                }
            }
        }
    }

    /// A key met after the records sampled gets its column at the end when its record is
    /// asked about; a long string is read by its first bytes when a limit is given.
    @Test func aLaterKeyGetsItsColumnAtTheEndAndLongStringsAreCut() throws {
        let records = (0..<1_200).map { #"{"n": \#($0)\#($0 == 1_100 ? #", "late": "x""# : "")}"# }
            + [#"{"n": 1, "long": "\#(String(repeating: "é", count: 500))"}"#]
        let tree = try JSONTree(bytes: Array(records.joined(separator: "\n").utf8), name: "r.jsonl", jsonLines: true)
        var table = try #require(RecordTable(recordsOf: tree))
        #expect(table.columns.map(\.name) == ["n"])
        let added = table.addColumns(of: 1_100)
        let addedAgain = table.addColumns(of: 1_100)
        #expect(added && !addedAgain)
        #expect(table.columns.map(\.name) == ["n", "late"])
        #expect(table.cells(ofRow: 1_100) == [.value(.number("1100"), isWhole: true), .value(.string("x"), isWhole: true)])
        table.addColumns(of: 1_200)
        // (Read a member at a time, a long string by its first bytes.)
        var big = try #require(RecordTable(recordsOf: tree, parsedRecordBytes: 0))
        big.addColumns(of: 1_200)
        guard case .value(.string(let head), false)? = big.cells(ofRow: 1_200, limit: 64)?.last else {
            Issue.record("\(String(describing: big.cells(ofRow: 1_200, limit: 64)))")
            return
        }
        #expect(head == String(repeating: "é", count: 31))
        #expect(table.name(ofRow: 1_200) == "line 1201")
    }

    /// A member whose key is longer than a column's may be has no column, parsed whole or read a
    /// member at a time (a key of megabytes cost gigabytes in the header's cells); the key at the
    /// limit has one.
    @Test func aKeyTooLongForAHeaderHasNoColumn() throws {
        let long = String(repeating: "k", count: RecordTable.longestColumnKey + 1)
        let atLimit = String(repeating: "é", count: RecordTable.longestColumnKey / 2)
        let text = #"[{"\#(long)": 1, "b": 2, "\#(atLimit)": 3, "o": {"\#(long)": 4, "c": 5}}]"#
        let tree = try JSONTree(bytes: Array(text.utf8), name: "k.json")
        for parsedBytes in [1 << 16, 0] {
            let table = try #require(RecordTable(recordsOf: tree, parsedRecordBytes: parsedBytes))
            #expect(table.columns.map(\.keys) == [["b"], [atLimit], ["o", "c"]], "parsed up to \(parsedBytes) bytes")
            #expect(table.cells(ofRow: 0) == [2, 3, 5].map { .value(.number("\($0)"), isWhole: true) })
        }
    }

    /// The records of a file whose root is an object: its first array member's (a GeoJSON's
    /// features), named by their path.
    @Test func aRootObjectsFirstArrayHoldsTheRecords() throws {
        let text = #"{"type": "FeatureCollection", "errors": [], "bbox": [0, 0, 1, 1], "features": [{"id": 1}, {"id": 2, "p": {"q": 3}}]}"#
        let table = try #require(RecordTable(recordsOf: try JSONTree(bytes: Array(text.utf8), name: "g.json")))
        #expect(table.columns.map(\.name) == ["id", "p.q"])
        #expect(table.rowCount == 2)
        #expect(table.name(ofRow: 1) == ".features[1]")
        #expect(table.cells(ofRow: 1)?[1] == .value(.number("3"), isWhole: true))
    }

    /// Two columns never share a name: a key that holds a dot (or is empty) is named in jq's form.
    @Test func aKeyWithADotIsNamedAsJqWouldWriteIt() throws {
        let text = #"[{"a.b": 1, "a": {"b": 2}, "": {"c": 3}}]"#
        let table = try #require(RecordTable(recordsOf: try JSONTree(bytes: Array(text.utf8), name: "d.json")))
        #expect(table.columns.map(\.name) == [#"["a.b"]"#, "a.b", #"[""].c"#])
        #expect(table.cells(ofRow: 0) == [.value(.number("1"), isWhole: true), .value(.number("2"), isWhole: true), .value(.number("3"), isWhole: true)])
    }
}
