import Platform
import DocumentViewer
import DocumentData
import TerminalUI

/// `tstack browse FILE`: the interactive viewer.
struct Browse {
    static let spec = CommandSpec(
        name: "browse",
        abstract: "Open a stack document and scroll it with the keyboard and mouse wheel.",
        discussion: {
            "Keys: " + ViewerKeys.summary + " When standard output is not a terminal (or one that cannot move its cursor: TERM=dumb) the document is printed as plain text."
        },
        argument: DocumentOptions.argument,
        options: DocumentOptions.options + [
            OptionSpec(
                name: "no-animation", kind: .flag,
                help: "Jump straight to goto, shortcut, g and G targets instead of scrolling there (also TSTACK_ANIMATIONS=none)."),
            OptionSpec(
                name: "follow", kind: .flag,
                help: "Keep to the end of FILE as it grows, as less +F: new items (a tree's records) show as they are written; a key stops following and F follows again; a file truncated or replaced (log rotation) is read again from its start."),
            OptionSpec(
                name: "csv-formulas", kind: .flag,
                help: "With --view table to a pipe (CSV): write string fields that begin with = + - @, a tab or a carriage return as they are; by default they are written behind a ' so that a spreadsheet does not run them as formulas."),
        ],
        readsPipedInput: true, takesSeveralArguments: true)

    var document: DocumentOptions
    var noAnimation: Bool
    var follow: Bool
    var keepsFormulas: Bool

    /// The command `parsed` asks for.
    /// - Throws: ``UsageError`` for a value an option cannot take.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        document = try DocumentOptions(parsed)
        noAnimation = parsed.has("no-animation")
        follow = parsed.has("follow")
        keepsFormulas = parsed.has("csv-formulas")
    }

    /// Whether jumps animate: not with `--no-animation` nor `TSTACK_ANIMATIONS=none`.
    private var animates: Bool {
        !noAnimation && getenv("TSTACK_ANIMATIONS").map { String(cString: $0) } != "none"
    }

    func run() {
        // Big arrays (the item offsets, the rows) grow while a big document is read: keep them
        // in their own mappings, so the space of the smaller ones they outgrew goes back to the
        // system instead of staying in the heap (glibc would raise this threshold as they are freed).
        _ = mallopt(-3 /* M_MMAP_THRESHOLD */, 256 << 10)
        // (A dumb terminal, one that cannot move the cursor, gets the text as a pipe does.)
        let interactive = isatty(STDOUT_FILENO) == 1 && NcursesTerminal.canShowAScreen
        let loaded = document.loadDocument(whole: !interactive, follow: follow && interactive)
        let log = LayoutLogFile.open(option: document.log)
        guard interactive else {
            let width = getenv("COLUMNS").flatMap { Int(String(cString: $0)) } ?? 80
            Self.export(document.makeViewer(
                for: loaded, size: TerminalSizeArgument(TerminalSize(width: width, height: 24)), theme: .monochrome,
                log: log), asTable: document.showsAsTable(loaded), keepingFormulas: keepsFormulas)
            log?.close()
            return
        }
        // Everything that can fail (a bad --scroll-to) fails before the screen is opened; the
        // browser takes the terminal's real size when the session starts.
        let colors = getenv("NO_COLOR") == nil
        var viewer = document.makeViewer(
            for: loaded, size: TerminalSizeArgument(TerminalSize(width: 80, height: 24)),
            theme: colors ? .color : .monochrome, log: log, watching: !follow)
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(color: colors)
        } catch {
            // (Typed throws: the error is a TerminalError.)
            var hint = ""
            if case .noTerminal = error { hint = "; tstack browse needs a terminal: try `tstack render FILE --size 80x24`" }
            Diagnostics.fail("cannot open the terminal: \(error)\(hint)", status: Diagnostics.failure)
        }
        defer { terminal.close() }
        if !terminal.usesColor { viewer.useTheme(.monochrome) }
        // On a terminal a search or a filter runs a step a tick: a key is never kept waiting.
        viewer.searchesInSteps = true
        viewer.animatesJumps = animates
        if follow { viewer.follow() }
        // (From here this thread answers keys: a debug build stops it waiting on another thread.)
        ChangeSignal.answerKeysOnThisThread()
        let outcome = viewer.run(screen: terminal, input: terminal)
        terminal.close()
        log?.close()
        if case .signal(let number) = outcome { exit(128 + number) }
    }
}

extension Browse {
    /// Writes the whole document as `viewer` shows it to standard output (`browse FILE | …`, as
    /// `less` prints a file to a pipe), or exits with why it cannot: the input failed or is not
    /// JSON (nothing is written), or `--view table` found no records. Items or records that
    /// could not be written as the input has them are written as rows saying why, and the exit
    /// status then says the export is not the document.
    private static func export(_ viewer: consuming Viewer, asTable: Bool, keepingFormulas: Bool) {
        var viewer = viewer
        let output = StandardOutput()
        let sink = ExportSink(wantsRecords: asTable, keepsFormulas: keepingFormulas, emit: output.line)
        viewer.export(to: sink)
        output.flush()
        switch sink.failure {
        case .input(let error)?: Diagnostics.fail("\(error)", status: exitStatus(for: error))
        case .noRecords?: Diagnostics.fail(sink.message ?? "", status: Diagnostics.dataError)
        case nil: if let message = sink.message { Diagnostics.fail(message, status: Diagnostics.dataError) }
        }
    }

    /// The exit status for an export that failed: 65 (EX_DATAERR) for input that is not JSON,
    /// 74 (EX_IOERR) for input that could not be read whole.
    static func exitStatus(for error: DocumentError) -> Int32 {
        if case .malformed = error { return Diagnostics.dataError }
        return Diagnostics.ioError
    }
}

/// glibc's `mallopt` (malloc.h, which the Glibc module leaves out).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
