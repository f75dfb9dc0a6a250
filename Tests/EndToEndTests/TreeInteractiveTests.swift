import Glibc
import Testing

/// The tree view of any JSON in the real binary on a real terminal (tmux): a file over 4 MiB,
/// so its root is read on a background thread while keys come.
@Suite(.serialized) struct TreeInteractiveTests {
    /// 60,000 records (about 5 MB) in an array.
    static func records(in directory: String) -> String {
        let path = directory + "/records.json"
        let records = (0..<60_000).map { index in
            #"{"id": \#(index), "name": "user-\#(index)", "tags": ["t\#(index % 7)", "x"], "ctx": {"region": "eu-\#(index % 5)", "note": "lorem ipsum dolor"}}"#
        }
        Subprocess.write("[\n" + records.joined(separator: ",\n") + "\n]\n", to: path)
        return path
    }

    /// The status line's first word: the focused path.
    static func focus(_ screen: [String]) -> String {
        String(screen.last?.split(separator: " ").first ?? "")
    }

    /// jless's keys on a real terminal: `J`/`K` siblings, `H` the parent of an open node, `*`
    /// the focused key's next place, `zt` the focus to the top, `ys`/`yb` onto the clipboard.
    @Test func jlessKeysOnARealTerminal() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = Self.records(in: directory)
        let tmux = TmuxSession(width: 80, height: 20, command: "'\(Subprocess.tstack)' browse '\(path)'; sleep 60")
        tmux.tmux("set-option", "-s", "set-clipboard", "on")
        tmux.waitUntil { $0.last?.contains("records.json") == true }
        tmux.send("j", "j", "J")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].name" }) == ".[0].name")
        tmux.send("y", "s")
        tmux.waitUntil { $0.last?.contains("copied the string") == true }
        #expect(tmux.tmux("show-buffer").stdout == "user-0")
        tmux.send("y", "b")
        tmux.waitUntil { $0.last?.contains("copied the path") == true }
        #expect(tmux.tmux("show-buffer").stdout == #"[0]["name"]"#)
        tmux.send("*")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[1].name" }) == ".[1].name")
        tmux.send("K", "H")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[1]" }) == ".[1]")
        tmux.send("z", "t")
        let top = tmux.waitUntil { $0.dropFirst().first?.hasPrefix("▌   {") == true }
        #expect(top.dropFirst().first?.hasPrefix("▌   {") == true, "the focused record below the pinned root: \(top)")
        tmux.send("q")
    }

    /// Issue 45 on a real terminal: `/` finds a row by the text it shows (`name: "café"` for a
    /// file's `"caf\u00e9"`, `region: "eu-3"` with its blank after the colon), a count repeats
    /// a move, and `&` from deep inside a record filters the records.
    @Test func whatTheScreenShowsIsWhatIsSearched() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = directory + "/shown.json"
        let records = (0..<2_000).map { index in
            #"{"id": \#(index), "name": "\#(index == 1_500 ? #"café"# : "user-\(index)")", "ctx": {"region": "eu-\#(index % 5)"}}"#
        }
        Subprocess.write("[\n" + records.joined(separator: ",\n") + "\n]\n", to: path)
        let tmux = TmuxSession(width: 80, height: 20, command: "'\(Subprocess.tstack)' browse '\(path)'; sleep 60")
        tmux.waitUntil { $0.last?.contains("shown.json") == true }
        tmux.send("/", "name: \"café\"", "Enter")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[1500].name" }) == ".[1500].name")
        tmux.send("/", "^region: \"eu-3\"$", "Enter")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[1503].ctx.region" }) == ".[1503].ctx.region")
        tmux.send("g", "4", "j")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].ctx" }) == ".[0].ctx")
        tmux.send("3", "G")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].id" }) == ".[0].id")
        tmux.send("&", "eu-4", "Enter")
        let filtered = tmux.waitUntil { $0.last?.contains("filter: eu-4 (400 of 2,000)") == true }
        #expect(Self.focus(filtered) == ".[4]", "the first record kept: \(filtered.last ?? "")")
        // `:w` writes the records kept; `%` goes to an open record's last child.
        tmux.send(":", "w \(directory)/kept.jsonl", "Enter")
        tmux.waitUntil { $0.last?.contains("wrote 400 records to") == true }
        #expect(Subprocess.read(directory + "/kept.jsonl").split(separator: "\n").count == 400)
        tmux.send("%")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[4].ctx" }) == ".[4].ctx")
        // In the table, `]` sorts by the selected column, largest first.
        tmux.send("T", "]")
        let sorted = tmux.waitUntil { $0.last?.contains("sort: -") == true }
        let words = (sorted.last ?? "").split(separator: " ")
        let column = words.firstIndex(of: "sort:").flatMap { $0 + 1 < words.count ? String(words[$0 + 1]) : nil } ?? "?"
        #expect(column.hasPrefix("-") && sorted.first?.contains(column) == true, "the header names the sorted column: \(sorted)")
        tmux.send("q")
    }

    @Test func everyTreeKeyOnARealTerminal() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = Self.records(in: directory)
        let tmux = TmuxSession(
            width: 80, height: 20,
            command: "'\(Subprocess.tstack)' browse '\(path)'; echo \"exit=$?\"; stty -a; sleep 60")
        tmux.tmux("set-option", "-s", "set-clipboard", "on")
        let first = tmux.waitUntil { $0.last?.contains("records.json") == true }
        #expect(first.first?.hasPrefix("▌ [") == true, "\(first)")
        #expect(first.dropFirst().first?.hasPrefix("    {") == true, "\(first)")
        #expect(first.contains { $0.hasPrefix("      tags: [\"t0\", \"x\"] 2 items") }, "\(first)")
        // j moves node by node, l opens, h closes and goes to the parent, ] and [ move among siblings.
        tmux.send("j", "j")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].id" }) == ".[0].id")
        tmux.send("j", "j", "l")
        let opened = tmux.waitUntil { $0.contains { $0.hasPrefix("        \"t0\"") } }
        #expect(opened.contains { $0.hasPrefix("▌     tags: [") }, "\(opened)")
        tmux.send("l")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].tags[0]" }) == ".[0].tags[0]")
        tmux.send("h")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].tags" }) == ".[0].tags")
        tmux.send("h")
        let closed = tmux.waitUntil { $0.contains { $0.hasPrefix("▌     tags: [\"t0\", \"x\"] 2 items") } }
        #expect(closed.contains { $0.hasPrefix("▌     tags: [\"t0\", \"x\"] 2 items") }, "\(closed)")
        tmux.send("]")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].ctx" }) == ".[0].ctx")
        tmux.send("[", "[")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0].name" }) == ".[0].name")
        // :goto reaches a node far away (once the scan got there), opening its ancestors; the
        // root stays pinned at the top.
        tmux.send(":goto .[59999].ctx.region", "Enter")
        let far = tmux.waitUntil(seconds: 20) { Self.focus($0) == ".[59999].ctx.region" }
        #expect(Self.focus(far) == ".[59999].ctx.region", "\(far)")
        #expect(far.first?.hasPrefix("  [") == true, "\(far)")
        #expect(far.contains { $0.hasPrefix("▌       region: \"eu-4\"") }, "\(far)")
        // yp puts the path on the clipboard (OSC 52: tmux keeps it as a paste buffer).
        tmux.send("y", "p")
        tmux.waitUntil { $0.last?.contains("copied the path") == true }
        #expect(tmux.tmux("show-buffer").stdout == ".[59999].ctx.region")
        // A search finds a value inside a closed container, and opens it.
        tmux.send("g", "/", "t3", "Enter")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[3].tags[0]" }) == ".[3].tags[0]")
        tmux.send("n")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[10].tags[0]" }) == ".[10].tags[0]")
        tmux.send("N")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[3].tags[0]" }) == ".[3].tags[0]")
        // zM closes everything, G goes to the last node, g to the root.
        tmux.send("z", "M", "G")
        let last = tmux.waitUntil { Self.focus($0) == ".[59999]" }
        #expect(last.contains { $0.hasPrefix("▌   {id: 59999, name: \"user-59999\", tags: […], ctx: {…}} 4 fields") }, "\(last)")
        tmux.send("g")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == "." }) == ".")
        // zR opens what shows; m marks a node and ' comes back to it from anywhere.
        tmux.send("z", "R")
        let all = tmux.waitUntil { $0.contains { $0.hasPrefix("        \"t0\"") } }
        #expect(all.contains { $0.hasPrefix("      ctx: {") }, "\(all)")
        tmux.send("j", "m")
        #expect(tmux.waitUntil { $0.last?.contains("1 marked") == true }.last?.contains("1 marked") == true)
        tmux.send("G", "'")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0]" }) == ".[0]")
        // Tab and Shift-Tab move as j and k; Enter, za, zo and zc fold the focused record.
        tmux.send("z", "M", "g", "Tab")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[0]" }) == ".[0]")
        tmux.send("BTab")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == "." }) == ".")
        tmux.send("Tab", "Enter")
        let toggled = tmux.waitUntil { $0.contains { $0.hasPrefix("      id: 0") } }
        #expect(toggled.contains { $0.hasPrefix("▌*  {") }, "the marked record, open: \(toggled)")
        for (keys, open) in [("a", false), ("o", true), ("c", false)] {
            tmux.send("z", keys)
            let screen = tmux.waitUntil { $0.contains { $0.hasPrefix("      id: 0") } == open }
            #expect(screen.contains { $0.hasPrefix("      id: 0") } == open, "z\(keys): \(screen)")
        }
        // Y copies the focused value as the file has it.
        tmux.send("Y")
        tmux.waitUntil { $0.last?.contains("copied the value") == true }
        #expect(tmux.tmux("show-buffer").stdout.hasPrefix(#"{"id": 0, "name": "user-0""#))
        // Down and Up scroll a line (the focus kept on screen), the rows as they were after Up
        // (the gutter and the scrollbar aside).
        let text = { (screen: [String]) in screen.dropLast().map { String($0.dropFirst(2).dropLast()) } }
        let before = text(tmux.capture())
        tmux.send("Down")
        let scrolled = text(tmux.waitUntil { text($0) != before })
        #expect(scrolled != before && scrolled[1] == before[2], "one line: \(scrolled)")
        tmux.send("Up")
        #expect(text(tmux.waitUntil { text($0) == before }) == before)
        // & keeps the records with a match; & alone shows all again.
        tmux.send("&", "user-59999", "Enter")
        let filtered = tmux.waitUntil(seconds: 20) { $0.last?.contains("(1 of 60,000)") == true }
        #expect(filtered.last?.contains("(1 of 60,000)") == true, "\(filtered.last ?? "")")
        tmux.send("&", "Enter")
        #expect(tmux.waitUntil { $0.last?.contains("filter") == false }.last?.contains("filter") == false)
        // F1 shows the keys; any key closes the box.
        tmux.send("F1")
        #expect(tmux.waitUntil { $0.contains { $0.contains("the next / previous sibling") } }.contains { $0.contains("the next / previous sibling") })
        tmux.send("x")
        #expect(!tmux.waitUntil { !$0.contains { $0.contains("the next / previous sibling") } }.contains { $0.contains("the next / previous sibling") })
        tmux.send("q")
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } && InteractiveTests.restored($0) }
        #expect(after.contains("exit=0"))
        #expect(InteractiveTests.restored(after))
    }

    /// A GeoJSON file's features show before the scan reaches their end: piped in, the input
    /// held back in the middle of `features`, the first screen has them and `j` walks into
    /// them; once the rest comes, `G` lands on the last one.
    @Test func aBigContainerShowsItsChildrenWhileItIsRead() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let path = directory + "/geo.json"
        let features = (0..<20_000).map { #"{"type": "Feature", "properties": {"name": "place-\#($0)"}}"# }
        Subprocess.write(#"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",\n") + "]}\n", to: path)
        let go = directory + "/go"
        let command = "(head -c 300000 '\(path)'; while [ ! -e '\(go)' ]; do sleep 0.05; done; "
            + "tail -c +300001 '\(path)') | '\(Subprocess.tstack)' browse --no-animation -; echo \"exit=$?\"; sleep 60"
        let tmux = TmuxSession(width: 80, height: 24, command: command)
        let first = tmux.waitUntil { $0.contains { $0.contains(#"{type: "Feature", properties: {…}} 2 fields"#) } }
        #expect(first.contains { $0.contains("features: [") }, "\(first)")
        #expect(first.last?.contains("read") == true, "still reading: \(first.last ?? "")")
        tmux.send("j", "j", "j", "j")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".features[1]" }) == ".features[1]")
        Subprocess.write("", to: go)
        tmux.send("G")
        let end = tmux.waitUntil { Self.focus($0) == ".features[19999]" }
        #expect(Self.focus(end) == ".features[19999]", "\(end.last ?? "")")
        tmux.send("q")
        #expect(tmux.waitUntil { $0.contains("exit=0") }.contains("exit=0"))
    }
}
