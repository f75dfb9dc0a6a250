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

    // Unconditional: `-0.5` is taken as the value (and refused) rather than as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Screens of rows resolved ahead of the scroll direction (0–100).", valueName: "screens"))
    var prefetch = ScreenCountArgument(1)

    @Option(parsing: .unconditional, help: ArgumentHelp("Screens of rows kept resolved behind the viewport (0–100).", valueName: "screens"))
    var retain = ScreenCountArgument(1)

    @Option(name: .customLong("lazy-threshold"), help: ArgumentHelp(
        "Read files of at least this many bytes lazily (tests use 0).", visibility: .hidden))
    var lazyThreshold = LazyDocument.minimumSize

    /// A document read whole, or one whose items are found by a scan that goes on while it shows.
    enum Loaded {
        case whole(StackDocument)
        case reading(LazyDocument)

        /// The document as read so far.
        var document: StackDocument {
            switch self {
            case .whole(let document): return document
            case .reading(let lazy): return lazy.document
            }
        }
    }

    /// Loads the document (a big stack document lazily: only its first items before this
    /// returns, unless `whole`), or prints its one-line error and exits with status 65
    /// (EX_DATAERR).
    func loadDocument(whole: Bool, follow: Bool = false) throws -> Loaded {
        do {
            // Standard input, a FIFO or a device streams into a temporary file, read the same
            // lazy way (and refused at its first byte that cannot be JSON). A followed file is
            // read the same way, whatever its size, as it grows.
            let spool = try InputSpool.open(path: file)
            let followed = follow && spool == nil ? try GrowingFile(path: file) : nil
            let lazy = if let followed {
                try LazyDocument.open(following: followed)
            } else if let spool {
                try LazyDocument.open(spool: spool)
            } else {
                try LazyDocument.open(path: file, minimumSize: lazyThreshold)
            }
            guard let lazy else {
                return .whole(try spool.map { try DocumentLoader.load(spool: $0) } ?? DocumentLoader.load(path: file))
            }
            guard whole else { return .reading(lazy) }
            lazy.wait { _ in false }
            if let failure = lazy.failure { throw failure }
            return .whole(lazy.document)
        } catch {
            Diagnostics.fail("\(error)", status: Diagnostics.dataError)
        }
    }

    /// The browser for `loaded` at `size`, logging to `log`, scrolled to `--scroll-to`; exits
    /// with status 64 (EX_USAGE) when that id is not in the document.
    func makeBrowser(
        for loaded: Loaded, size: TerminalSizeArgument, theme: Theme, log: LayoutLogFile?
    ) -> Browser {
        var browser: Browser
        switch loaded {
        case .whole(let document):
            browser = Browser(
                document: document, fileName: Diagnostics.baseName(of: file), size: size.size, theme: theme,
                prefetchScreens: prefetch.screens, retainScreens: retain.screens)
        case .reading(let lazy):
            // A --scroll-to target further on waits for the scan to get there.
            if let id = scrollTo { lazy.wait { $0.document.itemStore?.location(ofItemID: id) != nil } }
            browser = Browser(
                loading: lazy, fileName: Diagnostics.baseName(of: file), size: size.size, theme: theme,
                prefetchScreens: prefetch.screens, retainScreens: retain.screens)
        }
        if let log { browser.setLayoutLog { log.write($0) } }
        if let id = scrollTo, !browser.scroll(toID: id) {
            Diagnostics.fail("\(file): no row or item with id \"\(id)\" (--scroll-to)", status: Diagnostics.usage)
        }
        return browser
    }
}
