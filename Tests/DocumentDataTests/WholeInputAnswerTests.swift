import TestSupport
import Testing
@testable import DocumentData

/// Issue 22, the rule: no whole-file answer from part of the file. A search or a filter issued
/// at any moment of a scan, driven as the viewer drives it (a step; when it waits, the scan reads
/// on and the tree takes in what it found), gives the answer it gives once the scan has ended.
@Suite(.timeLimit(.minutes(1 * Sanitizers.timeLimitFactor))) struct WholeInputAnswerTests {
    /// An array (or JSON Lines) of `count` records, `needle` in those at `needles`.
    static func document(count: Int, needles: Set<Int>, jsonLines: Bool) -> [UInt8] {
        let records = (0..<count).map { index in
            #"{"i": \#(index), "msg": "\#(needles.contains(index) ? "a needle-near-end here" : "hay \(index)")"}"#
        }
        return Array((jsonLines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n").utf8)
    }

    /// `search` stepped as the viewer steps it, the rest of `bytes` fed a chunk whenever it waits.
    static func drive(_ search: inout TreeSearch, input: PipedTree, rest: inout ArraySlice<UInt8>, chunk: Int) -> TreeSearch.Outcome {
        while true {
            let outcome = search.step()
            switch outcome {
            case .searching: continue
            case .waiting:
                #expect(input.tree.isScanning, "a search waits only while the scan goes on")
                if rest.isEmpty {
                    input.end()
                } else {
                    input.send(Array(rest.prefix(chunk)))
                    rest = rest.dropFirst(chunk)
                    input.catchUp()
                }
            default: return outcome
            }
        }
    }

    /// A random document of up to 400 records, up to `most` of them with the needle.
    static func randomDocument(
        most: Int, using random: inout SeededGenerator
    ) -> (needles: Set<Int>, jsonLines: Bool, bytes: [UInt8]) {
        let count = Int.random(in: 20...400, using: &random)
        let needles = Set((0..<Int.random(in: 0...most, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) })
        let jsonLines = Bool.random(using: &random)
        return (needles, jsonLines, document(count: count, needles: needles, jsonLines: jsonLines))
    }

    @Test(arguments: 0..<40)
    func aSearchIssuedWhileReadGivesTheAnswerOfTheWholeFile(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let (needles, jsonLines, bytes) = Self.randomDocument(most: 2, using: &random)
        let forward = Bool.random(using: &random)
        let pattern = try RegexPattern("needle-near-end")
        // The answer once everything is read.
        let whole = try JSONTree(bytes: bytes, name: "w", jsonLines: jsonLines)
        let origin = Int.random(in: 0..<bytes.count, using: &random)
        var reference = TreeSearch(tree: whole, pattern: pattern, forward: forward, from: origin)
        var expected = TreeSearch.Outcome.searching
        while expected == .searching { expected = reference.step() }
        // The same search, issued when a random part has been read.
        let issuedAt = Int.random(in: 1..<bytes.count, using: &random)
        let input = try PipedTree(first: Array(bytes[..<issuedAt]), jsonLines: jsonLines)
        var rest = bytes[issuedAt...]
        var search = TreeSearch(tree: input.tree, pattern: pattern, forward: forward, from: origin)
        let outcome = Self.drive(&search, input: input, rest: &rest, chunk: Int.random(in: 1...4096, using: &random))
        #expect(outcome == expected, "needles \(needles.sorted()), issued at \(issuedAt) of \(bytes.count), from \(origin)")
    }

    @Test(arguments: 0..<30)
    func aFilterIssuedWhileReadKeepsWhatItKeepsOfTheWholeFile(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let (needles, jsonLines, bytes) = Self.randomDocument(most: 20, using: &random)
        // Anchored patterns too: a record read later sees the same line edges as one read before.
        let source = ["needle", #"^msg: "a"#, #"here"$"#, #"(?<=a )needle"#][Int(seed % 4)]
        let pattern = try RegexPattern(source)
        // The answer once everything is read.
        let whole = try JSONTree(bytes: bytes, name: "w", jsonLines: jsonLines)
        var reference = TreeFilter(tree: whole, pattern: try RegexPattern(source))
        while !reference.isDone { reference.step() }
        let expected = reference.kept
        let issuedAt = Int.random(in: 1..<bytes.count, using: &random)
        let input = try PipedTree(first: Array(bytes[..<issuedAt]), jsonLines: jsonLines)
        var filter = TreeFilter(tree: input.tree, pattern: pattern)
        while !filter.isCaughtUp { filter.step() }
        #expect(!filter.isDone || !input.tree.isScanning)
        // What the viewer does once caught up: the children found later are matched as taken in.
        var kept = filter.kept
        var lookedAt = input.tree.root?.count ?? 0
        var rest = bytes[issuedAt...]
        let chunk = Int.random(in: 1...4096, using: &random)
        while !rest.isEmpty {
            input.send(Array(rest.prefix(chunk)))
            rest = rest.dropFirst(chunk)
            input.catchUp()
            let table = try #require(input.tree.root)
            kept += (lookedAt..<table.count).filter { TreeFilter.matches(pattern, child: $0, of: table, in: input.tree) }
            lookedAt = table.count
        }
        input.end()
        let table = try #require(input.tree.root)
        kept += (lookedAt..<table.count).filter { TreeFilter.matches(pattern, child: $0, of: table, in: input.tree) }
        #expect(kept == expected, "\(source): issued at \(issuedAt) of \(bytes.count)")
        if source == "needle" { #expect(expected == needles.sorted()) }
    }

    /// Window edges: a search through windows finds the row one match of each row's text finds,
    /// with patterns that look around (`\b`, a lookbehind, a lookahead, `$`), from any origin.
    @Test(arguments: 0..<4)
    func windowsFindWhatTheWholeTextHas(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let words = ["id", "valid", "idx", "xid", "kid", "ID"]
        var strings: [String] = []
        var text = "["
        // (Past a window of 64 KiB and the next of 128 KiB: the edges between them are crossed.)
        while text.utf8.count < 200_000 {
            let string = (0..<Int.random(in: 1...8, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            strings.append(string)
            text += "\"" + string + "\",\n"
        }
        strings.append("end")
        text += "\"end\"]"
        let bytes = Array(text.utf8)
        let tree = try JSONTree(bytes: bytes, name: "w.json")
        let table = try #require(tree.root)
        for source in [#"\bid\b"#, #"(?<=x)id"#, #"id(?!x)"#, #"id"$"#] {
            let pattern = try RegexPattern(source, exactCase: true)
            for _ in 0..<3 {
                let origin = Int.random(in: 0..<bytes.count, using: &random)
                var search = TreeSearch(tree: tree, pattern: pattern, forward: true, from: origin)
                var outcome = TreeSearch.Outcome.searching
                while outcome == .searching { outcome = search.step() }
                // The first string starting at or after the origin whose text matches, else the first.
                let starts = (0..<table.count).map { tree.valueRange(ofChild: $0, in: table) }
                let matching = starts.indices.filter { pattern.matches("\"" + strings[$0] + "\"") }
                let truth = matching.first { starts[$0].lowerBound >= origin }.map { (starts[$0], false) }
                    ?? matching.first.map { (starts[$0], true) }
                let expected: TreeSearch.Outcome = truth.map { .found($0.0, wrapped: $0.1) } ?? .notFound
                #expect(outcome == expected, "\(source) from \(origin)")
            }
        }
    }
}
