/// Why the terminal could not be opened. The description is the one-line message to print.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no controlling terminal to open.
    case noTerminal(reason: String)
    /// `TERM` is unset or names a terminal ncurses does not know.
    case unknownTerminalType(String?)

    /// The one-line message to print.
    public var description: String {
        switch self {
        case .noTerminal(let reason):
            return "cannot open /dev/tty (\(reason)): there is no terminal to draw on"
        case .unknownTerminalType(nil):
            return "TERM is not set: set it to your terminal's type (for example TERM=xterm-256color)"
        case .unknownTerminalType(let name?):
            return "unknown terminal type TERM=\(name): set TERM to one that ncurses knows"
        }
    }
}
