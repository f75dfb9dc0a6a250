import TerminalUI

/// The line being typed at the bottom of the screen: a `:` command or a `/` `?` search.
struct CommandPrompt: Equatable {
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

    func lines(for kind: CommandPrompt.Kind) -> [String] {
        kind == .command ? commands : searches
    }

    mutating func add(_ line: String, for kind: CommandPrompt.Kind) {
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

/// A command typed at the `:` prompt: one parser for every content.
enum PromptCommand: Equatable {
    /// `goto TARGET [top|center|bottom]`, also `scroll-to`: an item or row id in a stack
    /// document, a jq path in a tree; a line starting with `.` is a path to go to.
    case goto(String, alignment: String?)
    /// `top`, `bottom`.
    case top, bottom
    /// `stats`: the engine's counters.
    case stats
    /// `detail N`: show items up to detail level N (1–3), in a stack document.
    case detail(Int)
    /// `marks`: list the marked items or nodes.
    case marks
    /// `sort [-]COLUMN`: a table's rows by a column (`-`: largest first); `sort` alone: the
    /// file's order.
    case sort(String?)
    /// `where EXPR`: a table's rows whose records match (`status >= 400 and level = error`);
    /// `where` alone: every row.
    case `where`(String?)
    /// `help`: every key and command.
    case help
    /// `q`, `quit`.
    case quit

    /// The command names, for messages and completion.
    static let names = ["bottom", "detail", "goto", "help", "marks", "q", "quit", "scroll-to", "sort", "stats", "top", "where"]

    /// The alignments `goto` takes after its target.
    static let alignments: Set<String> = ["top", "center", "bottom"]

    /// The commands' line of help for a content.
    static func help(for context: ViewerKeyContext) -> [String] {
        switch context {
        case .tree: return [
            ":goto PATH (or :PATH)  :top :bottom :marks :stats :help :q",
            ":where COLUMN OP VALUE [and|or …]: the focused array's records that match (alone: all)",
        ]
        case .table: return [
            ":goto PATH (a record, a cell)  :sort [-]COLUMN (alone: the file's order)  :top :bottom :stats :help :q",
            ":where COLUMN OP VALUE [and|or …] (OP: = != < <= > >= ~; alone: every row)",
        ]
        default: return [":goto ID [top|center|bottom]  :top :bottom :detail N :marks :stats :help :q"]
        }
    }

    /// Parses a command line; the error is the one-line message to show.
    static func parse(_ line: String) -> Result<PromptCommand, PromptError> {
        let trimmed = String(line.drop { $0 == " " })
        if trimmed.hasPrefix(".") { return .success(.goto(trimmed, alignment: nil)) }
        let words = trimmed.split(separator: " ").map(String.init)
        guard let name = words.first else { return .failure(.empty) }
        switch (name, words.count) {
        case ("goto", 2...), ("scroll-to", 2...):
            // The target is the rest of the line (a path may hold spaces: `.["a b"]`), less an
            // alignment at its end.
            var target = String(trimmed.dropFirst(name.count).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            var alignment: String?
            if words.count >= 3, let last = words.last, alignments.contains(last) || words.count == 3 && !target.hasPrefix(".") {
                alignment = last
                target = String(target.dropLast(last.count).reversed().drop { $0 == " " }.reversed())
            }
            return .success(.goto(target, alignment: alignment))
        case ("goto", _), ("scroll-to", _):
            return .failure(.usage("\(name) ID [top|center|bottom], or PATH"))
        case ("top", 1): return .success(.top)
        case ("bottom", 1): return .success(.bottom)
        case ("stats", 1): return .success(.stats)
        case ("detail", 2):
            guard let level = Int(words[1]), (1...3).contains(level) else {
                return .failure(.usage("detail 1|2|3"))
            }
            return .success(.detail(level))
        case ("detail", _): return .failure(.usage("detail 1|2|3"))
        case ("marks", 1): return .success(.marks)
        case ("sort", 1): return .success(.sort(nil))
        case ("where", 1): return .success(.where(nil))
        case ("sort", _), ("where", _):
            // The rest of the line (a name in jq's form, a string, may hold spaces).
            let rest = String(trimmed.dropFirst(name.count).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            return .success(name == "sort" ? .sort(rest) : .where(rest))
        case ("help", 1): return .success(.help)
        case ("q", 1), ("quit", 1): return .success(.quit)
        default:
            return names.contains(name) ? .failure(.usage(name)) : .failure(.unknown(name))
        }
    }
}

/// Why a command line could not run.
enum PromptError: Error, Equatable, CustomStringConvertible {
    case empty
    case unknown(String)
    case usage(String)

    var description: String {
        switch self {
        case .empty: return ""
        case .unknown(let name): return "unknown command \"\(name)\""
        case .usage(let usage): return "usage: :\(usage)"
        }
    }
}
