import TerminalUI

/// A command typed at the `:` prompt: one parser for every content.
enum ViewerCommand: Equatable {
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
    /// `freq COLUMN [, COLUMN…]`: the frequency table of the columns (their combinations); alone:
    /// of the selected column.
    case frequency([String]?)
    /// `describe`: a summary of every column.
    case describe
    /// `write FILE` (`w FILE`): the records the view shows, in its order, to a new file as
    /// CSV, JSON or JSON Lines by its extension; `write! FILE` (`w!`) replaces one that exists.
    case write(String, overwrites: Bool)
    /// `help`: every key and command.
    case help
    /// `reload`: open the file again (as `R`).
    case reload
    /// `q`, `quit`.
    case quit

    /// The command names, for messages and completion.
    static let names = [
        "bottom", "describe", "detail", "freq", "goto", "help", "marks", "q", "quit", "reload", "scroll-to", "sort", "stats", "top", "w", "w!",
        "where", "write", "write!",
    ]

    /// The alignments `goto` takes after its target.
    static let alignments: Set<String> = ["top", "center", "bottom"]

    /// The commands' line of help for a content.
    static func help(for context: ViewerKeyContext) -> [String] {
        switch context {
        case .tree: return [
            ":goto PATH (or :PATH)  :top :bottom :marks :reload :stats :help :q",
            ":where COLUMN OP VALUE [and|or …]: the focused array's records that match (alone: all)",
            ":freq COLUMN [, COLUMN…]: how many records hold each value  :describe: a summary of every column",
            ":w FILE.csv|.json|.jsonl: the focused array's records as shown (:w! replaces a file)",
        ]
        case .table: return [
            ":goto PATH (a record, a cell)  :sort [-]COLUMN (alone: the file's order)  :top :bottom :reload :stats :help :q",
            ":where COLUMN OP VALUE [and|or …] (OP: = != < <= > >= ~ ~*, or COLUMN in (V, …); alone: every row)",
            ":freq COLUMN [, COLUMN…]: how many records hold each value (Enter: its records)  :describe: every column summarised",
            ":w FILE.csv|.json|.jsonl: the rows as shown, in their order (:w! replaces a file)",
        ]
        default: return [":goto ID [top|center|bottom]  :top :bottom :detail N :marks :reload :stats :help :q"]
        }
    }

    /// Parses a command line; the error is the one-line message to show.
    static func parse(_ line: String) -> Result<ViewerCommand, CommandError> {
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
        case ("freq", 1): return .success(.frequency(nil))
        case ("freq", _):
            // Names joined by commas (a name in jq's form may hold spaces, not a comma).
            let rest = trimmed.dropFirst(name.count)
            let names = rest.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            guard !names.contains(where: \.isEmpty) else { return .failure(.usage("freq COLUMN [, COLUMN…]")) }
            return .success(.frequency(names))
        case ("describe", 1): return .success(.describe)
        case ("sort", _), ("where", _):
            // The rest of the line (a name in jq's form, a string, may hold spaces).
            let rest = String(trimmed.dropFirst(name.count).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            return .success(name == "sort" ? .sort(rest) : .where(rest))
        case ("w", 2...), ("write", 2...), ("w!", 2...), ("write!", 2...):
            // The rest of the line: a file name may hold spaces.
            let path = String(trimmed.dropFirst(name.count).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            return .success(.write(path, overwrites: name.hasSuffix("!")))
        case ("w", _), ("write", _), ("w!", _), ("write!", _):
            return .failure(.usage("\(name) FILE.csv|.json|.jsonl"))
        case ("help", 1): return .success(.help)
        case ("reload", 1): return .success(.reload)
        case ("q", 1), ("quit", 1): return .success(.quit)
        default:
            return names.contains(name) ? .failure(.usage(name)) : .failure(.unknown(name))
        }
    }
}

/// Why a command line could not run.
enum CommandError: Error, Equatable, CustomStringConvertible {
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
