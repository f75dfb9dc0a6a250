import TerminalUI

/// The line being typed at the bottom of the screen: a `:` command or a `/` `?` search.
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
    /// What has been typed after the sigil.
    var text = ""
    /// Where Up/Down are in the history: nil while editing a new line.
    var historyPosition: Int?
    /// What Tab found to say (the candidates, or that there are none), shown above the line
    /// until the next key.
    var hint: String?

    /// Draws the line on row `y` of `buffer`: the sigil, the end of the text that fits (where the
    /// cursor is: `…` stands for what scrolled off the left) and the cursor. Only what fits is
    /// looked at, so a frame costs the same however long the text.
    func draw(into buffer: inout CellBuffer, y: Int) {
        buffer.fill(.plain, y: y)
        let room = max(1, buffer.width - 2)
        var shown = text
        if text.utf8.count > room {
            let tail = text.unicodeScalars.suffix(room - 1)
            if tail.startIndex != text.unicodeScalars.startIndex { shown = "…" + String(String.UnicodeScalarView(tail)) }
        }
        let end = buffer.write(kind.sigil + shown, x: 0, y: y)
        buffer.write(" ", style: Style(attributes: .reverse), x: min(end, buffer.width - 1), y: y)
    }
}

/// Lines entered at the prompt, oldest first, without repeats in a row; one list for commands
/// and one for searches (as vim keeps them).
struct PromptHistory: Equatable {
    private(set) var commands: [String] = []
    private(set) var searches: [String] = []
    static let limit = 100

    func lines(for kind: TypedLine.Kind) -> [String] {
        kind == .command ? commands : searches
    }

    mutating func add(_ line: String, for kind: TypedLine.Kind) {
        guard !line.isEmpty else { return }
        if kind == .command {
            if commands.last != line { commands.append(line) }
            if commands.count > Self.limit { commands.removeFirst() }
        } else {
            if searches.last != line { searches.append(line) }
            if searches.count > Self.limit { searches.removeFirst() }
        }
    }
}
