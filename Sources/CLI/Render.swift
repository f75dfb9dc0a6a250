import DocumentViewer
import TerminalUI

/// `tstack render FILE --size COLSxROWS --keys KEYS`: the viewer run headless on the in-memory
/// terminal, printing what a user would see. This is how tests and scripts look at the screen.
struct Render {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Run the viewer headless and print the screen as text.",
        discussion: {
            """
            KEYS uses vim-like notation: <Down> <Up> <Left> <Right> <PgDn> <PgUp> <Home> <End> \
            <Enter> <Esc> <Tab> <Space> <BS> <F1>…<F12>, <C-x> for Ctrl-x, <Resize 100x30>, \
            <ScrollUp> <ScrollDown> <Click X,Y> for the mouse, <lt> for '<', and any other \
            character typed as itself.
            """
        },
        argument: DocumentOptions.argument,
        options: DocumentOptions.options + [
            OptionSpec(
                name: "size", kind: .value(name: "COLSxROWS", takesDashes: true),
                help: "The screen size, at most 1000x1000.", defaultValue: "80x24"),
            OptionSpec(name: "keys", kind: .value(name: "keys"), help: "Keys to press, in vim-like notation."),
            OptionSpec(
                name: "frames", kind: .flag,
                help: "Print every frame drawn (the first, then one per key), each followed by a form feed line."),
            OptionSpec(
                name: "stats", kind: .flag, help: "At exit, print the engine's counters as one JSON line on standard error."),
        ],
        readsPipedInput: true, takesSeveralArguments: true)

    var document: DocumentOptions
    var size: TerminalSizeArgument
    var keys: String
    var frames: Bool
    var stats: Bool

    /// The command `parsed` asks for.
    /// - Throws: ``UsageError`` for a value an option cannot take.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        document = try DocumentOptions(parsed)
        size = try parsed.value("size", TerminalSizeArgument.init(argument:))
        keys = parsed.string("keys") ?? ""
        frames = parsed.has("frames")
        stats = parsed.has("stats")
    }

    func run() {
        // (Read whole: the screens show what the scan found; the whole grammar is checked by
        // `browse`, said on its status line, and by its export, not here: DECISIONS.md.)
        let loaded = document.loadDocument(whole: true)
        let log = LayoutLogFile.open(option: document.log)
        let events: [InputEvent]
        do {
            events = try KeyNotation.parse(keys)
        } catch {
            Diagnostics.fail("--keys: \(error)", status: Diagnostics.usage)
        }
        // Only the last frame is kept; with --frames each is printed as it is drawn.
        let terminal = MemoryTerminal(size: size.size, input: events, keepsEveryFrame: false)
        let output = StandardOutput()
        if frames {
            terminal.onPresent = { frame in
                frame.textLines().forEach(output.line)
                output.line("\u{0C}")
            }
        }
        var viewer = document.makeViewer(for: loaded, size: size, theme: .color, log: log)
        _ = viewer.run(screen: terminal, input: terminal)
        if !frames, let last = terminal.screen { last.textLines().forEach(output.line) }
        output.flush()
        log?.close()
        if stats { Diagnostics.note(viewer.statistics.json) }
        // Input not read whole, or malformed where a screen showed it: not a document that
        // rendered well.
        if let failure = viewer.inputFailure { Diagnostics.fail(failure, status: Diagnostics.ioError) }
        if let malformation = viewer.malformation { Diagnostics.fail(malformation, status: Diagnostics.dataError) }
    }
}
