import ArgumentParser
import StackBrowser
import StackDocument

/// The options `browse` and `render` share: the document and where to start.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The stack document (.json) to open, or - for standard input.")
    var file: String

    @Option(name: .customLong("scroll-to"), help: ArgumentHelp(
        "Start scrolled to the row or card with this id, focused.", valueName: "id"))
    var scrollTo: String?

    @Option(help: ArgumentHelp(
        "Write one line per layout decision to this file (also TSTACK_LOG=FILE).", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Screens of rows resolved ahead of the scroll direction.", valueName: "screens"))
    var prefetch: Double = 1

    @Option(help: ArgumentHelp("Screens of rows kept resolved behind the viewport.", valueName: "screens"))
    var retain: Double = 1

    /// Loads the document, or prints its one-line error and exits with status 65 (EX_DATAERR).
    func loadDocument() throws -> StackDocument {
        do {
            return try DocumentLoader.load(path: file)
        } catch {
            Diagnostics.fail("\(error)", status: Diagnostics.dataError)
        }
    }

    /// The browser for `document` at `size`, logging to `log`, scrolled to `--scroll-to`; exits
    /// with status 64 (EX_USAGE) when that id is not in the document.
    func makeBrowser(
        for document: StackDocument, size: TerminalSizeArgument, theme: Theme, log: LayoutLogFile?
    ) -> Browser {
        var browser = Browser(
            document: document, fileName: Diagnostics.baseName(of: file), size: size.size, theme: theme,
            prefetchScreens: prefetch, retainScreens: retain)
        if let log { browser.setLayoutLog { log.write($0) } }
        if let id = scrollTo, !browser.scroll(toID: id) {
            Diagnostics.fail("\(file): no row or item with id \"\(id)\" (--scroll-to)", status: Diagnostics.usage)
        }
        return browser
    }
}
