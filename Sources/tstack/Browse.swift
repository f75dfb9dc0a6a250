import ArgumentParser
import Glibc
import StackBrowser
import TerminalUI

/// `tstack browse FILE`: the interactive viewer.
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a stack document and scroll it with the keyboard and mouse wheel.",
        discussion: """
            Keys: j/k or Down/Up focus the next/previous item; Ctrl-E/Ctrl-Y scroll a line; \
            Ctrl-D/Ctrl-U half a page; Space/PgDn/Ctrl-F and b/PgUp/Ctrl-B a page; g/Home and \
            G/End the top and the bottom; h/l or Left/Right move through a strip of cards; q quits. \
            When standard output is not a terminal the document is printed as plain text.
            """
    )

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Jump straight to goto, shortcut, g and G targets instead of scrolling there.")
    var noAnimation = false

    func run() throws {
        let loaded = try document.loadDocument()
        let log = LayoutLogFile.open(option: document.log)
        guard isatty(STDOUT_FILENO) == 1 else {
            let width = getenv("COLUMNS").flatMap { Int(String(cString: $0)) } ?? 80
            PlainTextExport.write(loaded, width: width) { print($0) }
            return
        }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(color: getenv("NO_COLOR") == nil)
        } catch {
            Diagnostics.fail("cannot open the terminal: \(error)", status: Diagnostics.failure)
        }
        let size = TerminalSizeArgument(terminal.size)
        var browser = document.makeBrowser(
            for: loaded, size: size, theme: terminal.usesColor ? .color : .monochrome, log: log)
        let outcome = BrowserSession.run(
            &browser, screen: terminal, input: terminal, interactive: true, animates: !noAnimation)
        terminal.close()
        if case .signal(let number) = outcome { throw ExitCode(128 + number) }
    }
}
