import TerminalUI

/// What a key press asks the browser to do.
public enum BrowserCommand: Equatable, Sendable {
    /// Focus the next item (`j`, Tab) or the previous one (`k`, Shift-Tab); the view follows.
    case nextItem, previousItem
    /// Scroll one line (Down, Ctrl-E; Up, Ctrl-Y), or `count` lines (the mouse wheel: three).
    case scrollLines(Int)
    /// Half a page (Ctrl-D, Ctrl-U).
    case halfPageDown, halfPageUp
    /// A page (Space, PgDn, Ctrl-F; `b`, PgUp, Ctrl-B).
    case pageDown, pageUp
    /// The top (`g`, Home) and the bottom (`G`, End).
    case top, bottom
    /// The previous or next card of the focused horizontal strip (`h`/Left, `l`/Right).
    case previousCard, nextCard
    /// Focus the item drawn at a screen line and column (a mouse click).
    case focusAt(x: Int, y: Int)
    /// Open the `:` command line.
    case openPrompt
    /// Search forward (`/`) or backward (`?`); the next match (`n`) or the previous (`N`).
    case searchForward, searchBackward, nextMatch, previousMatch
    /// `&`: open the filter line (only the items that match show; empty shows all again).
    case filter
    /// `F`: keep to the end of an input that grows, as items arrive (until a key).
    case follow
    /// Mark or unmark the focused item (`m`); focus the next marked one (`'`).
    case toggleMark, nextMark
    /// More (`+`) or less (`-`) detail.
    case moreDetail, lessDetail
    /// The help overlay (F1).
    case help
    /// Quit (`q`).
    case quit
}

/// Keys that do one thing.
public struct KeyBinding: Sendable {
    /// The keys, the first one the one help names first.
    public let keys: [Key]
    public let command: BrowserCommand

    public init(_ keys: [Key], _ command: BrowserCommand) {
        self.keys = keys
        self.command = command
    }
}

/// A line of help: one binding, or two that mirror each other (next / previous), and what they
/// do — bubbles' `key.Binding` with its help, for a table that is the only place keys are bound.
public struct KeyHelpEntry: Sendable {
    public let bindings: [KeyBinding]
    /// What the bindings do, in a few words.
    public let help: String

    public init(_ bindings: [KeyBinding], _ help: String) {
        self.bindings = bindings
        self.help = help
    }

    /// The keys as the help overlay writes them: `j Tab  k S-Tab`.
    public var keysForHelp: String {
        bindings.map { $0.keys.map(KeyMap.shortName).joined(separator: " ") }.joined(separator: "  ")
    }

    /// The keys as the README's table writes them: characters in backticks, keys by name, one
    /// binding's keys joined by ` / `, the bindings by commas (`j` / Tab, `k` / Shift-Tab).
    public var keysForReadme: String {
        bindings.map { $0.keys.map(KeyMap.readmeName).joined(separator: " / ") }.joined(separator: ", ")
    }
}

/// The key bindings: vim and less keys, the arrows and the paging keys. ``table`` is the only
/// place a key is bound; the F1 help, `tstack browse --help` and the README's key table (checked by
/// a test) all come from it.
public enum KeyMap {
    /// Lines the mouse wheel scrolls per notch.
    public static let wheelLines = 3

