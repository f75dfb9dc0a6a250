import Glibc
import Testing

/// A document big enough to be read the lazy way (over 4 MiB), through the real binary.
@Suite(.serialized) struct BigDocumentTests {
    /// 12,000 items of about 400 bytes in sections of 100, the last one a strip of cards,
    /// written in `directory` for one test.
    static func writeDocument(in directory: String) -> String {
        let path = directory + "/big.json"
        let body = String(repeating: "Fold the flap up and crease it firmly. ", count: 9)
        var text = #"{"title": "big", "sections": ["#
        for s in 0..<120 {
            text += (s > 0 ? ",\n" : "\n") + #"{"id": "s\#(s)", "header": "Section \#(s)", "items": ["#
            text += (0..<100).map { i in
                #"{"id": "step-\#(s * 100 + i + 1)", "title": "Step \#(s * 100 + i + 1)", "body": "\#(body)"}"#
            }.joined(separator: ",\n") + "]}"
        }
        text += #",{"id": "showcase", "header": "Showcase", "layout": "horizontal", "items": ["#
        text += (1...20).map { #"{"id": "card-\#($0)", "title": "Card \#($0)"}"# }.joined(separator: ",") + "]}]}"
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
        return path
    }

    @Test func browsesEndsAndFindsIDsWhileReadingLazily() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = Self.writeDocument(in: directory)
        let tmux = TmuxSession(
            width: 80, height: 24,
            command: "'\(Subprocess.tstack)' browse --no-animation '\(path)'; echo \"exit=$?\"; sleep 60")
        let first = tmux.waitUntil { $0.last?.contains("step-1 ") == true }
        #expect(first.first?.hasPrefix("  Section 0") == true)
        tmux.send("End")
        let end = tmux.waitUntil { $0.last?.hasPrefix(" card-1 ") == true }
        #expect(end.last?.contains("item 12,001 of 12,020") == true, "\(end.last ?? "")")
        tmux.send(":goto step-11111", "Enter")
        let found = tmux.waitUntil { $0.last?.hasPrefix(" step-11111") == true }
        #expect(found.contains { $0.contains("Step 11111") })
        tmux.send("q")
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } }
        #expect(after.contains("exit=0"))
    }

    /// Standard input that pauses half-way: the first screen shows before the rest arrives (the
    /// rest is held back until the test has seen it: no clock decides).
    @Test func standardInputShowsItsFirstScreenWhileTheRestStreamsIn() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let go = directory + "/go"
        let path = Self.writeDocument(in: directory)
        let command = "(head -c 200000 '\(path)'; while [ ! -e '\(go)' ]; do sleep 0.05; done; "
            + "tail -c +200001 '\(path)') | '\(Subprocess.tstack)' browse --no-animation -; echo \"exit=$?\"; sleep 60"
        let tmux = TmuxSession(width: 80, height: 24, command: command)
        let first = tmux.waitUntil { $0.last?.contains("step-1 ") == true }
        #expect(first.last?.contains("(stdin)") == true)
        #expect(first.last?.contains("so far") == true, "\(first.last ?? "")")
        Subprocess.write("", to: go)
        tmux.send("End")
        let end = tmux.waitUntil { $0.last?.hasPrefix(" card-1 ") == true }
        #expect(end.last?.contains("item 12,001 of 12,020") == true, "\(end.last ?? "")")
        tmux.send("q")
        #expect(tmux.waitUntil { $0.contains("exit=0") }.contains("exit=0"))
    }

    @Test func renderReadsTheWholeFileAndKeepsResolvedRowsBounded() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = Self.writeDocument(in: directory)
        let result = Subprocess.run([
            Subprocess.tstack, "render", path, "--size", "80x24", "--keys", "<End><Home><PgDn><PgDn>", "--stats",
        ])
        #expect(result.status == 0)
        #expect(result.lines.last?.hasPrefix(" step-") == true)
        // One screen of rows and the prefetch and retention windows around it, of 12,122 rows.
        let stats = result.stderr
        #expect(stats.contains("\"rows\":12122"), "\(stats)")
        let peak = stats.split(separator: "\"resolvedPeak\":").last.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect((peak ?? 1_000) < 60, "\(stats)")
    }
}
