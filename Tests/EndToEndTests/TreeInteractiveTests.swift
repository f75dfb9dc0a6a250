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
        // y puts the path on the clipboard (OSC 52: tmux keeps it as a paste buffer).
        tmux.send("y")
        tmux.waitUntil { $0.last?.contains("copied the path") == true }
        #expect(tmux.tmux("show-buffer").stdout == ".[59999].ctx.region")
        // A search finds a value inside a closed container, and opens it.
        tmux.send("g", "/", "t3", "Enter")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[3].tags[0]" }) == ".[3].tags[0]")
        tmux.send("n")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == ".[10].tags[0]" }) == ".[10].tags[0]")
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
        tmux.send("q")
        let after = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } && InteractiveTests.restored($0) }
        #expect(after.contains("exit=0"))
        #expect(InteractiveTests.restored(after))
    }
}
