import Widgets
import TerminalUI

/// The command line at the bottom of the screen, as a component of the browser: the line being
/// typed, while open, and the history of lines entered. Keys typed while it is open come here;
/// what Enter enters goes back to the browser to run. Only its own methods change it.
struct Prompt {
    /// What Enter entered.
    enum Entry: Equatable {
        case command(String)
        case search(String, forward: Bool)
        case filter(String)
    }

    /// The line being typed, while open.
    private(set) var current: TypedLine?
    /// Lines entered before.
    private(set) var history = PromptHistory()

    var isOpen: Bool { current != nil }

    /// Opens an empty line of `kind`, with the history of its kind to walk.
    mutating func open(_ kind: TypedLine.Kind) {
        current = TypedLine(kind: kind, field: TextField(prefix: kind.sigil, history: history.lines(for: kind)))
    }

    /// Takes a key: the text field's (``TextFieldKeys``, the prompt's bindings of
    /// ``ViewerKeys/table``: the cursor moves and edits, Up/Down walk the history, Tab completes
    /// a command line with `complete`, Backspace on an empty line and Esc close, Enter closes and
    /// enters the line); any other character is typed at the cursor.
    /// - Returns: the line entered, on Enter.
    mutating func type(_ key: Key, complete: @escaping (String) -> (text: String, hint: String?)) -> Entry? {
        guard var line = current else { return nil }
        let outcome = line.field.handle(key, complete: line.kind == .command ? complete : nil)
        switch outcome {
        case .editing:
            current = line
            return nil
        case .cancelled:
            current = nil
            return nil
        case .entered(let text):
            current = nil
            history.add(text, for: line.kind)
            switch line.kind {
            case .command: return .command(text)
            case .searchForward: return .search(text, forward: true)
            case .searchBackward: return .search(text, forward: false)
            case .filter: return .filter(text)
            }
        }
    }

    /// Types pasted text at the cursor: its line breaks and controls as spaces, never keys.
    mutating func paste(_ text: String) {
        guard current != nil else { return }
        let typed = String(text.map { character in
            character.unicodeScalars.contains { CellText.inertForm(of: $0) != nil } ? " " : character
        })
        current?.field.insert(typed)
    }
}
