import Testing

/// `browse --view table` written to a file: CSV that Python's `csv` module reads back as the
/// records' fields (RFC 4180: the header row first, quoted fields, CRLF).
@Suite struct TableExportTests {
    /// Records with what CSV must quote (commas, quotes, line breaks), text that is not ASCII,
    /// a nested object flattened, an array, null, missing members and a key met late: read back
    /// by Python's `csv` module, each field is the record's value as JSON says it.
    @Test func pythonsCSVModuleReadsBackEveryField() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let records = [
            #"{"id": 1, "msg": "a, \"quoted\" word", "ctx": {"user": "ana", "n": 2}, "tags": ["x", 1]}"#,
            #"{"id": 2, "msg": "two\nlines\r\nhere", "ctx": {"user": null}, "ok": true}"#,
            #"{"id": 3.50, "msg": "日本 é \u0041", "late": {"deep": {"x": 1}}}"#,
            #"{"msg": "a\"\u0301b"}"#,
            // Read a member at a time (over 64 KiB), its array's escapes decoded as a small one's.
            #"{"id": 5, "msg": "\#(String(repeating: "long ", count: 14_000))", "tags": ["caf\u00e9", "a\/b"]}"#,
        ]
        Subprocess.write(records.joined(separator: "\n") + "\n", to: directory + "/r.jsonl")
        let result = Subprocess.run([Subprocess.tstack, "browse", directory + "/r.jsonl", "--view", "table"])
        #expect(result.status == 0, "\(result.stderr)")
        Subprocess.write(result.stdout, to: directory + "/r.csv")
        let check = """
            import csv, json, sys
            lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
            # Numbers as the file writes them (`3.50` stays `3.50`); containers as JSON on one line.
            written = [json.loads(line, parse_float=str, parse_int=str) for line in lines]
            parsed = [json.loads(line) for line in lines]
            rows = list(csv.reader(open(sys.argv[2], newline="", encoding="utf-8")))
            header = rows[0]
            assert header == ["id", "msg", "ctx.user", "ctx.n", "tags", "ok", "late.deep"], header
            def field(record, plain, name):
                for key in name.split("."):
                    if not isinstance(record, dict) or key not in record:
                        return ""
                    record, plain = record[key], plain[key]
                if record is None: return ""
                if record is True: return "true"
                if record is False: return "false"
                if isinstance(record, (list, dict)): return json.dumps(plain, ensure_ascii=False)
                return record
            assert len(rows) == len(lines) + 1, rows
            for record, plain, row in zip(written, parsed, rows[1:]):
                expected = [field(record, plain, name) for name in header]
                assert row == expected, (row, expected)
            raw = open(sys.argv[2], "rb").read()
            assert raw.count(b"\\r\\n") >= len(lines) + 1, raw
            print("ok")
            """
        Subprocess.write(check, to: directory + "/check.py")
        let checked = Subprocess.run(["python3", directory + "/check.py", directory + "/r.jsonl", directory + "/r.csv"])
        #expect(checked.stdout == "ok\n", "\(checked.stdout)\(checked.stderr)\n\(result.stdout)")
    }

    /// A line that is no object is written as empty fields and named: the export is not the
    /// whole file, so it fails (status 65) after writing the rest. A row of one empty field is
    /// `""` (an empty line would be no row).
    @Test func aLineThatIsNoRecordIsNamedAndFailsTheExport() {
        let result = Subprocess.run([Subprocess.tstack, "browse", "-", "--view", "table"], input: "{\"a\": 1}\n7\n{\"a\": 2}\n")
        #expect(result.status == 65)
        #expect(result.stdout == "a\r\n1\r\n\"\"\r\n2\r\n")
        #expect(result.stderr.contains("line 2: not an object"), "\(result.stderr)")
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Subprocess.write("{\"a\": 1}\n{\"a\": \n", to: directory + "/cut.jsonl")
        let cut = Subprocess.run([Subprocess.tstack, "browse", directory + "/cut.jsonl", "--view", "table"])
        #expect(cut.status == 65)
        #expect(cut.stderr.contains("line 2: not JSON: "), "\(cut.stderr)")
    }

    /// Every member of every record has its column, not only those of the records sampled: a
    /// key first met in the 1,201st record is in the header and in its row.
    @Test func aKeyMetPastTheSampleHasItsColumn() {
        let lines = Array(repeating: #"{"n": 1}"#, count: 1_200) + [#"{"n": 2, "err": "disk full"}"#]
        let result = Subprocess.run([Subprocess.tstack, "browse", "-", "--view", "table"], input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(rows.first == "n,err")
        #expect(rows.dropLast().last == "2,disk full")
        #expect(rows.dropFirst().first == "1,")
    }

    /// `--view table` is for JSON's records: a stack document is refused (status 64).
    @Test func aStackDocumentIsNoTable() {
        let result = Subprocess.run([Subprocess.tstack, "browse", "-", "--view", "table"], input: #"{"title": "t", "sections": [{"id": "s", "items": [{"id": "a", "title": "A"}]}]}"#)
        #expect(result.status == 64)
        #expect(result.stderr.contains("is a stack document"), "\(result.stderr)")
    }

    /// What a terminal would act on never leaves as raw bytes (`browse x --view table | head`
    /// could set the terminal's title): ESC, BEL, NUL, DEL, C1 and bidirectional controls are
    /// written as the screen writes them; tabs and line breaks stay, in quoted fields.
    @Test func controlsInFieldsAreWrittenInert() {
        let record = #"{"a": "\u001b]0;owned\u0007x", "b": "nul\u0000del\u007fc1\u009brtl\u202e", "c": "tab\tline\nend"}"#
        let result = Subprocess.run([Subprocess.tstack, "browse", "-", "--view", "table"], input: record + "\n" + #"{"a": 1}"# + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "a,b,c\r\n\"^[]0;owned^Gx\",nul^@del^?c1\\u009brtl\\u202e,\"tab\tline\nend\"\r\n1,,\r\n", "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E })
    }

    /// A string a spreadsheet would run as a formula is written behind a `'` (OWASP); numbers,
    /// and strings that are numbers (`"-3"`), are left alone; `--csv-formulas` writes them as
    /// they are.
    @Test func formulasAreNeutralisedUnlessAsked() {
        let records = #"{"f": "=1+2", "g": "@SUM(A1)", "h": "-3", "n": -3, "s": "plain"}"# + "\n"
            + #"{"f": "+x", "g": "\tlead", "h": "\rcr", "n": 4, "s": "a=b"}"# + "\n"
        let neutral = Subprocess.run([Subprocess.tstack, "browse", "-", "--view", "table"], input: records)
        #expect(neutral.stdout == "f,g,h,n,s\r\n'=1+2,'@SUM(A1),-3,-3,plain\r\n'+x,'\tlead,\"'\rcr\",4,a=b\r\n", "\(neutral.stdout)")
        let kept = Subprocess.run([Subprocess.tstack, "browse", "-", "--view", "table", "--csv-formulas"], input: records)
        #expect(kept.stdout == "f,g,h,n,s\r\n=1+2,@SUM(A1),-3,-3,plain\r\n+x,\tlead,\"\rcr\",4,a=b\r\n", "\(kept.stdout)")
    }
}
