import ArgumentParser

/// `tstack`: a terminal viewer for long structured lists.
@main
struct TStack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tstack",
        abstract: "Browse structured lists in the terminal.",
        discussion: """
            A stack document is JSON: sections of items (title, subtitle, ASCII art, body), \
            optionally laid out horizontally as cards (see README.md for the format). Any other \
            JSON, and JSON Lines, browse too: an item per array element, object key or line.
            """,
        subcommands: [Browse.self, Render.self],
        defaultSubcommand: Browse.self
    )
}
