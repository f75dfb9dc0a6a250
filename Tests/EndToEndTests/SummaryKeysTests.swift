import Glibc
import TestSupport
import Testing

/// Issue 47, the real binary: `v` on a column of a log opens its frequency table, Enter the
/// records of a row, q back to the table and back to the records; `I` the columns' summary.
@Suite(.timeLimit(.minutes(2 * Sanitizers.timeLimitFactor))) struct SummaryKeysTests {
    @Test func vEnterAndQWalkFromTheRecordsToTheirCountsAndBack() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = directory + "/app.jsonl"
        let levels = ["info", "warn", "info", "error", "info", "warn", "info", "info", "warn", "info"]
        Subprocess.write((0..<500).map { "{\"level\": \"\(levels[$0 % 10])\", \"n\": \($0)}\n" }.joined(), to: path)
        let tmux = TmuxSession(width: 80, height: 12, command: "'\(Subprocess.tstack)' browse --view table '\(path)'; echo \"exit=$?\"; sleep 60")
        _ = tmux.waitUntil { $0.contains { $0.contains("level") && $0.contains("n") } }
        tmux.send("v")
        let counts = tmux.waitUntil { $0.contains { $0.contains("counted 500 records") } }
        #expect(counts.contains { $0.contains("info") && $0.contains("300") && $0.contains("60.0%") && $0.contains("█") }, "\(counts)")
        #expect(counts.contains { $0.contains("warn") && $0.contains("150") && $0.contains("30.0%") })
        #expect(counts.contains { $0.contains("error") && $0.contains("50") && $0.contains("10.0%") })
        tmux.send("G", "Enter")
        // (The rows are filtered as found: the screen once only the row's records show.)
        let errors = tmux.waitUntil { screen in
            screen.contains { $0.contains(":where level = \"error\"") } && !screen.contains { $0.contains("│info") }
        }
        #expect(errors.contains { $0.contains("│error") && $0.contains("  3") }, "the first error, n 3: \(errors)")
        #expect(!errors.contains { $0.contains("│warn") }, "only the row's records: \(errors)")
        tmux.send("q")
        _ = tmux.waitUntil { $0.contains { $0.contains("frequency of level") } }
        tmux.send("q")
        _ = tmux.waitUntil { $0.contains { $0.contains("line│level") } }
        tmux.send("I")
        let summary = tmux.waitUntil { $0.contains { $0.contains("summary of the columns") } }
        #expect(summary.contains { $0.contains("column") && $0.contains("distinct") }, "\(summary)")
        tmux.send("q")
        tmux.send("q")
        #expect(tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } }.contains("exit=0"))
    }
}
