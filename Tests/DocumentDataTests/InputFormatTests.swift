import Glibc
import Testing
import TestSupport
@testable import DocumentData

/// Issue 46: what is not JSON is told by its first bytes and made into JSON Lines as it is read
/// — CSV and TSV, logfmt, YAML, text — whatever the chunks it arrives in.
@Suite struct InputFormatTests {
    /// What `InputConversion` writes for `input` fed in `chunks` pieces cut at random.
    static func converted(_ input: [UInt8], format: InputFormat? = nil, chunks: Int = 1, seed: UInt64 = 1) -> (format: InputFormat?, bytes: [UInt8]) {
        var written: [UInt8] = []
        var told: InputFormat?
        let conversion = InputConversion(
            format: format, jsonLines: false, write: { written.append(contentsOf: $0); return true }, decided: { told = $0 })
        var random = SeededGenerator(seed: seed)
        var cuts = (0..<max(0, chunks - 1)).map { _ in input.isEmpty ? 0 : Int.random(in: 0...input.count, using: &random) }.sorted()
        cuts.append(input.count)
        var start = 0
        for cut in cuts {
            _ = input[start..<cut].withUnsafeBytes { conversion.take($0) }
            start = cut
        }
        conversion.finish()
        return (told, written)
    }

    /// The records of JSON Lines `bytes`, parsed.
    static func records(_ bytes: [UInt8]) throws -> [JSONValue] {
        try bytes.split(separator: 0x0A).map { try JSONParser.parse(Array($0)) }
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, value: $0.1) })
    }

    @Test(arguments: [
        ("{\"a\": 1}", InputFormat.json),
        ("[1, 2", .json),
        ("{broken", .json),
        ("1\n2\n3\n", .json),
        ("\"a\"\n\"b\"\n", .json),
        ("name,age\nAda,36\nBob,7\n", .csv(delimiter: UInt8(ascii: ","))),
        ("name\tage\nAda\t36\n", .csv(delimiter: 0x09)),
        ("a;b;c\n1;2;3\n", .csv(delimiter: UInt8(ascii: ";"))),
        ("a|b\n1|2\n", .csv(delimiter: UInt8(ascii: "|"))),
        ("ts=1 level=info msg=\"up\"\nts=2 level=warn msg=slow\n", .logfmt),
        ("---\nname: x\n", .yaml),
        ("name: tstack\nitems:\n  - a\n  - b\n", .yaml),
        ("hello world\nsecond line\n", .text),
        ("2026-11-28 10:00:01 INFO: started\n2026-11-28 10:00:02 WARN: slow\n", .text),
        ("", .json),
        ("\u{0}\u{1}binary", .json),
        ("[2026-11-28 10:00:00] local.ERROR: boom\n[2026-11-28 10:00:01] local.INFO: ok\n", .text),
        ("[INFO] started\n\n[WARN] slow\n", .text),
        ("{\"a\": }\n{\"b\": 1}\n", .json),
        ("[1,\n2,\n}\n", .json),
    ])
    func eachFormatIsToldByItsFirstBytes(_ input: String, _ format: InputFormat) {
        #expect(InputFormat.sniff(Array(input.utf8), final: true) == format)
        #expect(Self.converted(Array(input.utf8)).format == format)
    }

    @Test func aFormatNotYetToldWaitsForMoreUnlessItStartsAsJSON() {
        #expect(InputFormat.sniff(Array("  {".utf8), final: false) == .json)
        #expect(InputFormat.sniff(Array("name,age\nAda".utf8), final: false) == nil)
        #expect(InputFormat.sniff(Array("  ".utf8), final: false) == nil)
    }

    /// Input refused while it was told at a pause is not taken further (what follows does not
    /// read past the chunk it comes in).
    @Test func aRefusalAtAPauseStopsTheConversion() {
        var written: [UInt8] = []
        let conversion = InputConversion(format: nil, jsonLines: false, write: { written.append(contentsOf: $0); return true }, decided: { _ in })
        #expect(Array("\"a\"\n\u{0}yz".utf8).withUnsafeBytes { conversion.take($0) })
        conversion.paused()
        #expect(conversion.refusal?.offset == 4)
        #expect(!Array("1".utf8).withUnsafeBytes { conversion.take($0) })
        #expect(written == Array("\"a\"\n\u{0}".utf8))
    }

    // MARK: - CSV

    /// A CSV of random fields — commas, quotes, line breaks, CRLF, numbers and near-numbers,
    /// empty fields — written by a naive encoder and read back in random chunks, matches the
    /// table it was written from.
    @Test(arguments: 0..<30 as Range<UInt64>) func csvMatchesTheTableItWasWrittenFrom(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let delimiter: Character = [",", "\t", ";", "|"][Int(seed % 4)]
        let pieces = ["a", "b c", "x,y", "say \"hi\"", "two\nlines", "42", "-3.5", "1e9", "007", "1.", "", "é", "\t", "|", ";"]
        let columns = Int.random(in: 2...5, using: &random)
        let header = (0..<columns).map { "c\($0)" }
        let rows = (0..<Int.random(in: 1...25, using: &random)).map { _ in
            (0..<columns).map { _ in pieces.randomElement(using: &random)! }
        }
        let lineEnd = Bool.random(using: &random) ? "\r\n" : "\n"
        func encoded(_ field: String) -> String {
            guard field.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.isEmpty && Bool.random(using: &random)
            else { return field }
            return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
        }
        var text = header.joined(separator: String(delimiter)) + lineEnd
        for row in rows { text += row.map(encoded).joined(separator: String(delimiter)) + lineEnd }
        let format = InputFormat.csv(delimiter: UInt8(ascii: delimiter.unicodeScalars.first!))
        let result = Self.converted(Array(text.utf8), format: format, chunks: Int.random(in: 1...12, using: &random), seed: seed)
        let expected = rows.map { row in
            Self.object(zip(header, row).map { key, field in
                let isNumber = Array(field.utf8).withUnsafeBytes { JSONLinesOutput.isJSONNumber($0) }
                return (key, isNumber ? .number(field) : .string(field))
            })
        }
        #expect(try Self.records(result.bytes) == expected, "\(text)")
    }

    @Test func csvNamesEmptyAndRepeatedColumnsAndSaysWhichRowsDisagreeWithTheHeader() throws {
        let text = "name,,name,name_2\nAda,1,2,3\n\nBob,1\nCy,1,2,3,4\n"
        let records = try Self.records(Self.converted(Array(text.utf8), format: .csv(delimiter: UInt8(ascii: ","))).bytes)
        #expect(records.first == Self.object([
            ("name", .string("Ada")), ("column 2", .number("1")), ("name_2", .number("2")), ("name_2_2", .number("3")),
        ]))
        #expect(records.count == 3, "the blank line is no row")
        #expect(records[1] == Self.object([
            ("name", .string("Bob")), ("column 2", .number("1")), ("_problem", .string("line 4: 2 fields, the header has 4")),
        ]))
        #expect(records[2]["column 5"] == .number("4"))
    }

    @Test func csvKeepsAReturnInQuotesAndCutsARowWhoseQuoteNeverCloses() throws {
        let csv = InputFormat.csv(delimiter: UInt8(ascii: ","))
        #expect(try Self.records(Self.converted(Array("a\r\n\"x\r\"\r\n".utf8), format: csv).bytes) == [Self.object([("a", .string("x\r"))])])
        let unclosed = "a,b\n1,\"" + String(repeating: "x", count: CSVRecords.rowLimit + 10) + "\n2,3\n"
        let records = try Self.records(Self.converted(Array(unclosed.utf8), format: csv, chunks: 7).bytes)
        #expect(records.count == 2)
        #expect(records.first?["_problem"] == .string("line 2: a row of over 4.0 MiB (a quote never closed?), cut"))
        // (Not the records themselves in a message: a cut row holds 4 MiB.)
        #expect(records.last.map { $0 == Self.object([("a", .number("2")), ("b", .number("3"))]) } == true)
    }

    @Test func aByteOrderMarkIsNoPartOfTheFirstColumnsName() throws {
        let records = try Self.records(Self.converted(Array("\u{FEFF}time,level\n1,info\n".utf8)).bytes)
        #expect(records == [Self.object([("time", .number("1")), ("level", .string("info"))])])
    }

    // MARK: - logfmt and text

    @Test(arguments: [1, 3, 40]) func logfmtLinesAreRecordsAndOtherLinesKeepTheirText(chunks: Int) throws {
        let text = "ts=2026-11-28T10:00:00Z level=info msg=\"a \\\"quoted\\\" word\" user.id=42 debug\r\n\npanic: nil map\nlevel=warn n=007 x=\n"
        let result = Self.converted(Array(text.utf8), format: .logfmt, chunks: chunks)
        #expect(try Self.records(result.bytes) == [
            Self.object([
                ("ts", .string("2026-11-28T10:00:00Z")), ("level", .string("info")), ("msg", .string("a \"quoted\" word")),
                ("user.id", .number("42")), ("debug", .bool(true)),
            ]),
            Self.object([("_text", .string("panic: nil map"))]),
            Self.object([("level", .string("warn")), ("n", .string("007")), ("x", .string(""))]),
        ])
    }

    @Test func textLinesAreStringsBlankOnesTooWithControlCharactersEscaped() throws {
        let text = "one\n\n\u{1B}[31mred\r\nlast"
        let result = Self.converted(Array(text.utf8), format: .text, chunks: 3)
        #expect(try Self.records(result.bytes) == [.string("one"), .string(""), .string("\u{1B}[31mred"), .string("last")])
        #expect(!result.bytes.contains(0x1B), "written as an escape")
    }

    // MARK: - YAML

    /// YAML read through a spool on a file (libyaml pulls its bytes).
    static func yaml(_ text: String) throws -> (records: [JSONValue], failure: DocumentError?) {
        let file = TemporaryFile(contents: text, name: "doc.yaml")
        defer { file.remove() }
        let spool = try #require(try InputSpool.open(path: file.path))
        spool.wait { _ in false }
        #expect(spool.format == .yaml)
        let bytes = try #require(try spool.reader().bytes(at: 0, length: spool.bytesWritten))
        return (try records(bytes), spool.failure)
    }

    @Test func yamlScalarsAreResolvedAsTheCoreSchemaSaysAndEachDocumentIsALine() throws {
        let result = try Self.yaml("""
            ---
            plain: text
            quoted: "42"
            int: 42
            plus: +7
            zeros: 007
            hex: 0x1F
            octal: 0o17
            float: 1.5e3
            point: .5
            infinite: .inf
            empty:
            tilde: ~
            yes: true
            no: False
            list: [a, 1, null]
            1: number key
            ---
            second: doc

            """)
        #expect(result.failure == nil)
        #expect(result.records.count == 2)
        #expect(result.records[0] == Self.object([
            ("plain", .string("text")), ("quoted", .string("42")), ("int", .number("42")), ("plus", .number("7")),
            ("zeros", .number("7")), ("hex", .number("31")), ("octal", .number("15")), ("float", .number("1.5e3")),
            ("point", .number("0.5")), ("infinite", .string(".inf")), ("empty", .null), ("tilde", .null),
            ("yes", .bool(true)), ("no", .bool(false)), ("list", .array([.string("a"), .number("1"), .null])),
            ("1", .string("number key")),
        ]))
        #expect(result.records[1] == Self.object([("second", .string("doc"))]))
    }

    @Test func yamlAliasesAreResolvedAndABillionLaughsIsRefused() throws {
        let anchored = try Self.yaml("base: &b {x: 1, y: [2]}\nuse: *b\nkey: &k name\n*k : value\n")
        #expect(anchored.records == [Self.object([
            ("base", Self.object([("x", .number("1")), ("y", .array([.number("2")]))])),
            ("use", Self.object([("x", .number("1")), ("y", .array([.number("2")]))])),
            ("key", .string("name")), ("name", .string("value")),
        ])])
        var laughs = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1..<12 { laughs += "\(Character(UnicodeScalar(UInt8(97 + level)))): &\(Character(UnicodeScalar(UInt8(97 + level)))) [" + Array(repeating: "*\(Character(UnicodeScalar(UInt8(96 + level))))", count: 9).joined(separator: ",") + "]\n" }
        let file = TemporaryFile(contents: laughs, name: "laughs.yaml")
        defer { file.remove() }
        let spool = try #require(try InputSpool.open(path: file.path))
        spool.wait { _ in false }
        #expect(spool.bytesWritten < 16 << 20)
        #expect(spool.failure?.description.contains("aliases expand to more than 8.0 MiB") == true, "\(String(describing: spool.failure))")
    }

    @Test func anAnchorOnAKeyAndDigitsWithMarksStayValidJSON() throws {
        let result = try Self.yaml("x: 1\n&a k: 2\ny: *a\nz: 1\u{FE0F}\u{20E3}\n")
        #expect(result.failure == nil)
        #expect(result.records == [Self.object([
            ("x", .number("1")), ("k", .number("2")), ("y", .string("k")), ("z", .string("1\u{FE0F}\u{20E3}")),
        ])])
    }

    @Test func malformedYAMLSaysItsLineAndColumn() throws {
        let result = try Self.yaml("name: a\nlist:\n  - x\n - y\n")
        let message = try #require(result.failure?.description)
        #expect(message.contains("doc.yaml:4:"), "\(message)")
        #expect(message.contains("YAML"), "\(message)")
    }

    // MARK: - Times

    @Test func logTimesAreReadFromTheNamesAndFormatsLogsUse() {
        func time(_ record: String) -> Int64? {
            Array(record.utf8).withUnsafeBytes { LogTime.microseconds(ofRecord: $0) }
        }
        let expected: Int64 = 1_795_858_325_123_000
        #expect(time(#"{"ts": "2026-11-28T09:32:05.123Z"}"#) == expected)
        #expect(time(#"{"msg": "x", "time": "2026-11-28T10:32:05.123+01:00"}"#) == expected)
        #expect(time(#"{"@timestamp": "2026-11-28 09:32:05.123"}"#) == expected)
        #expect(time(#"{"t": 1795858325.123}"#) == expected)
        #expect(time(#"{"timestamp": 1795858325123}"#) == expected)
        #expect(time(#"{"date": "2026-11-28"}"#) == 1_795_824_000_000_000)
        #expect(time(#"{"nested": {"ts": 1}, "ts": 0}"#) == 0, "a top-level member only")
        #expect(time(#"{"ts": "yesterday"}"#) == nil)
        #expect(time(#"{"level": "info"}"#) == nil)
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}

