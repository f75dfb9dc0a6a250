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

    /// Opens an empty line of `kind`.
    mutating func open(_ kind: TypedLine.Kind) {
        current = TypedLine(kind: kind)
    }

    /// Takes a key: the prompt's bindings of ``ViewerKeys/table`` (Backspace deletes and closes
    /// an empty line, Up/Down walk the history, Tab completes a command line with `complete`, Esc
    /// closes, Enter closes and enters the line); any other character is typed.
    /// - Returns: the line entered, on Enter.
    mutating func type(_ key: Key, complete: (String) -> (text: String, hint: String?)) -> Entry? {
        guard var line = current else { return nil }
        line.hint = nil
        switch ViewerKeys.table.action(for: KeyChord(key), in: .prompt) {
        case .deleteCharacter?:
            if line.text.isEmpty { current = nil; return nil }
            line.text.removeLast()
        case let walk? where walk == .olderLine || walk == .newerLine:
            let past = history.lines(for: line.kind)
            guard !past.isEmpty else { break }
            let position = (line.historyPosition ?? past.count) + (walk == .olderLine ? -1 : 1)
            if position >= past.count {
                line.historyPosition = nil
                line.text = ""
            } else {
                line.historyPosition = max(0, position)
                line.text = past[max(0, position)]
            }
        case .complete?:
            if line.kind == .command { (line.text, line.hint) = complete(line.text) }
        case .cancelLine?:
            current = nil
            return nil
        case .enterLine?:
            current = nil
            history.add(line.text, for: line.kind)
            switch line.kind {
            case .command: return .command(line.text)
            case .searchForward: return .search(line.text, forward: true)
            case .searchBackward: return .search(line.text, forward: false)
            case .filter: return .filter(line.text)
            }
        case nil:
            guard case .character(let character) = key else { break }
            line.text.append(character)
            line.historyPosition = nil
        default:
            break
        }
        current = line
        return nil
    }
}
