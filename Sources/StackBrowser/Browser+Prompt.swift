import StackEngine
import TerminalUI

// MARK: - The command line: `:` commands and `/` `?` searches

extension Browser {
    /// Feeds a key to the open prompt; on Enter, runs the command or starts the search.
    /// - Returns: what the command run has to say, if anything.
    mutating func type(_ key: Key) -> String? {
        let rows = self.rows
        switch prompt.type(key, complete: { Self.complete($0, in: rows) }) {
        case .command(let line)?: return run(line)
        case .search(let pattern, let forward)?:
            search.start(pattern, forward: forward, after: view.focusedOrdinal)
        case .filter(let pattern)?: startFilter(pattern)
        case nil: break
        }
        return nil
    }

    /// Completes the last word of a command line: a command name, or an id after `goto` and
    /// `scroll-to`. One candidate is completed; several complete their common prefix and are
    /// listed above the line.
    /// - Returns: the line completed, and what to say about it.
    static func complete(_ text: String, in rows: DocumentRows) -> (text: String, hint: String?) {
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
            guard !view.scroll(toID: id, alignment: alignment) else { return nil }
            guard isLoading else { return "no item with id \"\(id)\"" }
            loading.wait(for: .id(id, alignment))
            return nil
        case .top: return perform(.top)
        case .bottom: return perform(.bottom)
        case .stats: return statistics.json
        case .detail(let level): return setDetailLevel(level)
        case .marks: overlay = Overlay(title: "Marks (\(marks.count))", lines: marks.listing(in: rows, detailLevel: detail.level))
        case .help: showHelp()
        case .quit: return perform(.quit)
        }
        return nil
    }

    /// Shows every key and command, with the document's shortcuts.
    mutating func showHelp() {
        let shortcuts = rows.document.shortcuts.isEmpty ? [] : [
            "shortcuts: " + rows.document.shortcuts.map { "\($0.key) \($0.label)" }.joined(separator: "  "),
        ]
        overlay = Overlay(title: "Keys and commands", lines: HelpText.lines + shortcuts)
    }
}
