import StackEngine
import TerminalUI

// MARK: - The command line: `:` commands and `/` `?` searches

extension Browser {
    /// Feeds a key to the open prompt: characters are typed, Backspace deletes (and closes an
    /// empty line), Up/Down walk the history, Tab completes, Esc cancels, Enter runs the line.
    /// - Returns: what the command run by Enter has to say, if anything.
    mutating func handlePromptKey(_ key: Key) -> String? {
        guard var line = prompt else { return nil }
        line.hint = nil
        switch key {
        case .character(let character):
            line.text.append(character)
            line.historyPosition = nil
        case .backspace, .delete:
            if line.text.isEmpty { prompt = nil; return nil }
            line.text.removeLast()
        case .up, .down:
            let past = history.lines(for: line.kind)
            guard !past.isEmpty else { break }
            var position = line.historyPosition ?? past.count
            position += key == .up ? -1 : 1
            if position >= past.count {
                line.historyPosition = nil
                line.text = ""
            } else {
                line.historyPosition = max(0, position)
                line.text = past[max(0, position)]
            }
        case .tab:
            if line.kind == .command { (line.text, line.hint) = complete(line.text) }
        case .escape:
            prompt = nil
            return nil
        case .enter:
            prompt = nil
            history.add(line.text, for: line.kind)
            switch line.kind {
            case .command: return run(line.text)
            case .searchForward: startSearch(line.text, forward: true)
            case .searchBackward: startSearch(line.text, forward: false)
            }
            return nil
        default:
            break
        }
        prompt = line
        return nil
    }

    /// Completes the last word of a command line: a command name, or an id after `goto` and
    /// `scroll-to`. One candidate is completed; several complete their common prefix and are
    /// listed above the line.
    /// - Returns: the line completed, and what to say about it.
    func complete(_ text: String) -> (text: String, hint: String?) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let prefix = words.last ?? ""
        let candidates: [String]
        if words.count <= 1 {
            candidates = PromptCommand.names.filter { $0.hasPrefix(prefix) }
        } else if words.count == 2, ["goto", "scroll-to"].contains(words[0]) {
            candidates = rows.ids(withPrefix: prefix, limit: 50)
        } else {
            candidates = []
        }
        guard let first = candidates.first else { return (text, "no completion for \"\(prefix)\"") }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        let listed = candidates.count > 1
            ? candidates.prefix(8).joined(separator: "  ") + (candidates.count > 8 ? "  …" : "") : nil
        let completed = (words.dropLast() + [common]).joined(separator: " ")
        return (candidates.count == 1 ? completed + " " : completed, listed)
    }

    /// Runs a command line; a mistake leaves everything as it was.
    /// - Returns: what to say on the status line: why a mistake is one, or the command's answer.
    mutating func run(_ line: String) -> String? {
        switch PromptCommand.parse(line) {
        case .failure(.empty): return nil
        case .failure(let error): return error.description
        case .success(let command): return run(command)
        }
    }

    private mutating func run(_ command: PromptCommand) -> String? {
        switch command {
        case let .goto(id, alignmentName):
            var alignment = ScrollAlignment.top
            if let alignmentName {
                guard let named = ScrollAlignment(rawValue: alignmentName) else {
                    return "expected top, center or bottom, found \"\(alignmentName)\""
                }
                alignment = named
            }
            markJumpStart()
            guard !scroll(toID: id, alignment: alignment) else { return nil }
            guard isLoading else { return "no item with id \"\(id)\"" }
            waitForScan(.id(id, alignment))
            return nil
        case .top: return perform(.top)
        case .bottom: return perform(.bottom)
        case .stats: return statistics.json
        case .detail(let level): return setDetailLevel(level)
        case .marks: showMarks()
        case .help: showHelp()
        case .quit: isFinished = true
        }
        return nil
    }

    /// Shows every key and command, with the document's shortcuts.
    mutating func showHelp() {
        let shortcuts = rows.document.shortcuts.map { "\($0.key)              \($0.label)" }
        overlay = Overlay(title: "Keys and commands", lines: HelpText.lines + shortcuts)
    }
}