/// Issue 46: `:goto 10:32` lands on the first record at or after the moment — by binary search
/// when the records are in time order, in order otherwise — as a naive walk over them does.
@Suite struct TimeLookupTests {
    static func lookup(_ target: String, in tree: JSONTree) -> TimeLookup.Outcome {
        guard var lookup = TimeLookup(target, in: tree) else { return .notFound }
        while true {
            let outcome = lookup.step()
            if outcome != .searching { return outcome }
        }
    }

    @Test(arguments: 0..<40 as Range<UInt64>) func theFirstRecordAtOrAfterTheMomentIsFound(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let sorted = seed % 2 == 0
        var second = Int.random(in: 0..<3600, using: &random)
        var times: [Int?] = []
        for _ in 0..<Int.random(in: 1...3000, using: &random) {
            second = sorted ? second + Int.random(in: 0...20, using: &random) : Int.random(in: 0..<40_000, using: &random)
            times.append(Int.random(in: 0..<8, using: &random) == 0 ? nil : second)
        }
        func stamp(_ second: Int) -> String {
            let hour = second / 3600 % 24, minute = second / 60 % 60, rest = second % 60
            return "2026-11-\(28 + second / 86_400)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):\(rest < 10 ? "0" : "")\(rest)Z"
        }
        let text = times.enumerated().map { index, time in
            time.map { "{\"n\": \(index), \"ts\": \"\(stamp($0))\"}" } ?? "{\"n\": \(index)}"
        }.joined(separator: "\n") + "\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "log.jsonl", jsonLines: true)
        for _ in 0..<10 {
            let target = Int.random(in: -100...45_000, using: &random)
            let expected: TimeLookup.Outcome
            if sorted {
                // The first record from which every time is at or after the moment (one without
                // a time before the first such takes the next one's).
                let firstTimed = times.firstIndex { $0.map { $0 >= target } ?? false }
                var index = firstTimed ?? times.count
                while index > 0, times[index - 1] == nil { index -= 1 }
                expected = firstTimed == nil ? .notFound : .found(index)
            } else {
                expected = times.firstIndex { $0.map { $0 >= target } ?? false }.map { .found($0) } ?? .notFound
            }
            guard target >= 0 else { continue }
            #expect(Self.lookup(stamp(target), in: tree) == expected, "\(stamp(target)) sorted: \(sorted)")
        }
    }

