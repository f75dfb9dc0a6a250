@testable import StackBrowser
import StackDocument
import TerminalUI
import Testing

/// Each key's effect, through the same run loop `tstack render --keys` uses.
@Suite struct KeyMapTests {
    @Test(arguments: [("j", "step-2"), ("<Tab>", "step-2"), ("jjk", "step-2"), ("jj<S-Tab>", "step-2"),
                      ("G", "photo-1"), ("<End>", "photo-1"), ("Gg", "step-1"), ("G<Home>", "step-1"),
                      ("<End>l", "photo-2"), ("<End>l<Right>h", "photo-2"), ("<End><Left>", "photo-1"),
                      ("k", "step-1")])
    func focusKeys(keys: String, focused: String) {
        #expect(Harness.browser(keys: keys).focusedID == focused)
    }

    @Test func ctrlEAndCtrlYScrollOneLine() {
        let start = Harness.view()
        let down = Harness.view(keys: "<C-e>")
        // Under the pinned header (line 0), every line of the viewport moves up by one.
        #expect(down[0] == start[0])
        #expect(Array(down[1...20]) == Array(start[2...21]))
        #expect(Harness.view(keys: "<C-e><C-y>") == start)
    }

    @Test func theArrowsScrollOneLineLikeLess() {
        #expect(Harness.view(keys: "<Down><Down>") == Harness.view(keys: "<C-e><C-e>"))
        #expect(Harness.view(keys: "<Down><Down><Up>") == Harness.view(keys: "<C-e>"))
        #expect(Harness.view(keys: "<Down>") != Harness.view())
        // The focus stays on the first item while it is still on screen.
        #expect(Harness.browser(keys: "<Down>").focusedID == "step-1")
    }

    @Test func halfPageKeysMoveHalfTheViewport() {
        // 23 viewport lines: half a page is 11.
        #expect(Harness.view(keys: "<C-d>") == Harness.view(keys: String(repeating: "<C-e>", count: 11)))
        #expect(Harness.view(keys: "<C-d><C-u>") == Harness.view())
    }

    @Test(arguments: ["<Space>", "<C-f>"])
    func pageDownKeysAreTheSame(key: String) {
        #expect(Harness.view(keys: "<PgDn>") != Harness.view(), "PgDn moves")
        #expect(Harness.view(keys: key) == Harness.view(keys: "<PgDn>"))
    }

    @Test(arguments: ["b", "<C-b>"])
    func pageUpKeysAreTheSame(key: String) {
        #expect(Harness.view(keys: "<PgDn><PgDn><PgUp>") != Harness.view(keys: "<PgDn><PgDn>"), "PgUp moves")
        #expect(Harness.view(keys: "<PgDn><PgDn>" + key) == Harness.view(keys: "<PgDn><PgDn><PgUp>"))
    }

    @Test(arguments: 0..<60)
    func pageDownThenPageUpGivesBackTheSameScreenAndFocus(itemsDown: Int) {
        let keys = String(repeating: "j", count: itemsDown)
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 12)] {
            let before = Harness.view(size: size, keys: keys)
            let after = Harness.view(size: size, keys: keys + "<PgDn><PgUp>")
            let paged = Harness.view(size: size, keys: keys + "<PgDn>")
            let atBottom = paged == Harness.view(size: size, keys: keys + "<PgDn><C-e>")
            if !atBottom {
                #expect(before == after, "\(itemsDown) items down at \(size)")
            } else {
                // A page down clamped at the very bottom cannot be undone exactly: the page up
                // still moves back up.
                #expect(after != paged, "\(itemsDown) items down at \(size): PgUp from the bottom")
            }
        }
    }

    @Test func aPageIsTheViewportLessOneLine() {
        // With a one-line pinned header, the last line of one page is the first line under the
        // header on the next: no line is skipped.
        let first = Harness.view()
        let second = Harness.view(keys: "<PgDn>")
        #expect(Harness.view(keys: String(repeating: "<C-e>", count: 22)).dropLast() == second.dropLast())
        #expect(first[22].dropFirst(2).prefix(14) == second[1].dropFirst(2).prefix(14))
    }

    @Test func quitEndsTheSessionWithoutAnotherFrame() {
        let frames = Harness.frames(keys: "jq")
        #expect(frames.count == 2)
        #expect(Harness.browser(keys: "q").isFinished)
    }

    @Test func mouseWheelScrollsThreeLines() {
        #expect(Harness.view(keys: "<ScrollDown>") == Harness.view(keys: "<C-e><C-e><C-e>"))
        #expect(Harness.view(keys: "<ScrollDown><ScrollUp>") == Harness.view())
    }

    @Test func resizeKeepsTheFocusOnScreen() {
        let browser = Harness.browser(keys: "jjjjjjjj<Resize 40x10>")
        #expect(browser.size == TerminalSize(width: 40, height: 10))
        let screen = Harness.view(keys: "jjjjjjjj<Resize 40x10>")
        #expect(screen.count == 9)
        #expect(screen.contains { $0.hasPrefix("▌ 9.") })
    }

    @Test func unboundKeysChangeNothing() {
        #expect(Harness.view(keys: "xyz<F5>") == Harness.view())
    }
}

