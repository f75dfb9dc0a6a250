import Glibc
import Testing

/// The real binary on a real terminal: tmux at a fixed size, keys sent, the pane captured.
@Suite(.serialized) struct InteractiveTests {
    /// `tstack browse` in a shell that reports the exit status and the terminal mode afterwards.
    static func session(width: Int = 80, height: Int = 24) -> TmuxSession {
        let command = "'\(Subprocess.tstack)' browse '\(Subprocess.demo)'; echo \"exit=$?\"; stty -a; sleep 60"
        return TmuxSession(width: width, height: height, command: command)
    }

    /// The viewport's lines without the scrollbar column.
    static func content(_ screen: [String]) -> [String] {
        screen.dropLast().map { line in
            var line = line
            if line.last == "│" || line.last == "┃" { line.removeLast() }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func restored(_ screen: [String]) -> Bool {
        let text = screen.joined(separator: " ")
        return text.contains(" icanon") && text.contains(" echo ") && !text.contains("-icanon")
    }

    @Test func opensScrollsAndQuitsRestoringTheTerminal() {
        let tmux = Self.session()
        let first = tmux.waitUntil { $0.last?.contains("origami.json") == true }
        #expect(first.first?.hasPrefix("  Steps · folding a crane   ") == true)
        #expect(first.last?.hasPrefix(" step-1  origami.json") == true)
        tmux.send("j", "j")
        let moved = tmux.waitUntil { $0.last?.hasPrefix(" step-3") == true }
        #expect(moved.last?.hasPrefix(" step-3  origami.json") == true)
        tmux.send("PageDown")
        let paged = tmux.waitUntil { $0.last?.hasPrefix(" step-3") == false }
        #expect(paged.first?.hasPrefix("  Steps · folding a crane   ") == true)
        tmux.send("PageUp")
        // The same rows on the same lines (the scrollbar and the estimated height may be refined).
        let back = tmux.waitUntil { Self.content($0) == Self.content(moved) }
        #expect(Self.content(back) == Self.content(moved))
        tmux.send("q")
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } && Self.restored($0) }
        #expect(after.contains("exit=0"))
        #expect(Self.restored(after))
        #expect(!after.contains { $0.contains("origami.json") })
    }