    @Test func aTimeOfDayIsOnTheFirstRecordsDateOrTheNextDay() throws {
        let text = "{\"ts\": \"2026-11-28T22:00:00Z\"}\n{\"ts\": \"2026-11-28T23:30:00Z\"}\n{\"ts\": \"2026-11-29T00:30:00Z\"}\n"
        let tree = try JSONTree(bytes: Array(text.utf8), name: "log.jsonl", jsonLines: true)
        #expect(Self.lookup("23:00", in: tree) == .found(1))
        #expect(Self.lookup("00:15", in: tree) == .found(2), "before the first record: the next day")
        #expect(Self.lookup("2026-11-29T01:00", in: tree) == .notFound)
        #expect(TimeLookup("12ab", in: tree) == nil)
        #expect(!TimeLookup.saysAMoment(".a.b"))
        #expect(!TimeLookup.saysAMoment("10:32junk"))
        // A first record at 10:32:05 is on the day `10:32` names.
        let late = try JSONTree(bytes: Array("{\"ts\": \"2026-11-28T10:32:05Z\"}\n{\"ts\": \"2026-11-28T10:40:00Z\"}\n".utf8), name: "l.jsonl", jsonLines: true)
        #expect(Self.lookup("10:32", in: late) == .found(0))
        #expect(Self.lookup("10:32:06", in: late) == .found(1))
    }

