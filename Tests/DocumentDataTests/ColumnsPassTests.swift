import TestSupport
import Testing
@testable import DocumentData

/// The columns pass gives the table the columns, in the order, that reading every record whole
/// gives it: whatever the window, with nested objects (empty or not), keys written with escapes,
/// keys written twice, records that are no objects.
@Suite struct ColumnsPassTests {
    static func member(_ generator: inout SeededGenerator, depth: Int) -> String {
        let keys = [#""a""#, #""b""#, #""c""#, #""a\u0062""#, #""d.e""#, #""""#, #""é""#, #""\u00e9""#]
        let key = keys.randomElement(using: &generator)!
        let value: String
        switch Int.random(in: 0..<6, using: &generator) {
        case 0 where depth == 0:
            value = "{" + (0..<Int.random(in: 0...3, using: &generator)).map { _ in member(&generator, depth: 1) }
                .joined(separator: ", ") + "}"
        case 1: value = "{ }"
        case 2: value = #""x, \"y\"""#
        case 3: value = "[1, {\"a\": 2}]"
        default: value = String(Int.random(in: 0...9, using: &generator))
        }
        return "\(key): \(value)"
    }

    @Test(arguments: 1...40)
    func theColumnsAreThoseOfEveryRecordReadWhole(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        // (After as many records as the table samples for its columns, all alike: the columns
        // of the rest are the pass's to find.)
        let sampled = Array(repeating: #"{"z": 0}"#, count: RecordTable.sampledRecords)
        let records = sampled + (0..<Int.random(in: 1...60, using: &generator)).map { _ in
            Int.random(in: 0..<12, using: &generator) == 0
                ? "[1, 2]"
                : "{" + (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.member(&generator, depth: 0) }
                    .joined(separator: ", ") + "}"
        }
        let jsonLines = Bool.random(using: &generator)
        let text = jsonLines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n") + "]"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json", jsonLines: jsonLines)
        var naive = try #require(RecordTable(recordsOf: tree))
        var passed = naive
        for row in 0..<naive.rowCount { naive.addColumns(of: row) }
        #expect(passed.columns == [RecordColumn(keys: ["z"])])
        var pass = ColumnsPass(window: Int.random(in: 1...text.utf8.count / 8, using: &generator))
        while !pass.step(&passed) {}
        #expect(passed.columns == naive.columns, "seed \(seed): \(records.dropFirst(sampled.count))")
        #expect(pass.readCount == records.count)
    }
}
