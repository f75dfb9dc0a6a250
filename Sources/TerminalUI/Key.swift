/// A key press, decoded.
public enum Key: Hashable, Sendable {
    /// A printable character (Space is `.character(" ")`).
    case character(Character)
    /// Ctrl with a letter, lowercased: Ctrl-D is `.control("d")`.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete, insert
    /// F1 … F12.
    case function(Int)
}

/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
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
    /// No input came within the wait the caller asked for (``InputSource/nextEvent(within:)``).
    case tick
}
