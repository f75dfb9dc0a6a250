import Glibc
import TestSupport
import Testing

/// Issue 22, through the binary: input that is wrong or incomplete is said, never passed on as
/// if it were whole.
@Suite(.timeLimit(.minutes(2 * Sanitizers.timeLimitFactor))) struct TrustTests {
    /// `tstack ARGUMENTS` with `contents` in a file named `name` (its path replaces `FILE`).
    static func run(_ arguments: [String], file contents: String, named name: String = "doc.json") -> Subprocess.Result {
        let (directory, path) = HardeningTests.file(contents, named: name)
        defer { Subprocess.removeDirectory(directory) }
        return Subprocess.run([Subprocess.tstack] + arguments.map { $0 == "FILE" ? path : $0 }, stdin: "/dev/null")
    }

    /// Invalid JSON deep in a file read lazily (over 4 MiB) was exported as invalid JSON with
    /// status 0; now nothing is written and the error names the line and column, as for a small file.
    @Test func anExportNeverWritesInvalidJSON() {
        let records = (0..<50_000).map { #"{"i": \#($0), "pad": "\#(String(repeating: "x", count: 80))"}"# }
        let big = "[\n" + records.joined(separator: ",\n") + ",\n" + #"{"z":tru}"# + "\n]\n"
        #expect(big.utf8.count > 4 << 20)
        let result = Self.run(["browse", "FILE"], file: big)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("doc.json:50002:9: expected 'true'"), "\(result.stderr)")
        let small = Self.run(["browse", "FILE"], file: "[1,,2]")
        #expect(small.status == 65 && small.stdout.isEmpty)
        #expect(small.stderr.contains("doc.json:1:4: expected a value, found ','"), "\(small.stderr)")
    }

    /// A big stack document's export reads each item as it writes it: one that cannot be read was
    /// written as a row saying so, with status 0. The rest is still written, and the status and
    /// one line say which item could not be read and why (a small document is refused whole).
    /// (`--lazy-threshold 0` reads this small one as a big one is read.)
    @Test func aStackExportWithAnItemItCannotReadSaysSo() {
        func document(broken: Bool) -> String {
            var items = (0..<40).map { #"{"id": "i\#($0)", "title": "t\#($0)"}"# }
            if broken {
                items[20] = #"{"id": "bad", "title": tru}"#
                items[30] = #"{"id": "worse", "title": 5}"#
            }
            return #"{"sections": [{"id": "s", "items": [\#n"# + items.joined(separator: ",\n") + "\n]}]}\n"
        }
        let result = Self.run(["browse", "FILE", "--lazy-threshold", "0"], file: document(broken: true))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("tstack: /"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("/doc.json:22:24: expected 'true' (and 1 more items that cannot be read)\n"), "\(result.stderr)")
        // Everything else was written, the last item included.
        #expect(result.stdout.contains("⚠ cannot show sections[0].items[20]"))
        #expect(result.stdout.hasSuffix("\n  t39\n\n"), "\(result.stdout.suffix(100))")
        let good = Self.run(["browse", "FILE", "--lazy-threshold", "0"], file: document(broken: false))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("\n  t39\n"))
        // Read whole (no threshold given), the same document is refused before anything is written.
        let small = Self.run(["browse", "FILE"], file: document(broken: true))
        #expect(small.status == 65 && small.stdout.isEmpty, "\(small.stderr)")
    }

    /// A UTF-8 byte order mark before the document is skipped everywhere: a file, JSON Lines,
    /// standard input, and the export.
    @Test func aByteOrderMarkIsSkipped() {
        let file = Self.run(["render", "FILE", "--size", "40x6"], file: "\u{FEFF}[1,2]")
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.lines.first?.hasPrefix("▌ [") == true, "\(file.lines)")
        let exported = Self.run(["browse", "FILE"], file: "\u{FEFF}[1,2]")
        #expect(exported.status == 0 && exported.stdout == "[\n  1,\n  2\n]\n", "\(exported.stdout)")
        let lines = Self.run(["browse", "FILE"], file: "\u{FEFF}{\"a\":1}\n{\"b\":2}\n", named: "l.jsonl")
        #expect(lines.stdout == "[\n  {\n    \"a\": 1\n  },\n  {\n    \"b\": 2\n  }\n]\n", "\(lines.stdout)")
        let rendered = Self.run(["render", "FILE", "--size", "40x6"], file: "\u{FEFF}{\"a\":1}\n{\"b\":2}\n", named: "l.jsonl")
        #expect(rendered.lines.dropFirst().first?.hasPrefix("    {") == true, "\(rendered.lines)")
        let piped = Subprocess.run([Subprocess.tstack, "browse", "-"], input: "\u{FEFF}[1,2]")
        #expect(piped.status == 0 && piped.stdout == "[\n  1,\n  2\n]\n", "\(piped.stdout)")
    }

    /// Standard input that cannot be kept (a file size limit stands in for a full disk) is an
    /// error of the export (status 74), not an input that ended there.
    @Test func standardInputThatCannotBeKeptIsSaid() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let lines = (0..<20_000).map { #"{"n": \#($0), "msg": "hello"}"# }.joined(separator: "\n") + "\n"
        Subprocess.write(lines, to: directory + "/in.jsonl")
        // SIGXFSZ ignored (as a full disk sends no signal): the write fails with EFBIG.
        let script = "trap '' XFSZ; ulimit -f 64; { '\(Subprocess.tstack)' browse - < '\(directory)/in.jsonl'; "
            + "echo \"exit=$?\" >&2; } | wc -l"
        let result = Subprocess.run(["sh", "-c", script], stdin: "/dev/null")
        #expect(result.stderr.contains("cannot keep the input"), "\(result.stderr)")
        #expect(result.stderr.contains("exit=74"), "\(result.stderr)")
        #expect(result.stdout.split(whereSeparator: \.isWhitespace).first == "0", "nothing exported: \(result.stdout)")
        // `render` shows what was kept, and exits 74 with why it is not the whole input.
        let render = Subprocess.run(
            ["sh", "-c", "trap '' XFSZ; ulimit -f 64; '\(Subprocess.tstack)' render - --size 80x4 < '\(directory)/in.jsonl'"],
            stdin: "/dev/null")
        #expect(render.status == 74, "\(render.stderr)")
        #expect(render.stderr.contains("cannot keep the input"), "\(render.stderr)")
        #expect(render.stdout.split(separator: "\n").count == 4, "the screen: \(render.stdout)")
        // A search of what was kept says so: the record it would have found was in the input.
        let search = Subprocess.run(
            ["sh", "-c", "trap '' XFSZ; ulimit -f 64; '\(Subprocess.tstack)' render - --size 100x4 --keys '/\\\"n\\\": 19999,<Enter>' < '\(directory)/in.jsonl'"],
            stdin: "/dev/null")
        #expect(search.status == 74, "\(search.stderr)")
        #expect(search.stdout.contains("(of what was read before the input failed)"), "\(search.stdout)")
    }

    /// Small ones: `--retain` in decimal only, a negative `--size` is a bad value (not a missing
    /// one), a log that cannot be written is said, a huge index is out of range.
    @Test func argumentsAndTheLogSayWhatIsWrong() {
        let hex = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--retain", "0x10"], stdin: "/dev/null")
        #expect(hex.status == 64 && hex.stderr.contains("'0x10' is invalid"), "\(hex.stderr)")
        let negative = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--size", "-5x10"], stdin: "/dev/null")
        #expect(negative.status == 64 && negative.stderr.contains("'-5x10' is invalid for '--size"), "\(negative.stderr)")
        let full = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--log", "/dev/full"], stdin: "/dev/null")
        #expect(full.status == 74 && full.stderr.contains("--log /dev/full: no space left on device"), "\(full.stderr)")
        let index = Self.run(["render", "FILE", "--size", "90x4", "--keys", ":goto .[99999999999999999999]<Enter>"], file: "[1]")
        #expect(index.lines.last?.contains("index 99999999999999999999 is out of range") == true, "\(index.lines)")
    }

    /// A small document on standard input shows as soon as its bytes are complete, before the
    /// pipe closes; one cut short opens the screen at once (its root waiting), and `q` quits.
    @Test func aSmallDocumentOnAnOpenPipeShowsAtOnce() {
        let (directory, path) = HardeningTests.file("{\n  \"a\": 1,\n  \"b\": [1, 2]\n}\n", named: "small.json")
        defer { Subprocess.removeDirectory(directory) }
        let whole = TmuxSession(width: 80, height: 10, command: "(cat '\(path)'; sleep 30) | '\(Subprocess.tstack)' browse -; sleep 30")
        let shown = whole.waitUntil(seconds: 10) { $0.contains { $0.contains("a: 1") } && $0.contains { $0.contains("b: [") } }
        #expect(shown.contains { $0.contains("a: 1") }, "\(shown)")
        let cut = TmuxSession(width: 80, height: 10, command: "(echo '{\"a\":'; sleep 30; echo '1}') | '\(Subprocess.tstack)' browse -; sleep 30")
        let opened = cut.waitUntil(seconds: 10) { $0.last?.hasPrefix(" .  (stdin)") == true }
        #expect(opened.last?.contains("reading") == true, "\(opened)")
        cut.send("q")
        // The viewer gone, and its screen with it (the writer of the pipe still runs).
        let quit = cut.waitUntil(seconds: 10) { !$0.contains { $0.contains("(stdin)") } }
        #expect(!quit.contains { $0.contains("(stdin)") }, "q quits before the input ends: \(quit)")
    }

    /// `--follow` on a small `.json` file opens the screen, and its root's last child shows once
    /// the closing bracket is appended.
    @Test func followingASmallJSONFileShowsItAndItsGrowth() {
        let (directory, path) = HardeningTests.file(#"[{"i": 0}"#, named: "grow.json")
        defer { Subprocess.removeDirectory(directory) }
        let session = TmuxSession(width: 80, height: 10, command: "'\(Subprocess.tstack)' browse --follow '\(path)'; sleep 30")
        let opened = session.waitUntil(seconds: 10) { $0.last?.contains("following") == true }
        #expect(opened.last?.hasPrefix(" .") == true, "\(opened)")
        let file = fopen(path, "a")
        fputs(#", {"i": 1}]"#, file)
        fclose(file)
        let grown = session.waitUntil(seconds: 10) { $0.contains { $0.contains("i: 1") } }
        #expect(grown.contains { $0.contains("i: 0") } && grown.contains { $0.contains("i: 1") }, "\(grown)")
    }
}
