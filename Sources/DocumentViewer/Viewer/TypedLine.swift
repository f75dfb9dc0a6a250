import TerminalUI
import Widgets

/// The line being typed at the bottom of the screen: a `:` command or a `/` `?` search, or an
/// `&` filter — a ``TextField`` with its sigil as the prefix.
struct TypedLine: Equatable {
    /// What the line is for.
    enum Kind: Equatable {
        case command, searchForward, searchBackward, filter

        /// The character shown before the text.
        var sigil: String {
            switch self {
            case .command: return ":"
            case .searchForward: return "/"
            case .searchBackward: return "?"
            case .filter: return "&"
            }
        }
    }

    var kind: Kind
    /// The text, its cursor and the history it walks.
    var field: TextField

    /// What has been typed after the sigil.
    var text: String { field.text }
    /// What Tab found to say (the candidates, or that there are none), shown above the line
    /// until the next key.
    var hint: String? { field.hint }

    /// Draws the line on row `y` of `buffer`, the whole width.
    func draw(into buffer: inout CellBuffer, y: Int) {
        field.draw(into: &buffer, x: 0, y: y, width: buffer.width)
    }
}

/// Lines entered at the prompt: one history for commands and one for searches and filters
/// (as vim keeps them).
struct PromptHistory: Equatable {
    private(set) var commands = TextFieldHistory()
    private(set) var searches = TextFieldHistory()

    func lines(for kind: TypedLine.Kind) -> [String] {
        kind == .command ? commands.lines : searches.lines
    }

    mutating func add(_ line: String, for kind: TypedLine.Kind) {
        if kind == .command { commands.add(line) } else { searches.add(line) }
    }
}
