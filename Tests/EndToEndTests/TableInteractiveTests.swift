import Glibc
import Testing

/// Records as a table in the real binary on a real terminal (tmux): a JSON Lines file over
/// 4 MiB, read on a background thread while keys come, opened with `--view table` and reached
/// with `T` from the tree.
@Suite(.serialized) struct TableInteractiveTests {
    /// 60,000 records (about 6 MB) of JSON Lines.
    static func records(in directory: String) -> String {
        let path = directory + "/records.jsonl"
        let records = (0..<60_000).map { index in
            #"{"id": \#(index), "name": "user-\#(index)", "score": \#(index % 100).5, "ok": \#(index % 2 == 0), "ctx": {"region": "eu-\#(index % 5)", "note": "lorem ipsum dolor sit amet consectetur"}, "tags": ["t\#(index % 7)"]}"#
        }
        Subprocess.write(records.joined(separator: "\n") + "\n", to: path)
        return path
    }

    /// The status line's first word: the selected cell's path.
    static func focus(_ screen: [String]) -> String { TreeInteractiveTests.focus(screen) }

    @Test func everyTableKeyOnARealTerminal() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = Self.records(in: directory)
        let tmux = TmuxSession(
            width: 80, height: 20,
            command: "'\(Subprocess.tstack)' browse '\(path)' --view table; echo \"exit=$?\"; stty -a; sleep 60")
        tmux.tmux("set-option", "-s", "set-clipboard", "on")
        // (Read to its end: the line numbers' column is as wide as its last.)
        let first = tmux.waitUntil { Self.focus($0) == ".[0].id" && $0.last?.contains("reading") == false }
        // The header row on top, the line numbers at the left, numbers at the right of their column.
        #expect(first.first?.hasPrefix(" line│id  name     score ok    ctx.region ctx.note") == true, "\(first)")
        #expect(first.dropFirst().first?.hasPrefix("    1│  0 user-0     0.5 true  eu-0       lorem ipsum") == true, "\(first)")
        #expect(first.last?.contains("column 1/7") == true, "\(first)")
        // h / l and the arrows move by column; 0 and $ to the ends, scrolling sideways with the
        // line numbers pinned.
        tmux.send("l")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].name" }) == ".[0].name")
        tmux.send("Right", "Left", "h")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].id" }) == ".[0].id")
        tmux.send("$")
        let right = tmux.waitUntil { Self.focus($0) == ".[0].tags" }
        #expect(right.first?.hasPrefix(" line│") == true && right.first?.contains("tags") == true, "\(right)")
        #expect(right.first?.contains(" id ") == false, "scrolled sideways: \(right)")
        #expect(right.dropFirst().first?.hasPrefix("    1│") == true, "\(right)")
        tmux.send("0")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].id" }) == ".[0].id")
        // j / k / Tab, a page, half a page, the ends: the header row stays on top.
        tmux.send("j", "j", "Tab", "k")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[2].id" }) == ".[2].id")
        tmux.send("PageDown")
        let paged = tmux.waitUntil { Self.focus($0) != ".[2].id" }
        #expect(paged.first?.hasPrefix(" line│id") == true, "\(paged)")
        #expect(Self.focus(paged) == ".[19].id", "the selection on the same line: \(paged)")
        tmux.send("b")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[2].id" }) == ".[2].id")
        tmux.send("C-d")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) != ".[2].id" }) != ".[2].id")
        tmux.send("C-u")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[2].id" }) == ".[2].id")
        tmux.send("G")
        let last = tmux.waitUntil(seconds: 20) { Self.focus($0) == ".[59999].id" && !($0.last?.contains("reading") ?? true) }
        #expect(last.first?.hasPrefix(" line│id") == true, "\(last)")
        // Cells wider than the sample's widen their columns.
        #expect(last.dropLast().last?.hasPrefix("60000│59999 user-59999") == true, "\(last)")
        tmux.send("g")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].id" }) == ".[0].id")
        // :goto selects a record's cell far off.
        tmux.send(":goto .[500].ctx.region", "Enter")
        let far = tmux.waitUntil { Self.focus($0) == ".[500].ctx.region" }
        #expect(far.contains { $0.hasPrefix("  501│  500 user-500") }, "\(far)")
        #expect(far.first?.hasPrefix(" line│") == true, "\(far)")
        // y copies the cell: its path, its value.
        tmux.send("y", "p")
        tmux.waitUntil { $0.last?.contains("copied the path") == true }
        #expect(tmux.tmux("show-buffer").stdout == ".[500].ctx.region")
        tmux.send("Y")
        tmux.waitUntil { $0.last?.contains("copied the value") == true }
        #expect(tmux.tmux("show-buffer").stdout == #""eu-0""#)
        // A search from the selected cell selects the cell of its match; n and N go on.
        tmux.send("/", "user-77", "Enter")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[770].name" }) == ".[770].name")
        tmux.send("n")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[771].name" }) == ".[771].name")
        // (One N at a time: a key stops a search still running, so a second N typed while a
        // slow machine runs the first would start again from where the first was stopped.)
        tmux.send("N")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[770].name" }) == ".[770].name")
        tmux.send("N")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[77].name" }) == ".[77].name")
        // :sort orders the rows by a column over the whole file (largest first with -); :sort
        // alone gives the file's order back.
        tmux.send(":sort -score", "Enter")
        let sorted = tmux.waitUntil { $0.last?.contains("sort: -score") == true }
        #expect(sorted.dropFirst().first?.hasPrefix("  100│   99 user-99     99.5") == true, "\(sorted)")
        #expect(Self.focus(sorted) == ".[99].name", "\(sorted)")
        tmux.send(":sort", "Enter")
        let unsorted = tmux.waitUntil { $0.last?.contains("sort off") == true }
        #expect(Self.focus(unsorted) == ".[99].name", "the selected record stays selected: \(unsorted)")
        // :where keeps the rows whose records match; :where alone shows them all again.
        tmux.send(":where score >= 99 and ok = false", "Enter")
        let kept = tmux.waitUntil { $0.last?.contains("(600 of 60,000)") == true }
        #expect(kept.last?.contains("where: score >= 99 and ok = false (600 of 60,000)") == true, "\(kept)")
        #expect(kept.dropFirst().prefix(2).map { String($0.prefix(6)) } == ["  100│", "  200│"], "\(kept)")
        tmux.send(":where", "Enter")
        #expect(tmux.waitUntil { $0.last?.contains("filter off") == true }.last?.contains("filter off") == true)
        // & keeps the rows with a match anywhere in the record; & alone shows them all again.
        tmux.send("&", "user-4242\"", "Enter")
        let matched = tmux.waitUntil { $0.last?.contains("(1 of 60,000)") == true }
        #expect(matched.dropFirst().first?.hasPrefix(" 4243│") == true, "\(matched)")
        tmux.send("&", "Enter")
        tmux.waitUntil { $0.last?.contains("filter off") == true }
        // m marks the selected row's record (the one & kept stays selected), ' goes back to it
        // from anywhere.
        tmux.send("m")
        let marked = tmux.waitUntil { $0.last?.contains("1 marked") == true }
        #expect(marked.contains { $0.hasPrefix(" *4243│") }, "\(marked)")
        tmux.send("G", "'")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[4242].name" }) == ".[4242].name")
        tmux.send("m")
        tmux.waitUntil { $0.last?.contains("unmarked") == true }
        tmux.send(":goto .[77].name", "Enter")
        tmux.waitUntil { Self.focus($0) == ".[77].name" }
        // Enter opens the record in the tree at the cell; T shows the table again, and T leaves it.
        tmux.send("Enter")
        let tree = tmux.waitUntil { $0.contains { $0.hasPrefix("▌     name: \"user-77\"") } }
        #expect(Self.focus(tree) == ".[77].name", "\(tree)")
        tmux.send("j", "T")
        let again = tmux.waitUntil { Self.focus($0) == ".[77].score" && $0.first?.hasPrefix(" line│") == true }
        #expect(again.contains { $0.hasPrefix("   78│") && $0.contains(" 77 user-77 ") }, "\(again)")
        #expect(again.first?.hasPrefix(" line│") == true, "\(again)")
        tmux.send("T")
        #expect(tmux.waitUntil { $0.contains { $0.hasPrefix("▌     score: 77.5") } }.contains { $0.hasPrefix("▌     score: 77.5") })
        tmux.send("T")
        tmux.waitUntil { $0.first?.hasPrefix(" line│") == true }
        // F on a file that does not grow says so; F1 lists the table's keys; Down scrolls.
        tmux.send("F")
        #expect(tmux.waitUntil { $0.last?.contains("follow") == true }.last?.contains("follow") == true)
        tmux.send("F1")
        #expect(tmux.waitUntil { $0.contains { $0.contains("the previous / next column") } }.contains { $0.contains("the previous / next column") })
        tmux.send("x", "Down", "Up")
        tmux.send("q")
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } && InteractiveTests.restored($0) }
        #expect(after.contains("exit=0"))
        #expect(InteractiveTests.restored(after))
    }

    /// The table follows a terminal resize (the header row still on top, the line numbers at
    /// the left, nothing past the new width) and the mouse: the wheel scrolls three lines, a
    /// click selects the cell under it.
    @Test func aTableFollowsAResizeAndTheMouse() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = Self.records(in: directory)
        let tmux = TmuxSession(width: 80, height: 20, command: "'\(Subprocess.tstack)' browse '\(path)' --view table; sleep 60")
        tmux.waitUntil { Self.focus($0) == ".[0].id" && $0.last?.contains("reading") == false }
        tmux.resize(width: 50, height: 10)
        let small = tmux.waitUntil { $0.count == 10 && $0.first?.hasPrefix(" line│id  name") == true && $0.last?.contains("column 1/7") == true }
        #expect(small.allSatisfy { $0.count <= 50 }, "\(small)")
        #expect(small.dropFirst().first?.hasPrefix("    1│  0 user-0") == true, "\(small)")
        // An X10 report of the wheel down at column 10, row 5: three lines on, the header row stays.
        tmux.send("-l", "\u{1B}[Ma*&")
        let wheeled = tmux.waitUntil { $0.dropFirst().first?.hasPrefix("    4│  3 user-3") == true }
        #expect(wheeled.first?.hasPrefix(" line│id") == true, "\(wheeled)")
        // A left click on the name cell of the third row on screen (column 12, row 3).
        tmux.send("-l", "\u{1B}[M ,$")
        let clicked = tmux.waitUntil { Self.focus($0) == ".[5].name" }
        #expect(Self.focus(clicked) == ".[5].name", "\(clicked)")
        #expect(clicked.last?.contains("column 2/7") == true, "\(clicked)")
        // Larger again: the rows fill the new height, the selected cell kept.
        tmux.resize(width: 100, height: 30)
        // (The status line is the frame's last write: waited for too, as the header row.)
        let large = tmux.waitUntil { $0.count == 30 && $0.first?.contains("ctx.note") == true && Self.focus($0) == ".[5].name" }
        #expect(Self.focus(large) == ".[5].name", "\(large)")
        #expect(large.first?.hasPrefix(" line│id") == true, "\(large)")
        tmux.send("q")
    }

    /// A stack document is no table: refused before the screen opens (status 64), the terminal
    /// left as it was.
    @Test func aStackDocumentIsRefusedOnATerminal() {
        let tmux = TmuxSession(
            width: 120, height: 10,
            command: "'\(Subprocess.tstack)' browse '\(Subprocess.root)/Examples/origami.json' --view table; echo \"exit=$?\"; sleep 60")
        let screen = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=64"), "\(screen)")
        #expect(screen.contains { $0.contains("--view table shows the records of JSON") }, "\(screen)")
    }
}
