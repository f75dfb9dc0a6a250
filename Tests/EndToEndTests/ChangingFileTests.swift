import Glibc
import Testing

/// Files that change while the viewer shows them, on the real binary: a truncated file never
/// hangs it and is said to be shorter, `R` opens it again, a followed log truncated to empty is
/// read again without blocking the keys, and a signal during whole-file work ends it at once
/// with the terminal restored.
@Suite(.serialized) struct ChangingFileTests {
    /// A JSON Lines log of `count` records.
    static func writeLog(_ path: String, count: Int) {
        let file = fopen(path, "w")
        for index in 0..<count { fputs(#"{"n": \#(index), "msg": "hello world \#(index)", "ctx": {"a": \#(index % 7)}}"# + "\n", file) }
        fclose(file)
    }

    /// Truncate a shown file to under half, then `G`: the viewer answers (it spun forever before),
    /// rows past the new end say the file changed, the status line says it is shorter, and `R`
    /// reads it again; a search meanwhile is refused.
    @Test func aTruncatedFileIsSaidAndReloaded() {
        let path = "/tmp/tstack-truncated-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.writeLog(path, count: 100_000)
        let tmux = TmuxSession(width: 100, height: 12, command: "'\(Subprocess.tstack)' browse '\(path)'; echo \"exit=$?\"; sleep 60")
        // (Read to its end first: 100,000 records of five lines.)
        tmux.waitUntil { $0.last?.contains("500,002 lines") == true }
        truncate(path, 2_000_000)
        let said = tmux.waitUntil { $0.last?.contains("is shorter on disk — R reloads") == true }
        #expect(said.last?.hasPrefix(" .  tstack-truncated") == true, "\(said.last ?? "")")
        tmux.send("G")
        let bottom = tmux.waitUntil { $0.last?.hasPrefix(" .[99999]") == true }
        #expect(bottom.contains { $0.contains("the file changed while open: it ends before this value now") }, "\(bottom)")
        tmux.send("/", "hello", "Enter")
        let refused = tmux.waitUntil { $0.last?.contains("R reloads it first") == true }
        #expect(refused.last?.contains("is shorter on disk: R reloads it first") == true, "\(refused.last ?? "")")
        tmux.send("R")
        // The focus was on the last record: gone, the nearest is the last one now.
        let reloaded = tmux.waitUntil { $0.last?.contains("is no longer there") == true || $0.last?.contains("no node") == true }
        #expect(reloaded.last.map { $0.contains("reloaded: .[99999]") && $0.contains("is no longer there, the nearest node is focused") } == true, "\(reloaded.last ?? "")")
        #expect(!reloaded.contains { $0.contains("the file changed while open") }, "\(reloaded)")
        let nearest = TreeInteractiveTests.focus(reloaded)
        tmux.send("G")
        let end = tmux.waitUntil { $0.last?.contains("Bot") == true }
        #expect(end.last?.contains("R reloads") == false, "\(end.last ?? "")")
        #expect(nearest.hasPrefix(".[") && [nearest, nearest + "."].contains { TreeInteractiveTests.focus(end).hasPrefix($0) } && TreeInteractiveTests.focus(end).dropFirst(nearest.count).first != "[", "\(nearest) is the last record: \(end.last ?? "")")
        tmux.send("q")
        tmux.waitUntil { $0.contains("exit=0") }
    }

    /// A followed log truncated to empty (`> app.jsonl`, logrotate's copytruncate) is read again
    /// from its start at once, the keys answered meanwhile: `q` ends it (it waited on the UI
    /// thread for a first byte before, deaf to keys and signals).
    @Test func aFollowedLogTruncatedToEmptyLeavesTheKeysAnswered() {
        let path = "/tmp/tstack-emptied-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.writeLog(path, count: 50)
        let tmux = TmuxSession(width: 100, height: 12, command: "'\(Subprocess.tstack)' browse --follow '\(path)'; echo \"exit=$?\"; sleep 60")
        tmux.waitUntil { $0.last?.contains("following") == true }
        truncate(path, 0)
        let restarted = tmux.waitUntil { $0.last?.contains("was truncated: reading it again from the start") == true }
        #expect(restarted.last?.contains("was truncated") == true)
        tmux.send("j")
        tmux.send("q")
        let ended = tmux.waitUntil(seconds: 3) { $0.contains("exit=0") }
        #expect(ended.contains("exit=0"))
    }

    /// SIGTERM while a table sorts a big file ends the viewer (status 143), the terminal
    /// restored (the alternate screen left).
    @Test func aSignalDuringASortEndsTheViewerAtOnce() {
        let path = "/tmp/tstack-sorting-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.writeLog(path, count: 400_000)
        let tmux = TmuxSession(
            width: 100, height: 12,
            command: "'\(Subprocess.tstack)' browse --view table '\(path)'; echo \"exit=$?\"; sleep 60")
        tmux.waitUntil { $0.last?.contains("tstack-sorting") == true }
        tmux.send(":", "sort -msg", "Enter")
        tmux.waitUntil(seconds: 5) { $0.last?.contains("sorting") == true }
        // (How soon is a benchmark's question, not a test's: a sanitizer's build takes seconds.)
        _ = Subprocess.run(["pkill", "-TERM", "-P", "\(tmux.panePID)", "-x", "tstack"])
        let ended = tmux.waitUntil(seconds: 10) { $0.contains("exit=143") }
        #expect(ended.contains("exit=143"))
        #expect(tmux.tmux("display-message", "-p", "-t", "main", "#{alternate_on}").stdout == "0\n")
    }
}