    /// A small stack document opens the way a big one does: its skeleton and ids are checked
    /// before the screen opens (a duplicate id exits 65 with one line); a fault inside an item
    /// shows in that item's row, naming its line and column, and the rest browses. `render`
    /// reads a small file whole and refuses it as before.
    @Test func aSmallDocumentOpensAtOnceAndABadItemIsItsRow() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let bad = directory + "/bad.json"
        Subprocess.write(#"{"sections":[{"id":"s","items":[{"id":"a","title":"first"},{"id":"b","title":tru}]}]}"#, to: bad)
        let twice = directory + "/twice.json"
        Subprocess.write(#"{"sections":[{"id":"s","items":[{"id":"a","title":"x"},{"id":"a","title":"y"}]}]}"#, to: twice)
        let tmux = TmuxSession(width: 160, height: 8, command: "'\(Subprocess.tstack)' browse '\(bad)'; echo \"exit=$?\"; sleep 60")
        let screen = tmux.waitUntil { $0.last?.contains("bad.json") == true }
        #expect(screen.first?.contains("first") == true)
        #expect(screen.contains { $0.contains("⚠ cannot show sections[0].items[1]") }, "\(screen)")
        #expect(screen.contains { $0.contains("/bad.json:1:") && $0.hasSuffix(": expected 'true'") }, "\(screen)")
        #expect(screen.last?.contains("item 1 of 2") == true, "\(screen)")
        tmux.send("q")
        #expect(tmux.waitUntil { $0.contains("exit=0") }.contains("exit=0"))
        let duplicate = TmuxSession(width: 60, height: 8, command: "'\(Subprocess.tstack)' browse '\(twice)'; echo \"exit=$?\"; sleep 60")
        let refused = duplicate.waitUntil { $0.contains { $0.hasPrefix("exit=") } }
        #expect(refused.contains("exit=65"), "\(refused)")
        #expect(refused.joined().contains(#"duplicate id "a""#), "\(refused)")
        let render = Subprocess.run([Subprocess.tstack, "render", bad])
        #expect(render.status == 65)
        #expect(render.stderr.contains("bad.json:1:") && render.stderr.hasSuffix(": expected 'true'\n"), "\(render.stderr)")
    }

    @Test func followsATerminalResize() {
        let tmux = Self.session()
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        tmux.resize(width: 40, height: 12)
        let small = tmux.waitUntil { $0.count == 12 && $0.last?.contains("item 1 of 76") == true }
        #expect(small.count == 12)
        #expect(small.last?.hasPrefix(" step-1  origami.json") == true)
        #expect(small.last?.contains("item 1 of 76") == true)
        #expect(small.allSatisfy { $0.count <= 40 })
        tmux.send("q")
    }

    @Test func sigtermRestoresTheTerminal() {
        let tmux = Self.session()
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        let shell = tmux.panePID
        _ = Subprocess.run(["pkill", "-TERM", "-P", "\(shell)", "-x", "tstack"])
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } && Self.restored($0) }
        #expect(after.contains("exit=143"))
        #expect(Self.restored(after))
    }

    /// After each way of ending — a key, a signal, a crash — the shell gets its terminal back:
    /// cooked mode with echo, the cursor visible, the alternate screen left.
    @Test(arguments: [("C-c", 130), ("HUP", 129), ("QUIT", 131), ("TERM", 143), ("SEGV", 139), ("q", 0)])
    func theTerminalIsRestoredAfter(ending: String, status: Int) {
        let command = "SWIFT_BACKTRACE=enable=no '\(Subprocess.tstack)' browse '\(Subprocess.demo)'; "
            + "echo \"exit=$?\"; stty -a; sleep 60"
        let tmux = TmuxSession(width: 80, height: 24, command: command)
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        #expect(tmux.tmux("display-message", "-p", "-t", "main", "#{alternate_on}").stdout == "1\n")
        switch ending {
        case "C-c", "q": tmux.send(ending)
        default:
            _ = Subprocess.run(["pkill", "-\(ending)", "-P", "\(tmux.panePID)", "-x", "tstack"])
        }
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } && Self.restored($0) }
        // Under AddressSanitizer (`make test-asan`) its own handler reports the crash and exits 1.
        let sanitized = ending == "SEGV" && after.contains { $0.contains("AddressSanitizer") }
        #expect(after.contains("exit=\(sanitized ? 1 : status)"), "\(ending)")
        #expect(Self.restored(after), "\(ending)")
        #expect(tmux.tmux("display-message", "-p", "-t", "main", "#{alternate_on}").stdout == "0\n", "\(ending)")
        #expect(tmux.tmux("display-message", "-p", "-t", "main", "#{cursor_flag}").stdout == "1\n", "\(ending)")
    }

    /// Sequences ncurses does not decode never arrive as keys: a bracketed paste is text (into
    /// an open line, its line break a space; elsewhere ignored, saying so), an SGR mouse release
    /// marks nothing (its `m` marked the row), an unknown control sequence does nothing.
    @Test func pastesAndUnknownSequencesLeakNoKeys() {
        let tmux = Self.session(width: 100, height: 20)
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        func bytes(_ hex: String) { tmux.send(bytes: hex) }
        bytes("1b 5b 32 30 30 7e 71 68 65 6c 6c 6f 1b 5b 32 30 31 7e")  // ESC[200~ qhello ESC[201~
        let ignored = tmux.waitUntil { $0.last?.contains("paste ignored") == true }
        #expect(ignored.last?.hasPrefix(" step-1  paste ignored: paste into a line") == true, "the q quit: \(ignored)")
        bytes("1b 5b 3c 30 3b 31 30 3b 35 6d")  // an SGR release at 10,5
        bytes("1b 5b 39 39 3b 35 7e")  // ESC[99;5~
        let quiet = tmux.watch(seconds: 0.5) { $0.last?.contains("marked") == true || $0.last?.contains("no command") == true }
        #expect(quiet.last?.contains("marked") == false && quiet.last?.contains("no command") == false, "\(quiet.last ?? "")")
        tmux.send("/")
        bytes("1b 5b 32 30 30 7e 6b 69 0a 74 65 1b 5b 32 30 31 7e")  // a paste of "ki\nte"
        let typed = tmux.waitUntil { $0.last == "/ki te" }
        #expect(typed.last == "/ki te")
        tmux.send("Escape")
        tmux.send("q")
        tmux.waitUntil { $0.contains("exit=0") }
    }

    @Test func keysFasterThanFramesAreCoalescedAndTheScreenCatchesUp() {
        let tmux = Self.session()
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        // Forty key presses in one write, as a held-down key or a paste delivers them.
        tmux.send("-l", String(repeating: "j", count: 40))
        let screen = tmux.waitUntil(seconds: 5) { $0.last?.hasPrefix(" step-41") == true }
        #expect(screen.last?.hasPrefix(" step-41  origami.json") == true)
        tmux.send("q")
    }

    @Test func aStormOfResizesEndsInACorrectFrame() {
        let tmux = Self.session()
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        for index in 0..<200 {
            tmux.resize(width: 20 + index * 7 % 100, height: 5 + index * 3 % 30)
        }
        tmux.resize(width: 60, height: 20)
        // tmux may be captured while a frame is still arriving: wait for the whole expected screen.
        let screen = tmux.waitUntil {
            $0.count == 20 && $0.first?.hasPrefix("  Steps · folding a crane") == true
                && $0.last?.hasPrefix(" step-1  origami.json") == true
        }
        #expect(screen.count == 20)
        #expect(screen.first?.hasPrefix("  Steps · folding a crane") == true)
        #expect(screen.last?.hasPrefix(" step-1  origami.json") == true)
        tmux.send("q")
    }

    @Test func homeAndEndKeysWork() {
        let tmux = Self.session()
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        tmux.send("End")
        let end = tmux.waitUntil { $0.last?.hasPrefix(" photo-1") == true }
        #expect(end.last?.hasPrefix(" photo-1  origami.json") == true)
        tmux.send("Home")
        let home = tmux.waitUntil { $0.last?.hasPrefix(" step-1") == true }
        #expect(home.first?.hasPrefix("  Steps · folding a crane   ") == true)
        tmux.send("q")
    }

    /// Found in review: after Ctrl-Z and going on (SIGCONT), ncurses' own stop handler repaints
    /// its copy of the screen, which is blank since tstack writes its own frames; the viewer must
    /// draw the whole frame again.
    @Test func theScreenComesBackWholeAfterAStop() {
        let tmux = TmuxSession(width: 80, height: 20, command: "'\(Subprocess.tstack)' browse '\(Subprocess.demo)'; sleep 60")
        let first = tmux.waitUntil { $0.last?.hasPrefix(" step-1  origami.json") == true }
        #expect(first.last?.hasPrefix(" step-1  origami.json") == true)
        tmux.send("C-z")
        let shell = Int32(tmux.tmux("display-message", "-p", "#{pane_pid}").lines.first ?? "") ?? 0
        #expect(shell > 0)
        usleep(300_000)
        kill(-getpgid(shell), SIGCONT)
        // (The status line's height estimate may have moved on meanwhile.)
        let back = tmux.waitUntil { $0.dropLast() == first.dropLast() && $0.last?.hasPrefix(" step-1  origami.json") == true }
        #expect(back.dropLast() == first.dropLast(), "\(back.joined(separator: "\n"))")
        #expect(back.last?.hasPrefix(" step-1  origami.json") == true)
        tmux.send("q")
    }
}
