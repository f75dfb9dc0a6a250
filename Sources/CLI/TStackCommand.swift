import Platform

/// `tstack`: a terminal viewer for long structured lists.
///
/// The command line is read by hand (``ParsedArguments``): two commands and a dozen options,
/// where a reflection-based parser spent half of a small document's start (DECISIONS.md).
@main
enum TStackCommand {
    static let abstract = "Browse structured lists in the terminal."
    static let discussion = """
        A stack document is JSON: sections of items (title, subtitle, ASCII art, body), \
        optionally laid out horizontally as cards (see README.md for the format). Any other \
        JSON, and JSON Lines, browse as a tree that folds, with the containers around the top \
        of the screen pinned and each node's path in jq syntax.
        """
    static let commands = [Browse.spec, Render.spec]
    /// The version `tstack --version` prints: the one place it is written.
    static let version = "0.1.0"

    /// Runs the command the words name (`browse` when none is named); help on standard output;
    /// a usage error as one inert line and status 64 (EX_USAGE).
    static func main() {
        var words = CommandLine.arguments.dropFirst()
        do throws(UsageError) {
            switch words.first {
            case "help":
                words.removeFirst()
                guard let name = words.first else { return printHelp(nil) }
                guard let spec = commands.first(where: { $0.name == name }), words.count == 1 else {
                    throw UsageError("Unknown subcommand '\(words.joined(separator: " "))'")
                }
                printHelp(spec)
            case Render.spec.name:
                words.removeFirst()
                guard case .run(let parsed) = try ParsedArguments.parse(words, for: Render.spec) else { return printHelp(Render.spec) }
                try Render(parsed).run()
            case "-h", "--help":
                printHelp(nil)
            case "manual":
                guard words.count == 1 else { throw UsageError("Unexpected argument '\(words.dropFirst().first ?? "")'") }
                Diagnostics.write(
                    lines: Manual.page(commands: commands, abstract: abstract, discussion: discussion, version: version),
                    to: STDOUT_FILENO)
            case "completions":
                guard words.count == 2, let shell = words.last,
                    let script = Completions.script(for: shell, commands: commands) else {
                    throw UsageError("usage: tstack completions \(Completions.shells.joined(separator: "|"))")
                }
                Diagnostics.write(lines: script, to: STDOUT_FILENO)
            case "--version", "version":
                guard words.count == 1 else { throw UsageError("Unexpected argument '\(words.dropFirst().first ?? "")'") }
                Diagnostics.write(lines: "tstack \(version)\n", to: STDOUT_FILENO)
            default:
                if words.first == Browse.spec.name { words.removeFirst() }
                guard case .run(let parsed) = try ParsedArguments.parse(words, for: Browse.spec) else { return printHelp(Browse.spec) }
                try Browse(parsed).run()
            }
        } catch {
            Diagnostics.fail("\(error.message) (see tstack --help)", status: Diagnostics.usage)
        }
    }

    /// Prints the help of `spec`, or of tstack itself.
    private static func printHelp(_ spec: CommandSpec?) {
        let text = spec.map(HelpText.of)
            ?? HelpText.root(abstract: abstract, discussion: discussion, commands: commands, defaultCommand: Browse.spec.name)
        Diagnostics.write(lines: text, to: STDOUT_FILENO)
    }
}
