import Glibc
import TestSupport
import Testing
@testable import DocumentData

/// `:freq` and `:describe` against naive models: the records parsed whole by the tree's own
/// parser, their members compared as `:where`'s `=` compares them, counted in a dictionary.
@Suite struct SummaryTests {
    // MARK: - Random records

    /// A value of a counted member: strings (some the same text written with escapes), numbers
    /// (the same number written two ways, zeros, integers past 2^53), literals, an array.
    static let values = [
        #""info""#, #""inf\u006f""#, #""warn""#, #""é""#, #""\u00e9""#, #""a\"b""#, #""""#, "1", "1.0", "1e0", "-0",
        "0", "2.5", "9007199254740993", "9007199254740992", "true", "false", "null", "[1, 2]",
    ]

    /// Random records, a line each or an array's elements: a counted member `level` (its key
    /// written with an escape now and then, written twice now and then — the last counts), `n`
    /// (numbers), `ts` (times), other members of every kind and depth, records that are not
    /// objects.
    static func records(count: Int, using generator: inout SeededGenerator) -> [String] {
        (0..<count).map { _ -> String in
            if Int.random(in: 0..<25, using: &generator) == 0 { return "[\"not an object\"]" }
            var members: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let key = ["level", #"lev\u0065l"#, "n", "ts", "ctx", "other"].randomElement(using: &generator)!
                let value: String
                switch key {
                case "n": value = Bool.random(using: &generator) ? String(Int.random(in: -50...400, using: &generator))
                    : values.randomElement(using: &generator)!
                case "ts": value = Int.random(in: 0..<6, using: &generator) == 0 ? values.randomElement(using: &generator)!
                    : "\"2026-11-28T\(10 + Int.random(in: 0...3, using: &generator)):\(10 + Int.random(in: 0...49, using: &generator)):00Z\""
                case "ctx", "other": value = JSONInputCheckTests.randomJSON(depth: 2, using: &generator)
                default: value = values.randomElement(using: &generator)!
                }
                members.append("\"\(key)\": \(value)")
            }
            return "{" + members.joined(separator: ", ") + "}"
        }.map { String($0.map { $0 == "\n" ? " " : $0 }) }
    }

