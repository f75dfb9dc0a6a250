import Glibc
import Testing

/// One viewer for every document: the same keys on a stack document, a JSON file and a JSON
/// Lines file, in the real binary on a real terminal (tmux), do the same things — only what is
/// about the content's shape (the ids, the rows) differs.
@Suite(.serialized) struct ParityTests {
    /// A content to browse: its file, a pattern found in several places, and the focus the
    /// first match takes from the top.
    struct Content: CustomStringConvertible, Sendable {
        var name: String
        var text: String?
        var pattern: String
        /// The status line's end for a filter by `pattern`: `(N of M)`.
        var filtered: String
        var description: String { name }
    }

    static let contents = [
        Content(name: "origami.json", text: nil, pattern: "crane", filtered: "of 76)"),
        Content(
            name: "items.json",
            text: #"{"items": [{"id": 1, "name": "alpha"}, {"id": 2, "name": "crane"}, {"id": 3, "name": "crane two"}], "meta": {"owner": "crane"}, "n": 1}"#,
            pattern: "crane", filtered: "(2 of 3)"),
        Content(
            name: "log.jsonl",
            text: (0..<6).map { #"{"seq": \#($0), "name": "\#($0 % 2 == 0 ? "alpha" : "crane")"}"# }.joined(separator: "\n") + "\n",
            pattern: "crane", filtered: "(3 of 6)"),
    ]

    /// The status line's first word: the focused id or path (empty while the prompt shows).
    static func focus(_ screen: [String]) -> String {
        guard let last = screen.last, last.hasPrefix(" ") else { return "" }
        return String(last.split(separator: " ").first ?? "")
    }

    @Test(arguments: contents)
    func theSameKeysDoTheSameOnEveryContent(content: Content) {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        var path = directory + "/" + content.name
        if let text = content.text {
            Subprocess.write(text, to: path)
        } else {
            path = Subprocess.root + "/Examples/origami.json"
        }
        let tmux = TmuxSession(
            width: 90, height: 16, command: "TSTACK_ANIMATIONS=none '\(Subprocess.tstack)' browse '\(path)'; sleep 60")
        tmux.tmux("set-option", "-s", "set-clipboard", "on")
        let first = tmux.waitUntil { $0.last?.contains(content.name) == true }
        let start = Self.focus(first)

        // A search moves the focus to a match and highlights it; n goes on, N comes back.
        tmux.send("/", content.pattern, "Enter")
        let found = tmux.waitUntil { !Self.focus($0).isEmpty && Self.focus($0) != start }
        let match = Self.focus(found)
        #expect(match != start, "\(content): \(found)")
        let styled = tmux.tmux("capture-pane", "-p", "-e", "-t", "main").stdout.lowercased()
        // The match's style: black on yellow, or reverse video without colours (tmux writes it as
        // `ESC[30m ESC[43m` or `ESC[4;7m` right before the text).
        let highlighted = styled.split(separator: "\n").contains { line in
            line.ranges(of: content.pattern).contains { range in
                let before = line[..<range.lowerBound].suffix(24)
                return before.hasSuffix("43m") || before.hasSuffix("4;7m")
            }
        }
        #expect(highlighted, "\(content): \(styled.split(separator: "\n").filter { $0.contains(content.pattern) }.prefix(2))")
        tmux.send("n")
        let next = Self.focus(tmux.waitUntil { !Self.focus($0).isEmpty && Self.focus($0) != match })
        #expect(next != match, "\(content): n")
        tmux.send("N")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == match }) == match, "\(content): N")

        // Esc leaves a prompt without doing anything.
        tmux.send("&", "zzz", "Escape")
        #expect(tmux.watch(seconds: 1) { $0.last?.contains("filter") == true }.last?.contains("filter") != true)

        // & keeps what matches, and says how many; & alone shows all again.
        // (From the top: in a tree, & filters the focused node's siblings — the root's children here.)
        tmux.send("g", "&", content.pattern, "Enter")
        let filtered = tmux.waitUntil { $0.last?.contains("filter: \(content.pattern)") == true }
        #expect(filtered.last?.contains(content.filtered) == true, "\(content): \(filtered.last ?? "")")
        tmux.send("&", "Enter")
        #expect(tmux.waitUntil { $0.last?.contains("filter off") == true }.last?.contains("filter off") == true)

        // m marks, ' comes back to the mark, :marks lists it.
        tmux.send("g", "m", "j", "j", "'")
        #expect(Self.focus(tmux.waitUntil { Self.focus($0) == start }) == start, "\(content): '")
        tmux.send(":marks", "Enter")
        #expect(tmux.waitUntil { $0.joined().contains("Marks (1)") }.joined().contains("Marks (1)"), "\(content)")
        // (The next key waits for the box to close: an Esc right before F1's sequence can read as Alt.)
        tmux.send("Escape")
        _ = tmux.waitUntil { !$0.joined().contains("Marks (1)") }

        // F1 shows the keys in a box that the moving keys scroll and any other key closes.
        tmux.send("F1")
        let help = tmux.waitUntil { $0.joined().contains("more lines") }
        #expect(help.joined().contains("more lines"), "\(content): the box is longer than the screen")
        tmux.send("G")
        let end = tmux.waitUntil { $0.joined().contains("lines above") }
        #expect(end.joined().contains("delete to the start"), "\(content): G in the box\n\(end.joined(separator: "\n"))")
        tmux.send("x")
        #expect(!tmux.waitUntil { !$0.joined().contains("lines above") }.joined().contains("lines above"))

        // : completes command names (tmux trims the blank after `goto` and the cursor).
        tmux.send(":", "got", "Tab")
        #expect(tmux.waitUntil { $0.last == ":goto" }.last == ":goto", "\(content)")
        tmux.send("Escape")
        _ = tmux.waitUntil { $0.last != ":goto" }

        // F on a file that does not grow says there is nothing to follow.
        tmux.send("F")
        #expect(tmux.waitUntil { $0.last?.contains("nothing to follow") == true }.last?.contains("nothing to follow") == true)

        // yp copies the focused id or path, yy its value; each says what it copied.
        tmux.send("g", "y", "p")
        #expect(tmux.waitUntil { $0.last?.contains("copied") == true }.last?.contains("copied") == true)
        #expect(tmux.tmux("show-buffer").stdout == start, "\(content): yp")
        tmux.send("y", "y")
        let copied = tmux.waitUntil { $0.last?.contains("copied the") == true && !$0.last!.contains("path") && !$0.last!.contains(" id ") }
        #expect(copied.last?.contains("copied") == true, "\(content): \(copied.last ?? "")")
        #expect(tmux.tmux("show-buffer").stdout.hasPrefix("{") || tmux.tmux("show-buffer").stdout.hasPrefix("["))

        // A key bound to nothing says so.
        tmux.send("Z")
        #expect(tmux.waitUntil { $0.last?.contains("no command on Z") == true }.last?.contains("F1 for help") == true)
    }
}
