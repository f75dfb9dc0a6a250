import StackEngine
import TerminalUI

// MARK: - The command line: `:` commands and `/` `?` searches

extension Browser {
    /// Feeds a key to the open prompt: characters are typed, Backspace deletes (and closes an
    /// empty line), Up/Down walk the history, Tab completes, Esc cancels, Enter runs the line.
    mutating func handlePromptKey(_ key: Key) {
        guard var line = prompt else { return }
        switch key {
        case .character(let character):
            line.text.append(character)
            line.historyPosition = nil
        case .backspace, .delete:
            if line.text.isEmpty { prompt = nil; return }
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
            if line.kind == .command { line.text = complete(line.text) }
        case .escape:
            prompt = nil
            return
        case .enter:
            prompt = nil
            history.add(line.text, for: line.kind)
            switch line.kind {
            case .command: run(line.text)
            case .searchForward: startSearch(line.text, forward: true)
            case .searchBackward: startSearch(line.text, forward: false)
            }
            return
        default:
            break
        }
        prompt = line
    }

    /// Completes the last word of a command line: a command name, or an id after `goto` and
    /// `scroll-to`. One candidate is completed; several complete their common prefix and are
    /// listed on the status line.
    mutating func complete(_ text: String) -> String {
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
        guard let first = candidates.first else {
            message = "no completion for \"\(prefix)\""
            return text
        }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        if candidates.count > 1 {
            message = candidates.prefix(8).joined(separator: "  ") + (candidates.count > 8 ? "  …" : "")
        }
        let completed = (words.dropLast() + [common]).joined(separator: " ")
        return candidates.count == 1 ? completed + " " : completed
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
            markJumpStart()
            if !scroll(toID: id, alignment: alignment) {
                if isLoading { waitForScan(.id(id, alignment)) } else { message = "no item with id \"\(id)\"" }
            }
        case .top: perform(.top)
        case .bottom: perform(.bottom)
        case .stats: message = statistics.json
        case .detail(let level): setDetailLevel(level)
        case .marks: showMarks()
        case .help: showHelp()
        case .quit: isFinished = true
        }
    }

    /// Shows every key and command, with the document's shortcuts.
    mutating func showHelp() {
        let shortcuts = rows.document.shortcuts.map { "\($0.key)              \($0.label)" }
        overlay = Overlay(title: "Keys and commands", lines: HelpText.lines + shortcuts)
    }
}