    /// Every binding with its help, in the order help lists them.
    public static let table: [KeyHelpEntry] = [
        KeyHelpEntry([KeyBinding([.character("j"), .tab], .nextItem), KeyBinding([.character("k"), .backTab], .previousItem)],
                     "next / previous item"),
        // The arrows scroll a line, as in less: reading on through long items costs one new
        // line on the terminal, not a repaint (DECISIONS.md).
        KeyHelpEntry([KeyBinding([.down, .control("e")], .scrollLines(1)), KeyBinding([.up, .control("y")], .scrollLines(-1))],
                     "scroll a line down / up"),
        KeyHelpEntry([KeyBinding([.control("d")], .halfPageDown), KeyBinding([.control("u")], .halfPageUp)],
                     "half a page down / up"),
        KeyHelpEntry([KeyBinding([.character(" "), .pageDown, .control("f")], .pageDown)], "a page down"),
        KeyHelpEntry([KeyBinding([.character("b"), .pageUp, .control("b")], .pageUp)], "a page up"),
        KeyHelpEntry([KeyBinding([.character("g"), .home], .top), KeyBinding([.character("G"), .end], .bottom)],
                     "the top / the bottom"),
        KeyHelpEntry([KeyBinding([.character("h"), .left], .previousCard), KeyBinding([.character("l"), .right], .nextCard)],
                     "previous / next card of a strip"),
        KeyHelpEntry([KeyBinding([.character("/")], .searchForward), KeyBinding([.character("?")], .searchBackward)],
                     "search forward / backward"),
        KeyHelpEntry([KeyBinding([.character("n")], .nextMatch), KeyBinding([.character("N")], .previousMatch)],
                     "next / previous match (Esc stops)"),
        KeyHelpEntry([KeyBinding([.character("&")], .filter)], "show only the items that match (empty: all)"),
        KeyHelpEntry([KeyBinding([.character("F")], .follow)], "follow the end of a growing input (a key stops)"),
        KeyHelpEntry([KeyBinding([.character("m")], .toggleMark), KeyBinding([.character("'")], .nextMark)],
                     "mark or unmark the item / the next marked item"),
        KeyHelpEntry([KeyBinding([.character("+"), .character("=")], .moreDetail), KeyBinding([.character("-")], .lessDetail)],
                     "more / less detail (1–3)"),
        KeyHelpEntry([KeyBinding([.function(1)], .help)], "this help"),
        KeyHelpEntry([KeyBinding([.character(":")], .openPrompt)], "a command (below)"),
        KeyHelpEntry([KeyBinding([.character("q")], .quit)], "quit"),
    ]

    private static let commands: [Key: BrowserCommand] = {
        var commands: [Key: BrowserCommand] = [:]
        for binding in table.flatMap(\.bindings) {
            for key in binding.keys where commands[key] == nil { commands[key] = binding.command }
        }
        return commands
    }()

    /// The command bound to `event`, if any.
    public static func command(for event: InputEvent) -> BrowserCommand? {
        switch event {
        case .key(let key): return command(for: key)
        case .mouse(.wheel(let notches)): return .scrollLines(notches * wheelLines)
        case .mouse(.click(let x, let y)): return .focusAt(x: x, y: y)
        case .resize, .signal, .tick: return nil
        }
    }

    /// The command bound to `key`, if any.
    /// - Complexity: O(1).
    public static func command(for key: Key) -> BrowserCommand? { commands[key] }

    /// The help overlay's lines for the keys: each entry's keys, then what they do.
    public static var helpLines: [String] {
        let width = table.map { $0.keysForHelp.count }.max() ?? 0
        return table.map { $0.keysForHelp.padding(to: width) + "  " + $0.help }
    }

    /// One paragraph for `tstack browse --help`.
    public static var summary: String {
        table.map { entry in
            let keys = entry.bindings.map { $0.keys.map(shortName).joined(separator: "/") }.joined(separator: ", ")
            return "\(keys): \(entry.help)"
        }.joined(separator: "; ") + "."
    }

    /// A key as help writes it, briefly: `j`, `Tab`, `S-Tab`, `↓`, `^E`, `Space`, `PgDn`, `F1`.
    static func shortName(_ key: Key) -> String {
        switch key {
        case .control(let letter): return "^" + letter.uppercased()
        case .backTab: return "S-Tab"
        case .down: return "↓"
        case .up: return "↑"
        case .left: return "←"
        case .right: return "→"
        default: return readmeName(key).replacingBackticks()
        }
    }

    /// A key as the README writes it: a character in backticks, else `Tab`, `Shift-Tab`,
    /// `Ctrl-E`, `Down`, `PgDn`.
    static func readmeName(_ key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let character): return "`\(character)`"
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .down: return "Down"
        case .up: return "Up"
        case .left: return "Left"
        case .right: return "Right"
        case .pageDown: return "PgDn"
        case .pageUp: return "PgUp"
        case .home: return "Home"
        case .end: return "End"
        case .function(let number): return "F\(number)"
        default: return "\(key)"
        }
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func replacingBackticks() -> String {
        filter { $0 != "`" }
    }
}
