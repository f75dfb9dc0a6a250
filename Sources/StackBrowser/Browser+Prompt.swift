import StackEngine
import TerminalUI

// MARK: - The `:` command line

extension Browser {
    /// Feeds a key to the open command line: characters are typed, Backspace deletes (and closes
    /// an empty line), Esc cancels, Enter runs the line.
    mutating func handlePromptKey(_ key: Key) {
        switch key {
        case .character(let character):
            prompt?.text.append(character)
        case .backspace, .delete:
            if prompt?.text.isEmpty == true { prompt = nil } else { prompt?.text.removeLast() }
        case .escape:
            prompt = nil
        case .enter:
            let line = prompt?.text ?? ""
            prompt = nil
            run(line)
        default:
            break
        }
    }

    /// Runs a command line; a mistake leaves everything as it was and says why on the status line.
    mutating func run(_ line: String) {
        switch PromptCommand.parse(line) {
        case .failure(.empty): return
        case .failure(let error): message = error.description
        case .success(let command): run(command)
        }
    }

    private mutating func run(_ command: PromptCommand) {
        switch command {
        case let .goto(id, alignmentName):
            var alignment = ScrollAlignment.top
            if let alignmentName {
                guard let named = ScrollAlignment(rawValue: alignmentName) else {
                    message = "expected top, center or bottom, found \"\(alignmentName)\""
                    return
                }
                alignment = named
            }
            if !scroll(toID: id, alignment: alignment) { message = "no item with id \"\(id)\"" }
        case .top: perform(.top)
        case .bottom: perform(.bottom)
        case .stats: message = statistics.json
        case .quit: isFinished = true
        }
    }
}
