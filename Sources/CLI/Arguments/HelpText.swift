import TerminalUI

/// `tstack --help` and `tstack help COMMAND`: an overview, the usage line, the argument and the
/// options. Text is wrapped to lines shorter than 80 columns (a line of exactly 80 wraps early
/// on some terminals); the usage line is one line, however long, to be copied whole.
enum HelpText {
    static let width = 79
    /// Where the help of an entry starts: two blanks, then its name in 24 columns.
    static let entryColumn = 26

    /// The help of one command.
    static func of(_ spec: CommandSpec) -> String {
        let shown = spec.options.filter { !$0.isHidden }
        let usage = (["tstack \(spec.name) \(spec.argumentSynopsis)"] + shown.map { "[\($0.synopsis)]" }).joined(separator: " ")
        var lines = wrapped("OVERVIEW: " + spec.abstract, width: width) + [""]
        lines += wrapped(spec.discussion(), width: width) + [""]
        lines += ["USAGE: " + usage, "", "ARGUMENTS:"]
        lines += entry(spec.argumentSynopsis, spec.argument.help)
        lines += ["", "OPTIONS:"]
        for option in shown {
            let help = option.defaultValue.map { option.help + " (default: \($0))" } ?? option.help
            lines += entry(option.synopsis, help)
        }
        lines += entry("-h, --help", "Show help information.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help of `tstack` itself: what it is, and its commands (`defaultCommand` runs when
    /// none is named).
    static func root(abstract: String, discussion: String, commands: [CommandSpec], defaultCommand: String) -> String {
        var lines = wrapped("OVERVIEW: " + abstract, width: width) + [""]
        lines += wrapped(discussion, width: width) + [""]
        lines += ["USAGE: tstack <subcommand>", "", "OPTIONS:"]
        lines += entry("-h, --help", "Show help information.")
        lines += entry("--version", "Show the version (also tstack version).")
        lines += ["", "SUBCOMMANDS:"]
        for command in commands {
            lines += entry(command.name + (command.name == defaultCommand ? " (default)" : ""), command.abstract)
        }
        lines += entry("completions <shell>", "Print a completion script for bash, zsh or fish.")
        lines += entry("manual", "Print the man page (roff), as make install installs it.")
        lines += ["", "  See 'tstack help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name` in the first column, `help` wrapped beside it (under it, when the name is too long).
    private static func entry(_ name: String, _ help: String) -> [String] {
        let indent = String(repeating: " ", count: entryColumn)
        let helpLines = wrapped(help, width: width - entryColumn)
        let head = "  " + name
        if head.count > entryColumn - 2 {
            return [head] + helpLines.map { indent + $0 }
        }
        let first = head + String(repeating: " ", count: entryColumn - head.count) + (helpLines.first ?? "")
        return [first] + helpLines.dropFirst().map { indent + $0 }
    }

    /// `text` in lines of at most `width` columns, broken at blanks (the viewer's own wrapping).
    private static func wrapped(_ text: String, width: Int) -> [String] {
        let rows = TextWrapping.wrap(text, style: Style(), width: width)
        var buffer = CellBuffer(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { buffer.write(row, x: 0, y: y) }
        return buffer.textLines()
    }
}