/// The README's key table lists what `KeyMap.table` binds, in the same order: the table is the
/// only place keys are bound, and the help overlay and `--help` are made from it.
@Suite struct KeyTableTests {
    /// The first cells of the README's `| Key | Does |` table.
    static var readmeKeys: [String] {
        let readme = Harness.readText(Harness.root + "/README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(of: "| Key | Does |") else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            String(row.dropFirst(2).prefix { $0 != "|" }).trimmingSpaces()
        }
    }

    /// The first cells of the README's second `| Key | Does |` table: the tree's keys.
    static var readmeTreeKeys: [String] {
        let readme = Harness.readText(Harness.root + "/README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.indices.filter({ lines[$0] == "| Key | Does |" }).dropFirst().first else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            String(row.dropFirst(2).prefix { $0 != "|" }).trimmingSpaces()
        }
    }

    /// The tree's F1 box lists the keys of the README's table of the tree's keys, in order.
    @Test func theReadmeListsTheTreesKeysAsItsHelpDoes() {
        #expect(!Self.readmeTreeKeys.isEmpty)
        #expect(Self.readmeTreeKeys == TreeHelp.entries.map(\.keys))
    }

    /// The tree's help names keys that are bound: each one, pressed in a tree, changes what shows
    /// (or quits); keys it does not name change nothing.
    @Test func everyKeyTheTreesHelpNamesIsBound() throws {
        let json = #"{"a": {"x": 1, "y": [1, 2]}, "b": "text", "c": [3, 4], "d": 5}"#
        func outcome(_ keys: String) throws -> ([String], Bool) {
            let tree = try JSONTree(bytes: Array(json.utf8), name: "k.json")
            let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 8), input: try KeyNotation.parse(keys))
            var browser = TreeBrowser(tree: tree, fileName: "k.json", size: terminal.size, theme: .monochrome)
            _ = browser.run(screen: terminal, input: terminal)
            return (terminal.screen!.textLines(), browser.isFinished)
        }
        // From the second node (`.a`, open), after a key that moved there; keys that close or
        // scroll back from where they can.
        let starts = [
            "zo": "jzc", "Up": "<PgDn>", "b": "<PgDn>", "PgUp": "<PgDn>", "Ctrl-U": "<PgDn>", "h": "jj", "Left": "jj",
        ]
        var named: [String] = []
        for entry in TreeHelp.entries {
            for spelling in entry.keys.split(whereSeparator: { $0 == "," || $0 == "/" }) {
                var key = spelling.filter { $0 != "`" }.trimmingSpaces()
                if let space = key.firstIndex(of: " ") { key = String(key[..<space]) }
                named.append(key)
            }
        }
        let notation = [
            "Tab": "<Tab>", "Shift-Tab": "<S-Tab>", "Enter": "<Enter>", "Right": "<Right>", "Left": "<Left>",
            "Home": "<Home>", "End": "<End>", "Down": "<Down>", "Up": "<Up>", "Space": "<Space>", "PgDn": "<PgDn>",
            "PgUp": "<PgUp>", "Ctrl-D": "<C-d>", "Ctrl-U": "<C-u>", "F1": "<F1>", ":goto": ":goto .d<Enter>",
            ":PATH)": ":.d<Enter>", ":marks": ":marks<Enter>", ":q": ":q<Enter>", "(or": "", "/": "/y<Enter>",
            "?": "?y<Enter>", "&": "&x<Enter>", "n": "/1<Enter>n", "N": "/1<Enter>N",
        ]
        for key in named where !key.isEmpty {
            let typed = notation[key] ?? key
            guard !typed.isEmpty else { continue }
            // Scrolling needs a screen to scroll: the whole document open is taller than 8 lines.
            let start = starts[key] ?? "j"
            let (before, _) = try outcome(start)
            let (after, quit) = try outcome(start + typed)
            #expect(quit || after != before, "\(key) (\(typed)) changed nothing")
        }
        let (before, _) = try outcome("j")
        for unbound in ["x", "Q", "!", "@"] {
            #expect(try outcome("j" + unbound).0 == before, "\(unbound) is not in the help but did something")
        }
    }

    @Test func theReadmeListsEveryBindingInOrder() {
        // Rows that are not key bindings: the document's own shortcuts, and the mouse.
        let bound = Self.readmeKeys.filter { $0 != "the document's shortcut keys" && $0 != "mouse" }
        #expect(bound == KeyMap.table.map(\.keysForReadme))
    }

    /// The lookup is built from the table, first binding first: this fails when a key is bound
    /// twice to different commands.
    @Test func noKeyIsBoundTwice() {
        for binding in KeyMap.table.flatMap(\.bindings) {
            for key in binding.keys { #expect(KeyMap.command(for: key) == binding.command, "\(key)") }
        }
        // `=` is `+` without Shift.
        #expect(KeyMap.command(for: .character("=")) == .moreDetail)
        #expect(KeyMap.command(for: .character("x")) == nil)
    }

    @Test func theHelpOverlayShowsEveryEntry() {
        let screen = Harness.fullScreen(size: TerminalSize(width: 100, height: 40), keys: "<F1>").joined(separator: "\n")
        for entry in KeyMap.table { #expect(screen.contains(entry.keysForHelp + " "), "\(entry.keysForHelp)") }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
