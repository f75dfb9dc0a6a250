/// A key press, decoded.
public enum Key: Hashable, Sendable {
    /// A printable character (Space is `.character(" ")`).
    case character(Character)
    /// Ctrl with a letter, lowercased: Ctrl-D is `.control("d")`.
    case control(Character)
    /// The arrow up.
    case up
    /// The arrow down.
    case down
    /// The arrow left.
    case left
    /// The arrow right.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter (Return).
    case enter
    /// Esc alone (not the start of a sequence).
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Delete.
    case delete
    /// Insert.
    case insert
    /// F1 … F12.
    case function(Int)
}

/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns.
    public var width: Int
    /// Lines.
    public var height: Int

    /// A size of `width` columns by `height` lines.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest size a script may ask for (`--size`, `<Resize WxH>`): a frame's cost grows
    /// with its cells, and no terminal is bigger than this.
    public static let largestScripted = TerminalSize(width: 1_000, height: 1_000)

    /// The size written `COLSxROWS` (`80x24`), each from 1 to ``largestScripted``'s; nil for
    /// anything else.
    public init?(notation: some StringProtocol) {
        let parts = notation.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...Self.largestScripted.width).contains(width), (1...Self.largestScripted.height).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }
}

/// A mouse event the viewer acts on.
public enum MouseEvent: Hashable, Sendable {
    /// The wheel turned: negative up, positive down, in notches.
    case wheel(Int)
    /// A left click at a cell.
    case click(x: Int, y: Int)
}

/// Anything that arrives from the terminal.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// A termination signal arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT): restore and exit.
    case signal(Int32)
    /// No input came within the wait the caller asked for (``InputSource/nextEvent(within:wakingOn:)``).
    case tick
    /// Text pasted into the terminal (bracketed paste): text, never keys, whatever it holds.
    case paste(String)
}
