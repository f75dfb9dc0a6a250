import Glibc
import TestSupport
import Testing

/// Issue 46, the real binary: a CSV opens as a table, compressed files open in place, several
/// files open as one view merged in time order, and a cut stream says where.
@Suite(.timeLimit(.minutes(2 * Sanitizers.timeLimitFactor))) struct InputFormatsTests {
    @Test func aCSVOpensAsATableAndTShowsItsRecordsAsATree() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        // A name that says nothing: the bytes tell.
        let path = directory + "/sales.dat"
        Subprocess.write("region;units;note\nnorth;12;\"a; b\"\nsouth;007;\"say \"\"hi\"\"\"\n", to: path)
        let tmux = TmuxSession(width: 60, height: 10, command: "'\(Subprocess.tstack)' browse '\(path)'; echo \"exit=$?\"; sleep 60")
        let table = tmux.waitUntil { $0.contains { $0.contains("region") && $0.contains("units") } }
        #expect(table.contains { $0.contains("north") && $0.contains("12") && $0.contains("a; b") }, "\(table)")
        #expect(table.contains { $0.contains("say \"hi\"") && $0.contains("007") }, "\(table)")
        tmux.send("T")
        let tree = tmux.waitUntil { $0.contains { $0.contains("region: \"north\"") } || $0.contains { $0.contains("{region: \"north\"") } }
        // (Quoted, as a tree writes a string: the table writes it bare.)
        #expect(tree.contains { $0.contains("\"north\"") }, "\(tree)")
        #expect(!tree.contains { $0.contains("│region") }, "the table's header row is gone: \(tree)")
        tmux.send("q")
        #expect(tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } }.contains("exit=0"))
    }

    @Test func severalFilesAreMergedInTimeOrderEachRecordNamingItsFile() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Subprocess.write("ts=2026-11-28T10:00:00Z level=info msg=one\nts=2026-11-28T10:00:02Z level=error msg=three\n", to: directory + "/app.log")
        Subprocess.write("{\"time\": \"2026-11-28T10:00:01Z\", \"msg\": \"two\"}\n", to: directory + "/old.jsonl")
        let zipped = Subprocess.run(["/bin/sh", "-c", "gzip -c '\(directory)/old.jsonl' > '\(directory)/old.jsonl.1.gz' && rm '\(directory)/old.jsonl'"], input: "")
        #expect(zipped.status == 0)
        let result = Subprocess.run(
            [Subprocess.tstack, "browse", "--view", "table", directory + "/app.log", directory + "/old.jsonl.1.gz"], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        // (CSV's lines end in CRLF, as RFC 4180 writes them.)
        #expect(result.stdout.split(separator: "\r\n").map(String.init) == [
            "_file,ts,level,msg,time",
            "\(directory)/app.log,2026-11-28T10:00:00Z,info,one,",
            "\(directory)/old.jsonl.1.gz,,,two,2026-11-28T10:00:01Z",
            "\(directory)/app.log,2026-11-28T10:00:02Z,error,three,",
        ], "\(result.stdout)")
        // The status line names the file of the record in focus, a tree's or a table's.
        for keys in ["jjjjjjjjj", "Tj"] {
            let screen = Subprocess.run(
                [Subprocess.tstack, "render", "--size", "90x8", "--keys", keys, directory + "/app.log", directory + "/old.jsonl.1.gz"],
                input: "")
            #expect(screen.lines.last { !$0.isEmpty }?.contains("old.jsonl.1.gz") == true, "\(keys): \(screen.stdout)")
        }
        let first = Subprocess.run([Subprocess.tstack, "render", "--size", "90x8", directory + "/app.log", directory + "/old.jsonl.1.gz"], input: "")
        #expect(first.lines.last { !$0.isEmpty }?.contains(" app.log ") == true, "\(first.stdout)")
    }

    /// `:goto 10:32` and `:where level >= warn` on a logfmt log, read as a log.
    @Test func aLogGoesToATimeAndKeepsItsWarnings() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let log = (0..<600).map { index in
            let minute = index / 10, second = index % 10 * 6
            return "ts=2026-11-28T10:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)Z level=\(index % 7 == 0 ? "warn" : "info") n=\(index)"
        }.joined(separator: "\n") + "\n"
        Subprocess.write(log, to: directory + "/app.log")
        let goto = Subprocess.run([Subprocess.tstack, "render", "--size", "80x6", "--keys", ":goto 10:32:30<Enter>", directory + "/app.log"], input: "")
        #expect(goto.lines.last { !$0.isEmpty }?.hasPrefix(" .[325]") == true, "\(goto.stdout)")
        let kept = Subprocess.run(
            [Subprocess.tstack, "render", "--size", "100x6", "--keys", ":where level >= warn and ts >= 2026-11-28T10:50<Enter>", directory + "/app.log"],
            input: "")
        #expect(kept.stdout.contains("(14 of 600)"), "\(kept.stdout)")
    }

    @Test func aCutCompressedFileSaysWhereAndExitsWithAnIOError() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let lines = (0..<20_000).map { "{\"n\": \($0)}" }.joined(separator: "\n")
        Subprocess.write(lines, to: directory + "/log")
        let cut = Subprocess.run(["/bin/sh", "-c", "gzip -c '\(directory)/log' | head -c 20000 > '\(directory)/cut'"], input: "")
        #expect(cut.status == 0)
        let result = Subprocess.run([Subprocess.tstack, "browse", directory + "/cut"], input: "")
        #expect(result.status == 74)
        #expect(result.stderr == "tstack: \(directory)/cut: gzip data cut short at byte 20000 (the input ended inside a stream)\n")
        let unknown = Subprocess.run([Subprocess.tstack, "browse", "--format", "xml", directory + "/log"], input: "")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("The value 'xml' is invalid for '--format <json|csv|tsv|yaml|logfmt|text>'"))
    }
}
