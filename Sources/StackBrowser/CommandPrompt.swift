/// The `:` command line at the bottom of the screen: the text typed so far.
struct CommandPrompt: Equatable {
    /// What has been typed after the colon.
    var text = ""
}

/// A command typed at the `:` prompt.
enum PromptCommand: Equatable {
    /// `goto ID [top|center|bottom]`, also `scroll-to`.
    case goto(id: String, alignment: String?)
    /// `top`, `bottom`.
    case top, bottom
    /// `stats`: the engine's counters.
    case stats
    /// `q`, `quit`.
    case quit

    /// The command names, for messages and (later) completion.
    static let names = ["goto", "scroll-to", "top", "bottom", "stats", "q", "quit"]

    /// Parses a command line; the error is the one-line message to show.
    static func parse(_ line: String) -> Result<PromptCommand, PromptError> {
        let words = line.split(separator: " ").map(String.init)
        guard let name = words.first else { return .failure(.empty) }
        switch (name, words.count) {
        case ("goto", 2...3), ("scroll-to", 2...3):
            return .success(.goto(id: words[1], alignment: words.count == 3 ? words[2] : nil))
        case ("goto", _), ("scroll-to", _):
            return .failure(.usage("\(name) ID [top|center|bottom]"))
        case ("top", 1): return .success(.top)
        case ("bottom", 1): return .success(.bottom)
        case ("stats", 1): return .success(.stats)
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
