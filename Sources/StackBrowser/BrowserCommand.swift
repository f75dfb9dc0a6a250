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
    /// Mark or unmark the focused item (`m`); focus the next marked one (`'`).
    case toggleMark, nextMark
    /// More (`+`) or less (`-`) detail.
    case moreDetail, lessDetail
    /// The help overlay (F1).
    case help
    /// Quit (`q`).
    case quit
}

/// The key bindings: vim and less keys, the arrows and the paging keys.
public enum KeyMap {
    /// Lines the mouse wheel scrolls per notch.
    public static let wheelLines = 3

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
    public static func command(for key: Key) -> BrowserCommand? {
        switch key {
        case .character("j"), .tab: return .nextItem
        case .character("k"), .backTab: return .previousItem
        // The arrows scroll a line, as in less: reading on through long items costs one new
        // line on the terminal, not a repaint (DECISIONS.md).
        case .down, .control("e"): return .scrollLines(1)
        case .up, .control("y"): return .scrollLines(-1)
        case .control("d"): return .halfPageDown
        case .control("u"): return .halfPageUp
        case .character(" "), .pageDown, .control("f"): return .pageDown
        case .character("b"), .pageUp, .control("b"): return .pageUp
        case .character("g"), .home: return .top
        case .character("G"), .end: return .bottom
        case .character("h"), .left: return .previousCard
        case .character("l"), .right: return .nextCard
        case .character(":"): return .openPrompt
        case .character("/"): return .searchForward
        case .character("?"): return .searchBackward
        case .character("n"): return .nextMatch
        case .character("N"): return .previousMatch
        case .character("m"): return .toggleMark
        case .character("'"): return .nextMark
        case .character("+"), .character("="): return .moreDetail
        case .character("-"): return .lessDetail
        case .function(1): return .help
        case .character("q"): return .quit
        default: return nil
        }
    }
}
