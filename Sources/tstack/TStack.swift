import ArgumentParser

/// `tstack`: a terminal viewer for long structured lists.
@main
struct TStack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tstack",
        abstract: "Browse structured lists in the terminal.",
        discussion: """
            A stack document is JSON: sections of items (title, subtitle, ASCII art, body), \
            optionally laid out horizontally as cards. See README.md for the format.
            """,
        subcommands: [Browse.self, Render.self],
        defaultSubcommand: Browse.self
    )
}
