import ArgumentParser
import Glibc

/// `tstack`: a terminal viewer for long structured lists.
@main
struct TStackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tstack",
        abstract: "Browse structured lists in the terminal.",
        discussion: """
            A stack document is JSON: sections of items (title, subtitle, ASCII art, body), \
            optionally laid out horizontally as cards (see README.md for the format). Any other \
            JSON, and JSON Lines, browse as a tree that folds, with the containers around the top \
            of the screen pinned and each node's path in jq syntax.
            """,
        subcommands: [Browse.self, Render.self],
        defaultSubcommand: Browse.self
    )

    /// Parses and runs the command. Unlike ArgumentParser's own `main`, every message — help,
    /// usage errors, which echo the values typed — goes out inert (``Diagnostics``).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version: several lines, on standard output.
                let text = fullMessage(for: error)
                Diagnostics.write(lines: text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
            } else if case let message = message(for: error), !message.isEmpty {
                // A usage error: one line, as every error of tstack's.
                let first = message.split(separator: "\n").first.map(String.init) ?? message
                Diagnostics.note("tstack: \(first) (see tstack --help)")
            }
            Glibc.exit(code.rawValue)
        }
    }
}
