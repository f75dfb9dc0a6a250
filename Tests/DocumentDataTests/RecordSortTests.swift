import TestSupport
import Testing
@testable import DocumentData

/// `:sort`'s order and the member scanner it reads with: the same as a naive sort of the members
/// found through the tree's own tables, whatever the window the file is read in.
@Suite struct RecordSortTests {
    /// Random records (keys repeated, written with escapes, nested, missing; values of every
    /// kind) sorted by a random column both ways, read in windows of a few bytes to the whole:
    /// the order is the naive one — numbers by value, then strings by their decoded bytes, then
    /// `false`, `true`, then containers by their bytes (all reversed for `-`), `null` and
    /// missing last, ties in the file's order.
    @Test(arguments: 1...60)
    func theOrderIsTheNaiveSortsWhateverTheWindow(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let keys = ["id", "msg", "ctx", "st\\u0061tus", "a\\\"b", "n"]
        let records = (0..<Int.random(in: 1...80, using: &generator)).map { _ -> String in
            guard Int.random(in: 0..<12, using: &generator) > 0 else { return "[1, 2]" }
            return "{" + (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                let key = keys.randomElement(using: &generator)!
                let value = key == "ctx" && Bool.random(using: &generator)
                    ? "{\"user\": \(JSONInputCheckTests.randomJSON(depth: 4, using: &generator)), \"n\": {\"user\": 1}}"
                    : JSONInputCheckTests.randomJSON(depth: 2, using: &generator)
                return "\"\(key)\" : \(value)"
            }.joined(separator: ", ") + "}"
        }.map { String($0.map { $0 == "\n" ? " " : $0 }) }
        let jsonLines = Bool.random(using: &generator)
        let text = jsonLines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n ") + "]"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json", jsonLines: jsonLines)
        let table = try #require(RecordTable(recordsOf: tree))
        for column in [["id"], ["status"], ["a\"b"], ["ctx"], ["ctx", "user"], ["n"], ["nope"]] {
            let descending = Bool.random(using: &generator)
            var sort = RecordSort(
                table, by: RecordColumn(keys: column), descending: descending,
                window: Int.random(in: 1...text.utf8.count, using: &generator))
            // Every step reads a record at least: the sort ends within as many steps as records
            // (a step that read nothing would fail here, not hang).
            let ended = (0..<table.records.count).contains { _ in sort.step(records: table.records) }
            #expect(ended || table.records.count == 0, "the sort ends")
            let expected = Self.naiveOrder(of: table, by: column, descending: descending)
            #expect(sort.order().map(Int.init) == expected, "seed \(seed) \(column) \(descending ? "descending" : "")")
        }
    }

    /// A member's value as the naive sort sees it, from the tree's tables.
    enum Key: Equatable {
        case number(Double), string([UInt8]), boolean(Bool), container([UInt8]), last

        var rank: Int {
            switch self {
            case .number: return 0
            case .string: return 1
            case .boolean: return 2
            case .container: return 3
            case .last: return 4
            }
        }
    }

    static func naiveOrder(of table: RecordTable, by column: [String], descending: Bool) -> [Int] {
        let tree = table.tree
        let keys = (0..<table.rowCount).map { row -> Key in
            var parent = table.records
            var index = row
            for key in column {
                guard parent.childCount(of: index) != nil else { return .last }
                let members = tree.children(ofChild: index, in: parent)
                guard members.isObject, let found = (0..<members.count).last(where: { tree.key(ofChild: $0, in: members) == key }) else {
                    return .last
                }
                parent = members
                index = found
            }
            let raw = tree.bytes(in: tree.valueRange(ofChild: index, in: parent))
            switch try? JSONParser.parse(raw) {
            case .number(let text)?: return .number(Double(text)!)
            case .string(let text)?: return .string(Array(text.utf8))
            case .bool(let flag)?: return .boolean(flag)
            case .array?, .object?: return .container(raw)
            case .null?, nil: return .last
            }
        }
        func ascending(_ a: Key, _ b: Key) -> Bool? {
            if a.rank != b.rank { return a.rank < b.rank }
            switch (a, b) {
            case (.number(let x), .number(let y)): return x == y ? nil : x < y
            case (.boolean(let x), .boolean(let y)): return x == y ? nil : !x
            case (.string(let x), .string(let y)), (.container(let x), .container(let y)):
                return x == y ? nil : x.lexicographicallyPrecedes(y)
            default: return nil
            }
        }
        // Insertion into a list kept in order: a stable sort that trusts nothing of the one tested.
        var order: [Int] = []
        for row in 0..<keys.count {
            var at = order.count
            while at > 0 {
                let before = order[at - 1]
                let (a, b) = (keys[before], keys[row])
                let lastA = a == .last, lastB = b == .last
                let rowFirst: Bool
                if lastA || lastB {
                    rowFirst = lastA && !lastB
                } else if let precedes = ascending(b, a) {
                    rowFirst = descending ? !precedes : precedes
                } else {
                    rowFirst = false
                }
                guard rowFirst else { break }
                at -= 1
            }
            order.insert(row, at: at)
        }
        return order
    }

    /// The ordering a part at a time is a stable sort, whatever the parts' size.
    @Test(arguments: 1...40)
    func theOrderingInPartsIsAStableSort(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let count = [0, 1, 2, 3, 4_095, 4_096, 4_097, 9_000, 20_000].randomElement(using: &generator)!
        let keys = (0..<count).map { _ in Int.random(in: 0..<50, using: &generator) }
        let precedes = { (a: Int, b: Int) in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
        var ordering = Ordering(count: count)
        let budget = Int.random(in: 1...70_000, using: &generator)
        // Every step moves an element at least, in each of at most 20 passes: a bound, not a hang.
        var ended = count <= 1
        for _ in 0..<(count * 20 + 2) where !ended {
            ended = ordering.step(budget: budget, by: precedes)
            #expect(ordering.progress >= 0 && ordering.progress <= 1)
        }
        #expect(ended, "the ordering ends")
        let expected = (0..<count).sorted(by: precedes)
        #expect(ordering.order.map(Int.init) == expected, "seed \(seed): \(count) in steps of \(budget)")
    }

    /// A column of plain numbers (ordered by their bits, a radix sort) is in the naive order:
    /// negatives, zeros of both signs, ties, tiny and huge numbers, nulls and missing members,
    /// both ways.
    @Test(arguments: 1...20)
    func plainNumbersSortAsTheNaiveSort(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let numbers = ["0", "-0", "0.0", "1", "-1", "2.5", "-2.5", "1e300", "-1e300", "5e-324", "-5e-324", "1e-7", "100", "99.99"]
        let records = (0..<Int.random(in: 1...3_000, using: &generator)).map { _ -> String in
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: return #"{"x": 1}"#
            case 1: return #"{"n": null}"#
            case 2...4: return #"{"n": \#(numbers.randomElement(using: &generator)!)}"#
            default: return #"{"n": \#(Int.random(in: -1_000_000...1_000_000, using: &generator)).\#(Int.random(in: 0...99, using: &generator))}"#
            }
        }
        let tree = try JSONTree(bytes: Array(records.joined(separator: "\n").utf8), name: "n.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        for descending in [false, true] {
            var sort = RecordSort(table, by: RecordColumn(keys: ["n"]), descending: descending)
            while !sort.step(records: table.records) {}
            let expected = Self.naiveOrder(of: table, by: ["n"], descending: descending)
            #expect(sort.order().map(Int.init) == expected)
            var order: [UInt32]?
            // (A step at a time, as the viewer orders: the progress said on the way.)
            while order == nil {
                order = sort.orderingStep()
                #expect(sort.orderingProgress >= 0 && sort.orderingProgress <= 1)
            }
            #expect(order?.map(Int.init) == expected, "seed \(seed) \(descending ? "descending" : "")")
        }
    }

    /// The radix sort a part at a time is a stable sort by the keys, whatever the parts' size.
    @Test(arguments: 1...30)
    func theKeyOrderingInPartsIsAStableSort(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let count = [0, 1, 2, 255, 256, 257, 5_000, 40_000].randomElement(using: &generator)!
        // (Keys sharing most of their bytes, as numbers of one range do, and keys that do not.)
        let spread = Bool.random(using: &generator)
        let keys = (0..<count).map { _ in
            spread ? generator.next() : 0x4059_0000_0000_0000 | UInt64.random(in: 0..<300, using: &generator) << 40
        }
        let indexes = (0..<UInt32(count)).filter { _ in Int.random(in: 0..<10, using: &generator) > 0 }
        var ordering = KeyOrdering(indexes)
        let budget = Int.random(in: 1...100_000, using: &generator)
        var ended = false
        for _ in 0..<(count * 9 + 2) where !ended {
            ended = ordering.step(budget: budget) { keys[$0] }
            #expect(ordering.progress >= 0 && ordering.progress <= 1)
        }
        #expect(ended, "the ordering ends")
        let expected = indexes.sorted { keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1 }
        #expect(ordering.order == expected, "seed \(seed): \(count) in steps of \(budget)")
    }

    /// Integers past a Double's 53 bits (64-bit ids) that round to the same Double sort by their
    /// digits.
    @Test func bigIntegersSortByTheirDigits() throws {
        let ids = ["9007199254740993", "9007199254740992", "-9007199254740993", "-9007199254740992", "12345678901234567890", "1"]
        let text = ids.map { #"{"id": \#($0)}"# }.joined(separator: "\n") + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        for descending in [false, true] {
            var sort = RecordSort(table, by: RecordColumn(keys: ["id"]), descending: descending)
            while !sort.step(records: table.records) {}
            let expected = [2, 3, 5, 1, 0, 4]
            #expect(sort.order().map(Int.init) == (descending ? expected.reversed() : expected))
        }
    }

    /// Zeros and numbers too small for a Double sort as written — an exact zero keeps no text —,
    /// whatever the windows (parts with texts and without merged), ties in the file's order.
    @Test(arguments: 1...20)
    func zerosAndUnderflowsSortAsWritten(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let ranked = [["-5"], ["-1e-400"], ["0", "-0", "0.0", "0e-400", "0E5"], ["2e-401"], ["1e-400"], ["5"]]
        let numbers = (0..<30).map { _ in ranked.indices.randomElement(using: &generator)! }
            .map { rank in (rank, ranked[rank].randomElement(using: &generator)!) }
        let text = numbers.map { #"{"n": \#($0.1)}"# }.joined(separator: "\n") + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.jsonl", jsonLines: true)
        let table = try #require(RecordTable(recordsOf: tree))
        for descending in [false, true] {
            var sort = RecordSort(
                table, by: RecordColumn(keys: ["n"]), descending: descending,
                window: Int.random(in: 1...text.utf8.count, using: &generator))
            while !sort.step(records: table.records) {}
            let expected = numbers.indices.sorted { a, b in
                numbers[a].0 != numbers[b].0 ? (numbers[a].0 < numbers[b].0) != descending : a < b
            }
            var order: [UInt32]?
            while order == nil { order = sort.orderingStep() }
            #expect(order?.map(Int.init) == expected, "seed \(seed) \(descending ? "descending" : ""): \(text)")
        }
    }

    /// Numbers a Double cannot tell apart compare by how they are written.
    @Test func numbersCompareExactlyAsWritten() {
        let ranked: [[String]] = [
            ["-1e500"], ["-1e400"], ["-9007199254740993"], ["-9007199254740992"], ["-5"], ["-1E-400"],
            ["-0", "0", "0.0", "0e7"], ["1e-400"], ["2e-400"], ["1", "1.0", "10e-1", "0.1E+1"], ["2"],
            ["9007199254740992"], ["9007199254740993"], ["1e400"], ["1e500"],
        ]
        let numbers = ranked.enumerated().flatMap { rank, texts in texts.map { (rank, $0) } }
        for (rankA, a) in numbers {
            for (rankB, b) in numbers {
                let expected = rankA == rankB ? 0 : (rankA < rankB ? -1 : 1)
                #expect(JSONNumber.compare(Array(a.utf8), Array(b.utf8)) == expected, "\(a) vs \(b)")
            }
        }
    }

    /// The scanner finds a member at any place of its record, skipping what looks like it in
    /// strings and deeper objects, and the last of a key written twice.
    @Test func theScannerFindsTheRecordsOwnMember() {
        let cases: [(record: String, keys: [String], value: String?)] = [
            (#"{"a": 1, "b": 2}"#, ["b"], "2"),
            (#"{"x": "\"b\": 9", "b": "it"}"#, ["b"], #""it""#),
            (#"{"x": {"b": 9}, "y": [{"b": 8}]}"#, ["b"], nil),
            (#"{"b": 1, "b": {"c": true}}"#, ["b", "c"], "true"),
            (#"{"b": {"c": true}, "b": 2}"#, ["b", "c"], nil),
            (#" { "\u0062" : null } "#, ["b"], "null"),
            (#"{"a": "\\", "b": -1.5e3}"#, ["b"], "-1.5e3"),
            (#"{}"#, ["b"], nil),
            (#"[{"b": 1}]"#, ["b"], nil),
            (#"{"b": [1, {"c": "]"}], "c": 0}"#, ["b"], #"[1, {"c": "]"}]"#),
            (#"{"b": 1, "c" 2}"#, ["b"], nil),
            (#"{"b": 1} x"#, ["b"], nil),
            ("{\"b\": 1}\r\n ", ["b"], "1"),
        ]
        for (record, keys, value) in cases {
            let bytes = Array(record.utf8)
            let found = bytes.withUnsafeBufferPointer { pointer in
                MemberScanner.value(at: keys.map { Array($0.utf8) }[...], in: pointer).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
            #expect(found == value, "\(record) \(keys)")
        }
    }
}
