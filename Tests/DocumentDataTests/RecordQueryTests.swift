import TestSupport
import Testing
@testable import DocumentData

/// `:where`: the records kept are those a naive evaluation of the parsed records keeps, whatever
/// the window the file is read in; what it says of an expression it cannot read.
@Suite struct RecordQueryTests {
    static let columns = ["n", "s", "b", "ctx"].map { RecordColumn(keys: [$0]) } + [RecordColumn(keys: ["ctx", "user"])]

    /// A random member value written as JSON, and its parsed form.
    static func value(_ generator: inout SeededGenerator) -> String {
        [
            "1", "2", "-3.5", "2e0", "400", "\"a\"", "\"b\"", "\"ab\"", "\"\\u0061\"", "\"\"", "true", "false", "null",
            "[1]", "{\"user\": \"x\"}", "{\"user\": 2}",
        ].randomElement(using: &generator)!
    }

    static func literal(_ generator: inout SeededGenerator) -> String {
        ["1", "2", "400", "-3.5", "\"a\"", "b", "\"ab\"", "true", "false", "null", "\"\""].randomElement(using: &generator)!
    }

    @Test(arguments: 1...60)
    func keptRecordsAreTheNaiveOnesWhateverTheWindow(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = (0..<Int.random(in: 1...60, using: &generator)).map { _ -> String in
            guard Int.random(in: 0..<10, using: &generator) > 0 else { return "7" }
            return "{" + ["n", "s", "b", "ctx"].filter { _ in Bool.random(using: &generator) }.map {
                "\"\($0)\": \(Self.value(&generator))"
            }.joined(separator: ", ") + "}"
        }
        let jsonLines = Bool.random(using: &generator)
        let text = jsonLines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ", ") + "]"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json", jsonLines: jsonLines)
        let table = try #require(RecordTable(recordsOf: tree))
        let parsed = try records.map { try JSONParser.parse(Array($0.utf8)) }
        // (Only members some record has are columns.)
        let fields = [["n"], ["s"], ["b"], ["ctx", "user"]].filter { field in table.columns.contains { $0.keys == field } }
        guard !fields.isEmpty else { return }
        for _ in 0..<8 {
            // One to three comparisons, joined by and / or, one perhaps negated.
            var parts: [String] = []
            var comparisons: [(field: [String], op: String, literal: String)] = []
            for index in 0..<Int.random(in: 1...3, using: &generator) {
                let field = fields.randomElement(using: &generator)!
                let op = ["=", "!=", "<", "<=", ">", ">=", "=="].randomElement(using: &generator)!
                let literal = Self.literal(&generator)
                comparisons.append((field, op, literal))
                if index > 0 { parts.append(Bool.random(using: &generator) ? "and" : "or") }
                parts.append("\(field.joined(separator: ".")) \(op) \(literal)")
            }
            let negated = Bool.random(using: &generator)
            let expression = (negated ? "not (" : "") + parts.joined(separator: " ") + (negated ? ")" : "")
            let query = try RecordQuery(parsing: expression, columns: table.columns)
            var filter = RecordFilter(query, in: tree, window: Int.random(in: 1...text.utf8.count, using: &generator))
            while !filter.step(records: table.records) {}
            let expected = parsed.indices.filter { row in
                // `and` before `or`: the comparisons' results folded as the grammar reads them.
                var ors: [Bool] = []
                var current = Self.naive(parsed[row], comparisons[0])
                for (index, comparison) in comparisons.enumerated().dropFirst() {
                    let result = Self.naive(parsed[row], comparison)
                    if parts[2 * index - 1] == "and" {
                        current = current && result
                    } else {
                        ors.append(current)
                        current = result
                    }
                }
                ors.append(current)
                return ors.contains(true) != negated
            }
            #expect(filter.kept.map(Int.init) == expected, "seed \(seed): \(expression) in \(text)")
        }
    }

    /// The documented comparison on a parsed record.
    static func naive(_ record: JSONValue, _ comparison: (field: [String], op: String, literal: String)) -> Bool {
        var value: JSONValue? = record
        for key in comparison.field {
            guard case .object(let members)? = value else {
                value = nil
                break
            }
            value = members.last { $0.key == key }?.value
        }
        guard case .object = record else { value = nil; return compare(nil, comparison.op, comparison.literal) }
        return compare(value, comparison.op, comparison.literal)
    }

    static func compare(_ value: JSONValue?, _ op: String, _ literalText: String) -> Bool {
        let literal: JSONValue = (try? JSONParser.parse(Array(literalText.utf8))) ?? .string(literalText)
        func equal() -> Bool {
            switch (value, literal) {
            case (.number(let a)?, .number(let b)): return Double(a)! == Double(b)!
            case (.string(let a)?, .string(let b)): return Array(a.utf8) == Array(b.utf8)
            case (.bool(let a)?, .bool(let b)): return a == b
            case (.null?, .null), (nil, .null): return true
            default: return false
            }
        }
        func order() -> Int? {
            switch (value, literal) {
            case (.number(let a)?, .number(let b)): return Double(a)! < Double(b)! ? -1 : (Double(a)! > Double(b)! ? 1 : 0)
            case (.string(let a)?, .string(let b)):
                return a.utf8.elementsEqual(b.utf8) ? 0 : (a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1)
            default: return nil
            }
        }
        switch op {
        case "=", "==": return equal()
        case "!=": return !equal()
        case "<": return order().map { $0 < 0 } ?? false
        case "<=": return order().map { $0 <= 0 } ?? false
        case ">": return order().map { $0 > 0 } ?? false
        default: return order().map { $0 >= 0 } ?? false
        }
    }

    /// A pattern keeps the records with a row (as the tree draws it, from the parsed record)
    /// that matches, whatever the window — the next found on the other thread — as the tree's
    /// `&` keeps the same array's.
    @Test(arguments: 1...30)
    func aPatternKeepsWhatTheTreesFilterKeeps(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
            "{" + ["n", "s"].filter { _ in Bool.random(using: &generator) }.map { "\"\($0)\": \(Self.value(&generator))" }
                .joined(separator: ", ") + "}"
        }
        let jsonLines = Bool.random(using: &generator)
        let text = jsonLines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ", ") + "]"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json", jsonLines: jsonLines)
        let table = try #require(tree.root)
        let rows = try records.map { record in
            var rows: [String] = []
            RowSearchTests.rows(of: try JSONParser.parse(Array(record.utf8)), into: &rows)
            return rows
        }
        for source in [#"\}$"#, #"^\{"#, #""n": 2"#, #"(?<=, )\{"#, "a", #"\[1\]"#, #"^$"#, "n: [0-9]"] {
            let pattern = try RegexPattern(source)
            let expected = rows.indices.filter { rows[$0].contains { pattern.matches($0) } }
            var treeFilter = TreeFilter(tree: tree, pattern: pattern)
            while !treeFilter.isCaughtUp { treeFilter.step() }
            #expect(treeFilter.kept == expected, "seed \(seed): \(source) in \(text)")
            let window = Int.random(in: 1...text.utf8.count, using: &generator)
            var filter = RecordFilter(pattern, in: tree, ofChildrenAt: [], window: window)
            while !filter.step(records: table) {}
            #expect(filter.kept.map(Int.init) == expected, "seed \(seed): \(source) in windows of \(window) in \(text)")
            #expect(filter.readCount == records.count)
        }
    }

    /// Numbers a Double cannot tell apart compare as written, as `:sort` orders them.
    @Test func bigNumbersCompareExactly() throws {
        let ids = ["9007199254740992", "9007199254740993", "1e400", "1e500", "0", "1e-400"]
        let text = ids.map { #"{"id": \#($0)}"# }.joined(separator: "\n") + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        for (expression, kept) in [
            ("id = 9007199254740993", [1]), ("id > 9007199254740992", [1, 2, 3]), ("id = 1e500", [3]),
            ("id > 0", [0, 1, 2, 3, 5]), ("id = 0", [4]), ("id < 1e-400", [4]),
        ] {
            var filter = RecordFilter(try RecordQuery(parsing: expression, columns: table.columns), in: tree)
            while !filter.step(records: table.records) {}
            #expect(filter.kept.map(Int.init) == kept, "\(expression)")
        }
    }

    @Test func aRegularExpressionMatchesStringMembers() throws {
        let text = #"{"m": "request timed out"}"# + "\n" + #"{"m": "ok"}"# + "\n" + #"{"m": 5}"# + "\n" + #"{"m": "TIMEOUT"}"# + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        var filter = RecordFilter(try RecordQuery(parsing: #"m ~ "time.?d? ?out""#, columns: table.columns), in: tree)
        while !filter.step(records: table.records) {}
        #expect(filter.kept == [0, 3], "smart case: lower case matches either")
    }

    /// `~*` ignores case whatever the pattern's letters; `in (…)` is one of the values.
    @Test func caseIgnoredAndOneOfAList() throws {
        let text = #"{"m": "request timed out", "n": 1}"# + "\n" + #"{"m": "ok", "n": 2}"# + "\n"
            + #"{"m": 5, "n": "a"}"# + "\n" + #"{"m": "TIMEOUT", "n": 3}"# + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        for (expression, kept) in [
            ("m ~ TIME", [3]), ("m ~* TIME", [0, 3]), (#"n in (1, 3, "a")"#, [0, 2, 3]), ("n in (2)", [1]),
            (#"not n in (1, 2) and m ~* OUT"#, [3]),
        ] {
            var filter = RecordFilter(try RecordQuery(parsing: expression, columns: table.columns), in: tree)
            while !filter.step(records: table.records) {}
            #expect(filter.kept.map(Int.init) == kept, "\(expression)")
        }
    }

    /// Issue 46: a log's times order as instants (any zone, epoch numbers, relative to now) and
    /// its levels as severities (any case, pino's numbers); a value that says neither is never
    /// kept by such a comparison.
    @Test func timesAndLevelsOrderAsTimesAndLevels() throws {
        let text = """
            {"ts": "2026-11-28T10:00:00Z", "level": "info"}
            {"ts": "2026-11-28T11:30:00+01:00", "level": "WARNING"}
            {"ts": 1795860000000, "level": 50}
            {"ts": "2026-11-28T09:59:59.999Z", "level": "debug"}
            {"ts": "soon", "level": "chatty"}
            {"level": "fatal"}

            """
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        // 2026-11-28T10:40:00Z.
        let now: Int64 = 1_795_862_400 * 1_000_000
        for (expression, kept) in [
            (#"ts >= "2026-11-28T10:00""#, [0, 1, 2]),
            ("ts < 2026-11-28T10:30:00Z", [0, 2, 3]),
            ("ts > -15m", [1]),
            ("ts > -1h and ts <= -40m", [0, 2, 3]),
            ("level >= warn", [1, 2, 5]),
            ("level < info", [3]),
            (#"level = "info""#, [0]),
        ] {
            var filter = RecordFilter(try RecordQuery(parsing: expression, columns: table.columns, now: now), in: tree)
            while !filter.step(records: table.records) {}
            #expect(filter.kept.map(Int.init) == kept, "\(expression)")
        }
    }

    /// A relative time orders only a time member: elsewhere `-5m` is a word, compared as a string.
    @Test func aRelativeTimeIsAWordOutsideATimeMember() throws {
        let text = "{\"delta\": \"-6m\"}\n{\"delta\": \"-4m\"}\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        var filter = RecordFilter(try RecordQuery(parsing: "delta > -5m", columns: table.columns, now: 0), in: tree)
        while !filter.step(records: table.records) {}
        #expect(filter.kept.map(Int.init) == [0], "\"-6m\" > \"-5m\" by their bytes")
    }

    /// A comparison whose types can never match the sampled records is said, not run to keep
    /// nothing.
    @Test func aComparisonThatCanNeverMatchIsSaid() throws {
        let text = (0..<20).map { #"{"score": \#($0), "name": "n\#($0)", "tags": ["a"]}"# }.joined(separator: "\n") + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        let sample = table.sampledRecordBytes
        #expect(sample.count == 20)
        for (expression, said) in [
            (#"score > "5""#, #"score holds only numbers in the first 20 records: "5" is a string, which never equals or orders with them (write 5)"#),
            ("score ~ 5", "~ matches strings, and score holds only numbers in the first 20 records: compare with = < >"),
            ("name > 5", "name holds only strings in the first 20 records: > a number never matches (quote the value to compare strings)"),
            ("tags ~* a", "~* matches strings, and tags holds only arrays or objects in the first 20 records: compare with = < >"),
        ] {
            #expect(try RecordQuery(parsing: expression, columns: table.columns).typeMismatch(in: sample) == said, "\(expression)")
        }
        for fine in ["score > 5", #"name > "n1""#, "name ~ n1", "score = 5 or name = x", #"score in (5, "n/a")"#,
                     #"not (score > "5")"#, #"name ~ \d{1,3}"#] {
            #expect(try RecordQuery(parsing: fine, columns: table.columns).typeMismatch(in: sample) == nil, "\(fine)")
        }
    }

    @Test func whatItCannotReadItSays() {
        let cases: [(String, String)] = [
            ("", "expected a column, found the end"),
            ("n >", "expected a value after n >"),
            ("n", "expected = != < <= > >= ~ ~* or in after n"),
            ("n in 1", "expected ( after n in"),
            ("n in (1, )", "expected a value in n in (…), found )"),
            ("n in (1 2)", "expected , or ) in n in (…), found 2"),
            ("nope = 1", "no column nope (the header row names them)"),
            ("n = 1 s = 2", "expected and, or or the end, found s"),
            ("(n = 1", "expected ), found the end"),
            (#"s = "open"#, "a string without its closing quote"),
            (#"s ~ "(""#, "bad pattern: "),
            (".ctx[0] = 1", ".ctx[0]: a column names keys, not indexes"),
            ("n = [1]", "[1]: a value to compare is a string, a number, true, false or null, not an array or an object"),
            (#"n = {"a":1}"#, #"{"a":1}: a value to compare is a string"#),
        ]
        for (text, message) in cases {
            do {
                _ = try RecordQuery(parsing: text, columns: Self.columns)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description.hasPrefix(message), "\(text): \(error)")
            }
        }
        // A query deeper or longer than its limits says so, never overflowing the stack.
        for (text, message) in [
            (String(repeating: "(", count: 40_000) + "n = 1" + String(repeating: ")", count: 40_000), "nested more than 100 deep"),
            (String(repeating: "not ", count: 101) + "n = 1", "nested more than 100 deep"),
            (Array(repeating: "n = 1", count: 1_001).joined(separator: " and "), "more than 1000 comparisons"),
        ] {
            #expect(throws: RecordQueryError.self) { try RecordQuery(parsing: text, columns: Self.columns) }
            do {
                _ = try RecordQuery(parsing: text, columns: Self.columns)
            } catch {
                #expect(error.description.hasPrefix(message), "\(error)")
            }
        }
        let deepest = String(repeating: "(", count: 99) + "not n = 1" + String(repeating: ")", count: 99)
        #expect((try? RecordQuery(parsing: deepest, columns: Self.columns)) != nil)
        // Names as the header row writes them, and keys below a column's.
        #expect((try? RecordQuery(parsing: #"ctx.user = "x" and ["n"] >= 2 or ctx.user.id != null"#, columns: Self.columns)) != nil)
    }
}
