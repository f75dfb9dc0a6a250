@testable import DocumentViewer
import Widgets
import DocumentData
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

    @Test func unboundKeysChangeNoRow() {
        #expect(Harness.view(keys: "xyz<F5>") == Harness.view())
    }
}

/// The one key table: the README's key tables list what it binds, every key the help names
/// works on each content it names, and a key bound to nothing says so.
@Suite struct KeyTableTests {
    /// The first cells of the README's `| Key | Does |` table number `number` (0: the stack
    /// document's, 1: the tree's).
    static func readmeKeys(table number: Int) -> [String] {
        let readme = Harness.readText(Harness.root + "/README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.indices.filter { lines[$0] == "| Key | Does |" }
        guard headers.count > number else { return [] }
        return lines[(headers[number] + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            String(row.dropFirst(2).prefix { $0 != "|" }).trimmingSpaces()
        }
    }

    @Test(arguments: [(0, ViewerKeyContext.stack), (1, .tree), (2, .table)])
    func theReadmeListsEveryBindingInOrder(table: Int, context: ViewerKeyContext) {
        // Rows that are not key bindings: the document's own shortcuts, and the mouse.
        let bound = Self.readmeKeys(table: table).filter { $0 != "the document's shortcut keys" && $0 != "mouse" }
        #expect(bound == ViewerKeys.table.entries(in: context).map(\.keysForReadme))
    }

    /// The viewer's keys are the library's: every chord of the list's, the tree's and the
    /// table's default tables does in the viewer's tree and table what it does in the widget.
    @Test func theViewersKeysAreTheWidgetsKeys() {
        let moves: [ListAction: ViewerAction] = [
            .selectNext: .nextItem, .selectPrevious: .previousItem, .lineDown: .scrollLines(1), .lineUp: .scrollLines(-1),
            .halfPageDown: .halfPageDown, .halfPageUp: .halfPageUp, .pageDown: .pageDown, .pageUp: .pageUp,
            .selectFirst: .top, .selectLast: .bottom,
        ]
        for entry in ListKeys.table.entries {
            for binding in entry.bindings {
                for chord in binding.chords {
                    for context in [ViewerKeyContext.stack, .tree, .table] {
                        #expect(ViewerKeys.table.action(for: chord, in: context) == moves[binding.action], "\(chord.shortName) in \(context)")
                    }
                }
            }
        }
        // Down scrolls a line in both, as in less; j selects the next row in both.
        #expect(ListKeys.action(for: .down) == .lineDown)
        #expect(ListKeys.action(for: .character("j")) == .selectNext)
        let folds: [TreeAction: ViewerAction] = [
            .openOrChild: .openOrChild, .closeOrParent: .closeOrParent, .toggle: .toggleFold, .open: .openFold,
            .close: .closeFold, .closeAll: .closeAll, .nextSibling: .nextSibling, .previousSibling: .previousSibling,
        ]
        for entry in TreeKeys.folds.entries {
            for binding in entry.bindings {
                for chord in binding.chords { #expect(ViewerKeys.table.action(for: chord, in: .tree) == folds[binding.action]) }
            }
        }
        let columns: [TableAction: ViewerAction] = [
            .previousColumn: .previousColumn, .nextColumn: .nextColumn, .firstColumn: .firstColumn, .lastColumn: .lastColumn,
        ]
        for entry in TableKeys.columns.entries {
            for binding in entry.bindings {
                for chord in binding.chords { #expect(ViewerKeys.table.action(for: chord, in: .table) == columns[binding.action]) }
            }
        }
    }

    @Test func theTableHasNoConflicts() {
        #expect(ViewerKeys.table.problems == [])
        #expect(ListKeys.table.problems == [])
        #expect(TreeKeys.table.problems == [])
        #expect(TableKeys.table.problems == [])
        // `=` is `+` without Shift; `x` is bound to nothing.
        #expect(ViewerKeys.table.action(for: KeyChord("="), in: .stack) == .moreDetail)
        #expect(ViewerKeys.table.action(for: KeyChord("x"), in: .stack) == nil)
        // `h` is a card in a strip and a fold in a tree.
        #expect(ViewerKeys.table.action(for: KeyChord("h"), in: .stack) == .previousCard)
        #expect(ViewerKeys.table.action(for: KeyChord("h"), in: .tree) == .closeOrParent)
    }

    /// `tstack browse --help` names every entry of the contents, with where it holds.
    @Test func theSummaryNamesEveryEntry() {
        for context in ViewerKeyContext.contents {
            for entry in ViewerKeys.table.entries(in: context) {
                #expect(ViewerKeys.summary.contains(entry.keysForSummary + ": " + entry.help), "\(entry.keysForSummary)")
            }
        }
        #expect(ViewerKeys.summary.contains("previous / next card of a strip (stack documents)"))
    }

    /// The F1 box of each content lists each of its entries, and the box's and the prompt's.
    @Test func theHelpBoxShowsEveryEntryOfItsContent() throws {
        for context in ViewerKeyContext.contents {
            let lines = ViewerKeys.helpLines(for: context)
            // (The box's moving keys are the content's, listed once.)
            for entry in ViewerKeys.table.entries(in: context) + ViewerKeys.table.entries(in: .box)
                + ViewerKeys.table.entries(in: .prompt) {
                #expect(lines.contains { $0.hasPrefix(entry.keysForHelp + " ") }, "\(context): \(entry.keysForHelp)")
            }
        }
        let screen = Harness.fullScreen(size: TerminalSize(width: 100, height: 60), keys: "<F1>").joined(separator: "\n")
        for entry in ViewerKeys.table.entries(in: .stack) {
            #expect(screen.contains(entry.keysForHelp + " "), "\(entry.keysForHelp)")
        }
    }

    /// What a run of `keys` shows on a content: the screen, whether it quit, what it copied.
    struct Outcome: Equatable {
        var screen: [String]
        var quit: Bool
        var copied: [String]
        /// The reversed cells of the last line: the prompt's cursor.
        var cursor: [Int] = []
    }

    static let treeJSON = #"{"a": {"x": 1, "y": [1, 2]}, "b": "text", "c": [3, 4], "d": 5}"#
    /// Records as a table wider and taller than the screen, with a `1` to search for.
    static let tableJSON = "[" + (0..<30).map { row in
        "{" + (0..<12).map { #""column\#($0)": "value \#(row) of \#($0)""# }.joined(separator: ", ") + "}"
    }.joined(separator: ", ") + "]"

    static func outcome(_ context: ViewerKeyContext, _ keys: String) throws -> Outcome {
        let size = TerminalSize(width: 60, height: 8)
        let terminal = MemoryTerminal(size: size, input: try KeyNotation.parse(keys))
        var viewer: Viewer
        switch context {
        case .tree:
            viewer = Viewer(
                tree: try JSONTree(bytes: Array(treeJSON.utf8), name: "k.json"), fileName: "k.json", size: size,
                theme: .monochrome)
        case .table:
            viewer = Viewer(
                tree: try JSONTree(bytes: Array(tableJSON.utf8), name: "t.json"), fileName: "t.json", size: size,
                theme: .monochrome)
            viewer.showRecordsTable()
        default:
            viewer = Viewer(document: Harness.demo, fileName: "origami.json", size: size, theme: .monochrome)
        }
        _ = viewer.run(screen: terminal, input: terminal)
        let screen = terminal.screen!
        let cursor = (0..<screen.width).filter { screen[$0, screen.height - 1].style.attributes.contains(.reverse) }
        return Outcome(screen: screen.textLines(), quit: viewer.isFinished, copied: terminal.clipboard, cursor: cursor)
    }

    /// Where an action can show what it does, from the second item or node (after `j`).
    static func start(for action: ViewerAction, in context: ViewerKeyContext) -> String {
        switch (action, context) {
        case (.previousItem, _): return "jj"
        // Esc with nothing running clears what the last key said.
        case (.cancel, _): return "jx"
        case (.scrollLines(-1), _), (.halfPageUp, _), (.pageUp, _), (.top, _): return "<PgDn><PgDn>"
        case (.nextCard, .stack): return "<End>"
        case (.previousCard, .stack): return "<End>l"
        case (.nextMatch, .stack), (.previousMatch, .stack): return "/step<Enter>"
        case (.nextMatch, _), (.previousMatch, _): return "/1<Enter>"
        case (.nextMark, _): return "mj"
        case (.moreDetail, _): return "-"
        case (.openFold, _), (.openSiblings, _), (.openAll, _): return "jzc"
        case (.closeOrParent, _), (.previousSibling, _): return "jj"
        // (The focus below the top: `zt` has somewhere to put it; put there, `zz` and `zb` too.)
        case (.placeFocus(.top), .stack): return "jjjjjzb"
        // (A stack document's items are taller than half of this screen: a shorter one, paged to.)
        case (.placeFocus(.center), .stack): return "<PgDn><PgDn>"
        case (.placeFocus(.top), _): return "jjjjj"
        case (.placeFocus, _): return "jjjjjzt"
        case (.previousColumn, .table), (.firstColumn, .table): return "ll"
        // Box: a help box longer than the screen; up and back from its end.
        case (.nextItem, .box), (.scrollLines(1), .box), (.halfPageDown, .box), (.pageDown, .box), (.bottom, .box),
            (.closeBox, .box):
            return "<F1>"
        case (_, .box): return "<F1>G"
        // Prompt: a line with a history.
        case (.field(.olderLine), .prompt): return ":top<Enter>:"
        case (.field(.newerLine), .prompt): return ":top<Enter>:<Up>"
        // The cursor at the start of the line: a move right or a deletion under it shows.
        case (.field(.right), .prompt), (.field(.end), .prompt), (.field(.deleteForward), .prompt),
            (.field(.deleteToEnd), .prompt):
            return ":go<Home>"
        case (_, .prompt): return ":go"
        default: return "j"
        }
    }

    /// Every key the help names works on each content it names: pressed where it can act, it
    /// changes the screen, quits or copies, and never says it is bound to nothing.
    @Test(arguments: ViewerKeyContext.allCases)
    func everyKeyTheHelpNamesWorks(context: ViewerKeyContext) throws {
        let contents: [ViewerKeyContext] = context == .box || context == .prompt ? [.stack, .tree] : [context]
        for entry in ViewerKeys.table.entries(in: context) {
            for binding in entry.bindings {
                for chord in binding.chords {
                    let typed = chord.keys.map(KeyNotation.notation).joined()
                    for content in contents {
                        let start = Self.start(for: binding.action, in: context)
                        let before = try Self.outcome(content, start)
                        let after = try Self.outcome(content, start + typed)
                        #expect(after != before, "\(context) on \(content): \(chord.shortName) changed nothing")
                        #expect(!(after.screen.last ?? "").contains("no command"), "\(context): \(chord.shortName)")
                    }
                }
            }
        }
    }

    /// The mouse forgets the first key of a chord; a document's shortcut on a key the table takes
    /// (`y` starts a chord) has no button and help says so.
    @Test func theMouseForgetsAChordAndAShortcutOnABuiltInKeyIsSaidTaken() throws {
        #expect(try Self.outcome(.tree, "jy<ScrollDown>").screen.last?.contains("y…") == false)
        let json = #"""
            {"shortcuts": [{"key": "y", "label": "Yes", "target": "b"}, {"key": "s", "label": "See", "target": "b"}],
             "sections": [{"id": "s", "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}]}
            """#
        let size = TerminalSize(width: 80, height: 40)
        let help = Harness.fullScreen(Harness.document(json), size: size, keys: "<F1>").joined(separator: "\n")
        #expect(help.contains("shortcuts: s See"), "\(help)")
        #expect(help.contains("shortcuts taken by built-in keys: y Yes"))
        let first = Harness.fullScreen(Harness.document(json), size: TerminalSize(width: 80, height: 3))
        #expect(!first.joined().contains("[y]"))
    }

    @Test(arguments: [ViewerKeyContext.stack, .tree])
    func aKeyBoundToNothingSaysSo(context: ViewerKeyContext) throws {
        let before = try Self.outcome(context, "j")
        let chords = [("zx", "zx"), ("yx", "yx")]
        for (keys, said) in [("x", "x"), ("<F5>", "F5")] + chords {
            let after = try Self.outcome(context, "j" + keys)
            #expect(after.screen.dropLast() == before.screen.dropLast(), "\(keys) changed the rows")
            #expect(after.screen.last?.contains("no command on \(said) — F1 for help") == true, "\(keys)")
        }
        // The first key of a chord says it waits for the second.
        #expect(try Self.outcome(context, "jy").screen.last?.contains("y…") == true)
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