    /// A long run of records without a time, leading or between, and a pretty-printed array.
    @Test func runsOfRecordsWithoutATimeAndPrettyRecords() throws {
        let lines = Array(repeating: "{\"msg\": \"banner\"}", count: 100) + ["{\"ts\": \"2026-11-28T10:00:00Z\"}"]
            + Array(repeating: "{\"msg\": \"dump\"}", count: 150) + ["{\"ts\": \"2026-11-28T11:00:00Z\"}"]
        let tree = try JSONTree(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "log.jsonl", jsonLines: true)
        #expect(Self.lookup("10:00", in: tree) == .found(0), "the banner before the first time takes its time")
        #expect(Self.lookup("10:30", in: tree) == .found(101), "the dump before 11:00 takes its time")
        let pretty = try JSONTree(bytes: Array("[\n {\n  \"ts\": \"2026-11-28T10:32:05Z\"\n },\n {\n  \"ts\": \"2026-11-28T10:40:00Z\"\n }\n]\n".utf8), name: "p.json")
        #expect(Self.lookup("10:35", in: pretty) == .found(1))
    }

    @Test func aTimeIsReadWholeWithItsZoneOrNotAtAll() {
        func time(_ text: String) -> Int64? { Array(text.utf8).withUnsafeBytes { LogTime.microseconds(ofText: $0) } }
        #expect(time("2026-11-28 10:32:05 +0100") == time("2026-11-28T09:32:05Z"))
        #expect(time("2026-11-28T10:32:05-05:30") == time("2026-11-28T16:02:05Z"))
        #expect(time("2026-11-28 ") == time("2026-11-28"))
        for refused in ["2026-11-28.foo", "2026-11-28xyz", "2026-02-30", "2026-11-28T10:32+99:00", "2026-11-28 junk"] {
            #expect(time(refused) == nil, "\(refused)")
        }
        #expect(time("2024-02-29") != nil)
    }
}
