import Testing

/// `tstack render`, the binary, as scripts use it.
@Suite struct RenderCommandTests {
    @Test func printsTheFirstScreenAsExactlyRowsLines() {
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--size", "80x24"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 24)
        #expect(result.lines[0].hasPrefix("  Steps · folding a crane   "))
        #expect(result.lines[1].hasPrefix("▌ 1. Choose your paper   "))
        #expect(result.lines[23].hasPrefix(" step-1  origami.json"))
        #expect(result.lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func printsEveryFrameFollowedByAFormFeedLine() {
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--size", "40x10", "--keys", "jj<PgDn>", "--frames"])
        #expect(result.status == 0)
        let frames = result.stdout.split(separator: "\u{0C}\n", omittingEmptySubsequences: false)
        // The first frame, then one per key; the output ends with a form feed line.
        #expect(frames.count == 5)
        #expect(frames.last == "")
        for frame in frames.dropLast() { #expect(frame.split(separator: "\n", omittingEmptySubsequences: false).count == 11) }
        #expect(frames[1].contains(" step-2  origami.json"))
        #expect(frames[2].contains(" step-3  origami.json"))
    }

    @Test(arguments: [
        ("j", " step-2"), ("jjk", " step-2"), ("<Tab><Tab>", " step-3"), ("G", " photo-1"), ("Gg", " step-1"),
        ("<End><Right><Right>", " photo-3"), ("<End>lh", " photo-1"), ("<C-f>", " step-3"), ("<C-f><C-b>", " step-1"),
        ("<Space>b", " step-1"), ("<PgDn><PgUp>", " step-1"), ("<C-d><C-u>", " step-1"), ("<C-e><C-y>", " step-1"),
    ])
    func keysThroughRender(keys: String, status: String) {
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--size", "80x24", "--keys", keys])
        #expect(result.status == 0)
        #expect(result.lines.last?.hasPrefix(status + "  origami.json") == true, "\(result.lines.last ?? "")")
    }

    @Test func resizeKeyChangesTheScreenSize() {
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--size", "80x24", "--keys", "<Resize 50x8>"])
        #expect(result.lines.count == 8)
        #expect(result.lines.allSatisfy { $0.count <= 50 })
    }

    @Test func scrollToStartsAtTheTargetBelowThePinnedHeader() {
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--size", "80x24", "--scroll-to", "step-20"])
        #expect(result.lines[0].hasPrefix("  Steps · folding a crane   "))
        #expect(result.lines[1].hasPrefix("▌ 20. Petal fold the back   "))
        #expect(result.lines.last?.hasPrefix(" step-20  origami.json") == true)
    }

    @Test func badInputGetsOneLineAndAStatus() {
        let missing = Subprocess.run([Subprocess.tstack, "render", "/nonexistent.json"])
        #expect(missing.status == 65)
        #expect(missing.stderr == "tstack: /nonexistent.json: no such file or directory\n")
        let keys = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--keys", "<Bogus>"])
        #expect(keys.status == 64)
        #expect(keys.stderr.hasPrefix("tstack: --keys: "))
        let target = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--scroll-to", "nope"])
        #expect(target.status == 64)
        #expect(target.stderr.contains("\"nope\""))
    }

    @Test func malformedDocumentNamesLineAndColumn() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Subprocess.write("{\n  \"sections\": [,]\n}\n", to: directory + "/bad.json")
        let result = Subprocess.run([Subprocess.tstack, "browse", directory + "/bad.json"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("tstack: \(directory)/bad.json:2:16: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func browseToAPipePrintsPlainText() {
        let result = Subprocess.run([Subprocess.tstack, "browse", Subprocess.demo])
        #expect(result.status == 0)
        #expect(result.lines.first == "  Steps · folding a crane")
        #expect(result.stdout.contains("  44. Try a chain of cranes"))
        #expect(result.stdout.contains("Thousand cranes"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func readsTheDocumentFromStandardInput() {
        let result = Subprocess.run(
            [Subprocess.tstack, "render", "-", "--size", "30x3"],
            input: #"{"sections": [{"id": "s", "items": [{"id": "a", "title": "From stdin"}]}]}"#)
        #expect(result.lines == ["▌ From stdin", "", " a  (stdin)  item 1 of 1  All"])
    }
}

/// `--stats` and `--log`: what the engine did, for people tuning a document or the engine.
@Suite struct DiagnosticsTests {
    @Test func statsPrintsOneJSONLineOnStandardError() {
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--keys", "<PgDn><PgDn>", "--stats"])
        #expect(result.status == 0)
        let line = result.stderr
        #expect(line.hasPrefix("{\"rows\":48,\"resolvedNow\":"))
        #expect(line.contains("\"frames\":3,"))
        #expect(line.contains("\"maxFrameMicros\":"))
        #expect(line.hasSuffix("}\n"))
    }

    @Test func logExplainsEveryFrame() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = directory + "/layout.log"
        let result = Subprocess.run([Subprocess.tstack, "render", Subprocess.demo, "--keys", "G", "--log", path])
        #expect(result.status == 0)
        let log = Subprocess.read(path).split(separator: "\n").map(String.init)
        #expect(log.first == "place from #0 offset=0")
        #expect(log.contains { $0.hasPrefix("measure #1 extent=") })
        #expect(log.contains { $0.hasPrefix("content size estimated ") })
        #expect(log.filter { $0.hasPrefix("place from #") }.count == 2)
        #expect(log.contains("content size exact 0") == false)
    }
}

/// The library used without the CLI: `Examples/PinnedHeaders`.
@Suite struct PinnedHeadersExampleTests {
    @Test func scrollToLandsBelowThePinnedHeaderAndTheHeaderStaysPinned() {
        let binary = String(Subprocess.tstack.dropLast("tstack".count)) + "PinnedHeaders"
        let result = Subprocess.run([binary])
        #expect(result.status == 0)
        let frames = result.stdout.split(separator: "(one line down: the Greens header stays pinned)\n")
        #expect(frames.count == 2)
        let first = frames.first.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        let second = frames.last.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        #expect(first.first == " Greens")
        #expect(first.dropFirst().first == "")
        #expect(first.dropFirst(2).first == "  Green 1: dark")
        #expect(second.first == " Greens")
        #expect(second.dropFirst().first == "  Green 1: dark")
    }
}

/// The list widget used without the CLI: `Examples/LogBrowser`, two lists on one screen over a
/// million log lines.
@Suite struct LogBrowserExampleTests {
    @Test func anHourChosenOnTheLeftShowsItsLinesOnTheRight() {
        let binary = String(Subprocess.tstack.dropLast("tstack".count)) + "LogBrowser"
        let result = Subprocess.run([binary])
        #expect(result.status == 0)
        let lines = result.lines
        #expect(lines.count == 10)
        // The hours pane keeps hour 200 selected; the lines pane jumped to its first line and
        // moved three down, below the hour's pinned header.
        #expect(lines.first?.hasPrefix("▌ hour 200   ││  ── 08:00:00 ──") == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("  hour 204   ││▌ 08:00:03 GET /api/items/") }, "\(lines)")
        #expect(lines.last?.hasPrefix(" line-720003  [lines]") == true, "\(lines.last ?? "")")
    }
}

/// The light library used alone: `Examples/ProcessList`, `/proc` read every second, run headless
/// on the in-memory terminal's clock.
@Suite struct ProcessListExampleTests {
    @Test func aListOfTheProcessesNowRefreshedOnTheTestClock() {
        let binary = String(Subprocess.tstack.dropLast("tstack".count)) + "ProcessList"
        let result = Subprocess.run([binary, "--headless", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        #expect(lines.count == 12, "\(lines)")
        #expect(lines.first?.hasPrefix("      PID  S    RSS  COMMAND") == true, "\(lines.first ?? "")")
        // The first process is selected (the header is not selectable), pid 1 of the container.
        #expect(lines.dropFirst().first?.hasPrefix("▌       1  ") == true, "\(lines)")
        #expect(lines.last?.contains("refreshed 3 times") == true, "\(lines.last ?? "")")
    }
}

/// JSON from the wild — a package manifest, an API dump, an SBOM, a schema, a log in JSON Lines
/// (the array of its lines), all trees — browses, searchable (a search finds any key or value, inside closed containers
/// too) and reachable with `:goto`.
@Suite struct WildJSONTests {
    @Test(arguments: [
        ("package.json", "name: \"left-pad-pro\"", "/lodash<Enter>", ".dependencies.lodash"),
        ("github-issues.json", "url: \"https://api.github.com/repos/octo/demo/issues/3\"", "/JSON Lines<Enter>", ".[1].title"),
        ("sbom.cdx.json", "bomFormat: \"CycloneDX\"", "/ncursesw<Enter>", ".components[1][\"bom-ref\"]"),
        ("schema.json", "title: \"Stack document\"", ":goto .[\"$defs\"].item<Enter>", ".[\"$defs\"].item"),
        ("events.jsonl", "started", "/disk<Enter>", ".[1].msg"),
    ])
    func browses(file: String, firstTitle: String, keys: String, focused: String) {
        let path = Subprocess.root + "/Examples/wild/" + file
        let first = Subprocess.run([Subprocess.tstack, "render", path, "--size", "80x24"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines.contains { $0.contains(firstTitle) }, "\(first.lines)")
        let moved = Subprocess.run([Subprocess.tstack, "render", path, "--size", "80x24", "--keys", keys])
        #expect(moved.lines.last?.hasPrefix(" \(focused)  \(file)") == true, "\(moved.lines.last ?? "")")
    }

    @Test func aBadLineOfJSONLinesIsARowAndTheRestBrowses() {
        let path = Subprocess.root + "/Examples/wild/events.jsonl"
        let result = Subprocess.run([Subprocess.tstack, "render", path, "--size", "80x40"])
        #expect(result.lines.contains { $0.hasPrefix("    not JSON, line 3 column 90: expected ',' or '}'") }, "\(result.lines)")
        #expect(result.lines.contains { $0.hasPrefix("      msg: \"recovered\"") })
        // The status line gives the focused record's line in the file.
        let moved = Subprocess.run([Subprocess.tstack, "render", path, "--size", "80x40", "--keys", ":goto .[3].msg<Enter>"])
        #expect(moved.lines.last?.contains("line 4") == true, "\(moved.lines.last ?? "")")
    }
}
