@testable import DocumentViewer
import DocumentData
import TestSupport
import Testing

/// A table's CSV rows written from the values the walk reads (on both threads, in windows of any
/// size) are the rows written from each record read whole: strings plain or escaped, formulas,
/// controls, numbers, literals, nested values, missing members, records that are no objects,
/// keys written with escapes or not ASCII — the same lines, the same problems noted.
@Suite struct CSVRowsTests {
    static func value(_ generator: inout SeededGenerator, depth: Int) -> String {
        let scalars = [
            #""plain""#, #""a, b""#, #""say \"hi\"""#, #""caf\u00e9""#, #""café""#, #""=1+1""#, #""-3""#, #""@x""#,
            #""\u001b[31m""#, #""line\nbreak""#, #""semi;colon""#, #""""#, "0", "-0", "12.5e3", "-7", "true", "false", "null",
        ]
        switch Int.random(in: 0..<8, using: &generator) {
        case 0 where depth == 0:
            return "{" + ["x", "y"].filter { _ in Bool.random(using: &generator) }
                .map { "\"\($0)\": \(value(&generator, depth: 1))" }.joined(separator: ", ") + "}"
        case 1: return "[1, {\"a\": \"b,c\"}]"
        default: return scalars.randomElement(using: &generator)!
        }
    }

    @Test(arguments: 1...40)
    func rowsFromTheWalkAreRowsFromRecordsReadWhole(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = (0..<Int.random(in: 1...50, using: &generator)).map { _ in
            switch Int.random(in: 0..<15, using: &generator) {
            case 0: return "[1, 2]"
            // (A key not in ASCII sends every row the old way: in a fifth of the files.)
            case 1 where seed % 5 == 0: return #"{"é": 1, "a": "x"}"#
            case 2: return #"{"a\u0062": 1, "a": 2}"#
            default:
                return "{" + ["a", "b", "c", "ab"].filter { _ in Bool.random(using: &generator) }
                    .map { "\"\($0)\": \(Self.value(&generator, depth: 0))" }.joined(separator: ", ") + "}"
            }
        }
        let text = "[" + records.joined(separator: ",\n") + "]\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json")
        let table = try #require(RecordTable(recordsOf: tree))
        let window = Int.random(in: 1...text.utf8.count, using: &generator)
        for keepsFormulas in [false, true] {
            func export(_ order: [Int]?) -> ([String], ExportProblems) {
                var lines: [String] = []
                let sink = ExportSink(keepsFormulas: keepsFormulas) { lines.append($0) }
                var export = TableExport(table, order: order, window: window)
                while export.write(to: sink) {}
                return (lines, sink.problems)
            }
            let walked = export(nil), whole = export(Array(0..<records.count))
            #expect(walked.0 == whole.0, "seed \(seed): \(text)")
            #expect(walked.1 == whole.1, "seed \(seed)")
            #expect(walked.0.count == records.count + 1)
        }
    }
}