    static func table(_ records: [String], jsonLines: Bool) throws -> RecordTable {
        let text = jsonLines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n ") + "]"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "r.json", jsonLines: jsonLines)
        return try #require(RecordTable(recordsOf: tree))
    }

    /// The value of the last member `key` of a record, as the naive model compares values.
    static func naiveValue(_ record: String, _ key: String) throws -> NaiveValue {
        guard case .object(let members) = try JSONParser.parse(Array(record.utf8)) else { return .missing }
        guard let value = members.last(where: { $0.key == key })?.value else { return .missing }
        return naive(value)
    }

    /// A parsed value as the naive model compares it.
    static func naive(_ value: JSONValue) -> NaiveValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .number(let text):
            let number = Double(text)!
            return MemberValue.keepsWritten(number) && number != 0 ? .written(text) : .number(number == 0 ? 0 : number)
        case .string(let text): return .string(text)
        case .array, .object: return .container
        }
    }

    enum NaiveValue: Hashable {
        case missing, null, boolean(Bool), number(Double), written(String), string(String), container
    }

    /// Runs a pass over `table` to its end, reading `window` bytes a step.
    static func pass(
        _ table: RecordTable, into counts: SummaryPass.Counts, where query: RecordQuery? = nil, window: Int
    ) -> SummaryPass.Counts {
        guard var pass = SummaryPass(table, into: counts, where: query, window: window) else { preconditionFailure("a pass") }
        var steps = 0
        while !pass.step(records: table.records) {
            steps += 1
            precondition(steps < 1_000_000, "the pass ends")
        }
        return pass.counts
    }

    // MARK: - Frequency tables

    /// Every value's count is the naive count (strings equal once decoded, numbers equal by
    /// value, the last of a key written twice, a key written with escapes), in any window, on
    /// both threads; the counts are exact, sorted by count, and add up to the records.
    @Test(arguments: 1...40)
    func frequenciesAreTheNaiveCounts(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = Self.records(count: Int.random(in: 1...400, using: &generator), using: &generator)
        let table = try Self.table(records, jsonLines: Bool.random(using: &generator))
        let counts = Self.pass(
            table, into: .frequency(FrequencyTable(columns: [RecordColumn(keys: ["level"])])),
            window: Int.random(in: 1...4_000, using: &generator))
        let frequency = try #require(counts.frequency)
        var naive: [NaiveValue: Int] = [:]
        for record in records { naive[try Self.naiveValue(record, "level"), default: 0] += 1 }
        // (Arrays as written differ where the model sees one container: compared apart.)
        let entries = frequency.rows(limit: .max)
        #expect(frequency.shape == .values)
        #expect(entries.map(\.count).reduce(0, +) == records.count)
        #expect(entries.allSatisfy { $0.isExact })
        #expect(entries.map(\.count) == entries.map(\.count).sorted(by: >), "most first")
        var found: [NaiveValue: Int] = [:]
        for entry in frequency.rows(limit: .max) {
            let value = try Self.rowValue(entry)
            found[value, default: 0] += entry.count
        }
        #expect(found == naive, "seed \(seed)")
        #expect(frequency.distinctValues.isExact)
    }

    /// Counts under a `:where` are the naive counts of the records it keeps (the query matched
    /// on each record's bytes alone), its members and the counted ones walked together, on both
    /// threads, patterns included.
    @Test(arguments: 1...20)
    func countsOfAWhereAreOfTheRecordsItKeeps(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = Self.records(count: Int.random(in: 1...400, using: &generator), using: &generator)
        let table = try Self.table(records, jsonLines: Bool.random(using: &generator))
        let source = ["n >= 100", "level = error or ctx != null", "level ~ ^e", "not (n < 0) and ts != null", "level != null"]
            .randomElement(using: &generator)!
        let query = try RecordQuery(parsing: source, columns: table.columns)
        let window = Int.random(in: 1...4_000, using: &generator)
        let kept = records.filter { record in Array(record.utf8).withUnsafeBufferPointer { query.matches($0) } }
        let counts = Self.pass(
            table, into: .frequency(FrequencyTable(columns: [RecordColumn(keys: ["level"])])), where: query, window: window)
        var naive: [NaiveValue: Int] = [:]
        for record in kept { naive[try Self.naiveValue(record, "level"), default: 0] += 1 }
        var found: [NaiveValue: Int] = [:]
        for entry in try #require(counts.frequency).rows(limit: .max) { found[try Self.rowValue(entry), default: 0] += entry.count }
        #expect(found == naive, "seed \(seed): \(source)")
        #expect(counts.records == kept.count)
        let summaries = Self.pass(table, into: .columns(ColumnSummaries(columns: table.columns)), where: query, window: window)
        #expect(summaries.records == kept.count, "seed \(seed): \(source)")
    }

    /// A `:where` whose pattern backtracks too much for a record makes the pass say so (its
    /// counts leave that record out), on either thread, and leaves the query it was given —
    /// a row filter's — untouched.
    @Test func aPatternTooComplexForARecordIsSaid() throws {
        // (The record first, or a window of 1 KiB later — the other thread's stretch of the
        // first step —, or in a file read in one window.)
        for (bad, window) in [(0, 1 << 10), (25, 1 << 10), (1_500, 1 << 22)] {
            let records = (0..<2_000).map {
                #"{"level": "info", "s": "\#($0 == bad ? String(repeating: "a", count: 5_000) + "!" : "b")"}"#
            }
            let table = try Self.table(records, jsonLines: true)
            let query = try RecordQuery(parsing: #"s ~ "(a+)+$""#, columns: table.columns)
            guard var pass = SummaryPass(
                table, into: .frequency(FrequencyTable(columns: [RecordColumn(keys: ["level"])])), where: query, window: window)
            else { Issue.record("a pass"); return }
            while !pass.step(records: table.records) {}
            #expect(pass.isTooComplex, "record \(bad), window \(window)")
            #expect(!query.exceededLimits, "the pass matched with copies of its own")
        }
    }

    /// The value of a values-shaped row, read back from its `:where` (none: a container).
    static func rowValue(_ row: FrequencyRow) throws -> NaiveValue {
        guard let clause = row.whereClause else { return .container }
        if row.values == ["(missing)"] { return .missing }
        let literal = String(clause.dropFirst("level = ".count))
        return naive(try JSONParser.parse(Array(literal.utf8)))
    }

    /// Counts of several columns are of their combinations, each as the naive model pairs them.
    @Test(arguments: 1...15)
    func combinationsAreTheNaivePairs(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = Self.records(count: Int.random(in: 1...300, using: &generator), using: &generator)
        let table = try Self.table(records, jsonLines: true)
        let columns = [RecordColumn(keys: ["level"]), RecordColumn(keys: ["n"])]
        let counts = Self.pass(table, into: .frequency(FrequencyTable(columns: columns)), window: 97)
        let rows = try #require(counts.frequency).rows(limit: .max)
        var naive: [String: Int] = [:]
        for record in records {
            let pair = [try Self.naiveValue(record, "level"), try Self.naiveValue(record, "n")]
            naive["\(pair)", default: 0] += 1
        }
        #expect(rows.map(\.count).reduce(0, +) == records.count)
        #expect(rows.count == naive.count, "seed \(seed): a row a distinct pair")
        #expect(Set(rows.map(\.count)).isSubset(of: Set(naive.values)))
    }

    /// Past its capacity a count keeps (Space-Saving's guarantee) every value met more than
    /// total/capacity times, never says less than the truth, is exact where it says so, and
    /// estimates the distinct values to a few percent.
    @Test(arguments: 1...10)
    func pastItsCapacityTheFrequentValuesStay(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var counts = ValueCounts(capacity: 64)
        var naive: [[UInt8]: Int] = [:]
        let total = 20_000
        for _ in 0..<total {
            // A few frequent values and a long tail of rare ones.
            let value = Int.random(in: 0..<4, using: &generator) == 0
                ? Int.random(in: 0..<8, using: &generator) : Int.random(in: 100..<5_000, using: &generator)
            // (Of many lengths: a key takes the place of one shorter or longer, and the keys are
            // written again once most of their bytes are no slot's.)
            let key = Array(("v\(value)" + String(repeating: "-", count: value % 37)).utf8)
            counts.add(key)
            naive[key, default: 0] += 1
        }
        #expect(!counts.isExact)
        let kept = counts.top(.max)
        #expect(Set(kept.map(\.key)).count == kept.count, "a value is kept once")
        #expect(kept.allSatisfy { naive[$0.key] != nil }, "a key kept is a value met, whole")
        for (key, truth) in naive where truth > total / 64 {
            let entry = try #require(kept.first { $0.key == key }, "seed \(seed): a value met \(truth) times is kept")
            #expect(entry.count >= truth)
            if entry.isExact { #expect(entry.count == truth) }
        }
        for entry in kept { #expect(entry.count >= naive[entry.key] ?? 0) }
        let distinct = Double(naive.count)
        #expect(abs(Double(counts.distinctCount) - distinct) / distinct < 0.05, "seed \(seed)")
    }

    /// Keys of every length taking each other's places, one slot: the keys written again many
    /// times over, the one kept is the last value met, whole.
    @Test func keysOfEveryLengthTakeEachOthersPlace() {
        var counts = ValueCounts(capacity: 1)
        for length in 1...2_000 {
            let key = [UInt8](repeating: UInt8(ascii: "a") + UInt8(length % 26), count: length)
            counts.add(key)
            #expect(counts.top(1).first?.key == key, "length \(length)")
        }
    }

    /// A side that took in a full one may have let values go: merged again, its least count
    /// goes to the values it does not keep, and no count is said exact that is not.
    @Test func aMergedSideThatOverflowedMergesAsOneThatDid() {
        var full = ValueCounts(capacity: 2), empty = ValueCounts(capacity: 2), other = ValueCounts(capacity: 2)
        for key in ["a", "b", "c"] { full.add(Array(key.utf8)) }
        empty.merge(full)
        for _ in 0..<5 { other.add(Array("a".utf8)) }
        other.merge(empty)
        let a = other.count(of: Array("a".utf8))
        #expect(a.map { $0.count >= 6 } == true, "a was met 6 times: \(String(describing: a))")
        #expect(a?.isExact != true || a?.count == 6)
    }

    /// Two counts of halves of a stream merged are the count of the whole: exact when they fit.
    @Test(arguments: 1...10)
    func mergedCountsAreTheWholes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let keys = (0..<500).map { _ in Array("k\(Int.random(in: 0..<60, using: &generator))".utf8) }
        var whole = ValueCounts(capacity: 100), first = ValueCounts(capacity: 100), second = ValueCounts(capacity: 100)
        for (index, key) in keys.enumerated() {
            whole.add(key)
            if index < 200 { first.add(key) } else { second.add(key) }
        }
        first.merge(second)
        #expect(first.top(.max) == whole.top(.max))
        #expect(first.distinctCount == whole.distinctCount && first.isExact)
    }

    /// A member of a member (`user.name`) is found by the walk in C where the scanner finds it:
    /// keys written twice or with escapes, values of every kind, objects that are no objects.
    @Test(arguments: 1...4)
    func aMemberOfAMemberIsWhereTheScannerFindsIt(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let keys = ["name", "id", "n\\u0061me", "na", "names"]
        for _ in 0..<2_000 {
            let text: String
            if Int.random(in: 0..<8, using: &generator) == 0 {
                text = JSONInputCheckTests.randomJSON(depth: 2, using: &generator)
            } else {
                text = " {" + (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    "\"\(keys.randomElement(using: &generator)!)\" : \(JSONInputCheckTests.randomJSON(depth: 2, using: &generator))"
                }.joined(separator: ", ") + "} "
            }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { bytes in
                let range = 1..<max(1, bytes.count - 1)
                let walked = WalkedRecord.member(Array("name".utf8), in: bytes, objectAt: range)
                let scanned = MemberScanner.value(at: [Array("name".utf8)][...], in: bytes, from: range.lowerBound, whole: false)
                #expect(walked == scanned, "\(text)")
            }
        }
    }

    /// Counts of 64-bit keys are a dictionary's: keys close together and far apart, counted
    /// once or many times, the table grown many times over.
    @Test(arguments: 1...4)
    func keyCountsAreADictionarysCounts(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var counts = KeyCounts(), naive: [UInt64: Int] = [:]
        for _ in 0..<Int.random(in: 1...50_000, using: &generator) {
            let key = Bool.random(using: &generator) ? UInt64.random(in: 0..<300, using: &generator) : generator.next() << 20
            let times = Int.random(in: 0...3, using: &generator)
            counts.add(key, times: times)
            if times > 0 { naive[key, default: 0] += times }
        }
        #expect(counts.count == naive.count)
        #expect(Dictionary(uniqueKeysWithValues: counts.map { ($0.key, $0.count) }) == naive)
    }

    /// A number is read as `strtod` reads it, short decimals too (which are read without it):
    /// random digits, minus signs, points and exponents.
    @Test(arguments: 1...4)
    func numbersAreReadAsStrtodReadsThem(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("0123456789999-..e")
        for _ in 0..<20_000 {
            let text = String((0..<Int.random(in: 1...22, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let expected: Double? = text.withCString { start in
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(start, &end)
                let first = text.utf8.first!
                guard first == UInt8(ascii: "-") || (0x30...0x39).contains(first), end == UnsafeMutablePointer(mutating: start) + text.utf8.count
                else { return nil }
                return value
            }
            let read = Array(text.utf8).withUnsafeBytes { JSONNumber.value(of: $0) }
            #expect(read?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }

    /// The distinct values of a big stream estimated to about 1% (HyperLogLog, 2^14 registers).
    @Test func distinctValuesAreEstimatedClosely() {
        var one = DistinctSketch()
        let hash = Array("x".utf8).withUnsafeBytes { ValueCounts.hash($0) }
        for _ in 0..<1_000 { one.add(hash: hash) }
        #expect(one.estimate == 1, "one value noted many times")
        var many = DistinctSketch()
        for value in 0..<200_000 { Array("value \(value)".utf8).withUnsafeBytes { many.add(hash: ValueCounts.hash($0)) } }
        #expect(abs(Double(many.estimate) - 200_000) / 200_000 < 0.03)
    }

    // MARK: - Bins and the time axis

    /// A number column's bins hold the naive counts of their numbers (a lower bound included,
    /// an upper one excluded, the last's included), of one round width, from at or below the
    /// least to past the greatest; values of another kind are counted apart.
    @Test(arguments: 1...20)
    func binsHoldTheirNumbers(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let scale = [1.0, 0.01, 1_000, 1e9].randomElement(using: &generator)!
        let numbers = (0..<Int.random(in: 30...2_000, using: &generator)).map { _ in
            (Double(Int.random(in: -5_000...90_000, using: &generator)) * scale / 100).rounded(toPlaces: 2)
        }
        let records = numbers.map { "{\"n\": \($0)}" } + ["{\"n\": \"x\"}", "{}", "{\"n\": null}"]
        let table = try Self.table(records, jsonLines: true)
        let counts = Self.pass(table, into: .frequency(FrequencyTable(columns: [RecordColumn(keys: ["n"])])), window: 1 << 12)
        let frequency = try #require(counts.frequency)
        guard case .bins(let width) = frequency.shape else {
            #expect(Set(numbers).count <= FrequencyTable.binnedAbove, "seed \(seed): bins past \(FrequencyTable.binnedAbove) numbers")
            return
        }
        #expect(NumberDistribution.roundWidth(width) == width)
        let rows = frequency.rows(limit: .max)
        let bins = rows.filter { $0.kind == .bin }
        for (index, row) in bins.enumerated() {
            let bounds = row.values[0].dropFirst().dropLast().split(separator: ",").map { Double($0.trimmingPrefix(" "))! }
            let last = index == bins.count - 1
            let naive = numbers.count { $0 >= bounds[0] && (last ? $0 <= bounds[1] : $0 < bounds[1]) }
            #expect(row.count == naive, "seed \(seed) bin \(row.values[0])")
        }
        #expect(bins.map(\.count).reduce(0, +) == numbers.count)
        #expect(rows.filter { $0.kind == .other }.map(\.values[0]) == ["(missing)", "null", "(not a number)"])
    }

    /// A time column's axis counts each step's records as the naive model floors their times,
    /// the steps without any included, at the finest width that needs at most 60 steps.
    @Test(arguments: 1...15)
    func theTimeAxisCountsEachStep(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let span = [90, 3_600, 86_400 * 3, 86_400 * 200].randomElement(using: &generator)!
        let base = 1_795_000_000
        let seconds = (0..<Int.random(in: 1...800, using: &generator)).map { _ in base + Int.random(in: 0...span, using: &generator) }
        let records = seconds.map { "{\"ts\": \($0)}" } + ["{\"ts\": \"not a time\"}"]
        let table = try Self.table(records, jsonLines: true)
        let counts = Self.pass(table, into: .frequency(FrequencyTable(columns: [RecordColumn(keys: ["ts"])])), window: 333)
        let frequency = try #require(counts.frequency)
        guard case .timeAxis(let step) = frequency.shape else {
            Issue.record("seed \(seed): a time axis")
            return
        }
        let stepSeconds = Int(step / 1_000_000)
        let first = seconds.min()! - ((seconds.min()! % stepSeconds) + stepSeconds) % stepSeconds
        let rows = frequency.rows(limit: .max).filter { $0.kind == .bin }
        #expect(rows.count <= FrequencyTable.timeSteps)
        for (index, row) in rows.enumerated() {
            let lower = first + index * stepSeconds
            #expect(row.count == seconds.count { $0 >= lower && $0 < lower + stepSeconds }, "seed \(seed) step \(index)")
        }
        #expect(rows.map(\.count).reduce(0, +) == seconds.count)
        #expect(frequency.rows(limit: .max).last?.values == ["(not a time)"])
    }

    // MARK: - Column summaries

    /// Each column's kinds, missing and null members, distinct values, least and greatest,
    /// mean and percentiles (nearest rank) are the naive model's.
    @Test(arguments: 1...20)
    func columnSummariesAreTheNaiveOnes(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let records = Self.records(count: Int.random(in: 1...500, using: &generator), using: &generator)
        let table = try Self.table(records, jsonLines: Bool.random(using: &generator))
        let columns = ["level", "n"].map { RecordColumn(keys: [$0]) }
        let counts = Self.pass(table, into: .columns(ColumnSummaries(columns: columns)), window: Int.random(in: 1...3_000, using: &generator))
        let summaries = try #require(counts.columns)
        #expect(summaries.records == records.count)
        for summary in summaries.columns {
            let key = summary.column.keys[0]
            let values = try records.map { try Self.naiveValue($0, key) }
            #expect(summary.count(of: .missing) == values.count { $0 == .missing }, "seed \(seed) \(key)")
            #expect(summary.count(of: .null) == values.count { $0 == .null })
            #expect(summary.count(of: .string) == values.count { if case .string = $0 { true } else { false } })
            // (Missing members and nulls are counted apart; every array here is written `[1, 2]`.)
            #expect(summary.distinctValues.count == Set(values.filter { $0 != .missing && $0 != .null }).count)
            #expect(summary.distinctValues.isExact)
            let numbers = values.compactMap { value -> Double? in
                switch value {
                case .number(let number): number
                case .written(let text): Double(text)
                default: nil
                }
            }.sorted()
            #expect(summary.numbers.count == numbers.count)
            guard !numbers.isEmpty else { continue }
            #expect(summary.numbers.minimum == numbers.first && summary.numbers.maximum == numbers.last)
            let mean = numbers.reduce(0, +) / Double(numbers.count)
            #expect(abs((summary.numbers.mean ?? .nan) - mean) <= 1e-9 * max(1, abs(mean)))
            for fraction in [0.5, 0.9, 0.99] {
                let rank = max(1, Int((fraction * Double(numbers.count)).rounded(.up)))
                #expect(summary.numbers.percentile(fraction) == numbers[rank - 1], "seed \(seed) p\(fraction)")
            }
        }
    }

    /// A file of more than 65,536 lines (its records in blocks, read by two threads) with a line
    /// that is not JSON and one with a comma after its object: every line is counted once, the
    /// two as missing, as the table reads them.
    @Test func linesTheWalkCannotReadAreCountedOnceAsTheTableReadsThem() throws {
        var lines = (0..<140_000).map { "{\"level\": \"\($0 % 3 == 0 ? "warn" : "info")\"}" }
        lines[70_001] = "Starting server"
        lines[100_002] = #"{"level": "info"},"#
        let table = try Self.table(lines, jsonLines: true)
        let counts = Self.pass(table, into: .frequency(FrequencyTable(columns: [RecordColumn(keys: ["level"])])), window: 1 << 20)
        let rows = try #require(counts.frequency).rows(limit: .max)
        #expect(rows.map(\.count).reduce(0, +) == 140_000)
        let missing = try #require(rows.first { $0.values == ["(missing)"] })
        #expect(missing.count == 2)
    }

    // MARK: - The walk in C

    /// The C walk finds each record's members where `MemberScanner` finds them: keys written
    /// with escapes, duplicated, nested values, records that are not objects, whatever the
    /// window; and the stretches of a big array (blocks of 1,024 records) cover every record once.
    @Test(arguments: 1...10)
    func theWalkFindsWhatTheScannerFinds(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let count = seed.isMultiple(of: 3) ? 70_000 : Int.random(in: 1...600, using: &generator)
        let records = Self.records(count: count, using: &generator)
        let table = try Self.table(records, jsonLines: Bool.random(using: &generator))
        let keys = [Array("level".utf8), Array("n".utf8), Array("ctx".utf8)]
        let walk = RecordWalk(keys: keys)
        // (One set of buffers, kept from one window to the next, whatever their sizes.)
        let buffers = RecordWalk.Buffers(reading: table.tree)
        // (A big file's walk may begin inside a block: read the slow way to its end, then by
        // stretches again.)
        var next = count > 65_536 ? Int.random(in: 0..<count, using: &generator) : 0
        var seen = next
        while next < table.records.count {
            let window = Int.random(in: 1...(1 << 16), using: &generator)
            next = walk.read(table.records, of: table.tree, from: next, window: window, buffers: buffers) { record in
                #expect(record.index == seen, "seed \(seed): records in order, once each")
                seen += 1
                for (index, key) in keys.enumerated() {
                    let scanned = MemberScanner.value(at: [key][...], in: record.bytes)
                    #expect(record.value(ofKey: index, keys: keys) == scanned, "seed \(seed) record \(record.index)")
                }
            }
        }
        #expect(seen == records.count)
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
