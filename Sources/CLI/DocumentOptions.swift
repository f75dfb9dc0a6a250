import DocumentViewer
import DocumentData
import TerminalUI

/// The options `browse` and `render` share: the document and where to start.
struct DocumentOptions {
    /// The document, or `-` for standard input (the first, when several files are merged).
    var file: String
    /// Every file given: several are merged into one view.
    var files: [String]
    /// `--format`: what the input is, when it is not to be told from its bytes.
    var format: InputFormat?
    /// Whether `--view` was given (else a CSV file opens as a table).
    var viewIsNamed: Bool
    var scrollTo: String?
    var log: String?
    var prefetch: ScreenCountArgument
    var retain: ScreenCountArgument
    var lazyThreshold: Int
    /// `--view table`: the records as a table.
    var asTable: Bool

    /// What both commands accept.
    static let argument = (
        name: "file",
        help: "The file to open — JSON, JSON Lines, a stack document, CSV or TSV, YAML, logfmt or text, compressed with gzip, zstd, xz or bzip2 or not (told by its bytes) — or - for standard input (the default when it is a pipe). Several files open as one view, their records merged in time order, each record naming its file in a _file member.")
    static let options = [
        OptionSpec(
            name: "scroll-to", kind: .value(name: "id"), help: "Start scrolled to the row or card with this id, focused."),
        OptionSpec(
            name: "log", kind: .value(name: "file"),
            help: "Write one line per layout decision to this file (also TSTACK_LOG=FILE)."),
        // Takes dashes: `-0.5` is taken as the value (and refused) rather than as an option.
        OptionSpec(
            name: "prefetch", kind: .value(name: "screens", takesDashes: true),
            help: "Screens of rows resolved ahead of the scroll direction (0–100).", defaultValue: "1"),
        OptionSpec(
            name: "retain", kind: .value(name: "screens", takesDashes: true),
            help: "Screens of rows kept resolved behind the viewport (0–100).", defaultValue: "1"),
        OptionSpec(
            name: "view", kind: .value(name: "tree|table"),
            help: "How JSON that is no stack document shows: as a tree, or its records as a table (an array of objects, a JSON Lines file's lines, or a root's first array of objects: a GeoJSON's features). browse not on a terminal writes a table as CSV (RFC 4180, the header row first).",
            defaultValue: "tree"),
        OptionSpec(
            name: "format", kind: .value(name: "json|csv|tsv|yaml|logfmt|text"),
            help: "Read the input as json, csv, tsv, yaml, logfmt or text instead of telling its format from its first bytes."),
        OptionSpec(
            name: "lazy-threshold", kind: .value(name: "bytes"),
            help: "Show files of at least this many bytes before they are read to their end (tests use 0).",
            defaultValue: "\(LazyDocument.minimumSize)", isHidden: true),
    ]

    /// The options in `parsed`.
    /// - Throws: ``UsageError`` for a value an option cannot take.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        file = parsed.argument
        files = parsed.arguments
        format = try parsed.string("format").map { name throws(UsageError) in
            guard let format = InputFormat(name: name) else {
                throw UsageError("The value '\(name)' is invalid for '--format <json|csv|tsv|yaml|logfmt|text>'")
            }
            return format
        }
        viewIsNamed = parsed.string("view") != nil
        scrollTo = parsed.string("scroll-to")
        log = parsed.string("log")
        prefetch = try parsed.value("prefetch", ScreenCountArgument.init(argument:))
        retain = try parsed.value("retain", ScreenCountArgument.init(argument:))
        lazyThreshold = try parsed.value("lazy-threshold") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        asTable = try parsed.value("view") { ["tree": false, "table": true][$0] }
    }

    /// Exits: `--view table` shows records of JSON, and `file` is a stack document.
    private static func refuseTable(of file: String) -> Never {
        Diagnostics.fail("--view table shows the records of JSON; \(file) is a stack document", status: Diagnostics.usage)
    }

    /// Opens the document (a stack document lazily: a big one's first items before this returns;
    /// a small one's skeleton whole, or, with `whole`, all of it), or prints its one-line error
    /// and exits with status 65 (EX_DATAERR).
    func loadDocument(whole: Bool, follow: Bool = false) -> OpenedDocument {
        do {
            if files.count > 1 { return try OpenedDocument.open(merging: files, format: format, whole: whole) }
            return try OpenedDocument.open(
                path: file, format: format, whole: whole, follow: follow, lazyThreshold: lazyThreshold)
        } catch {
            Diagnostics.fail("\(error)", status: Diagnostics.dataError)
        }
    }

    /// Whether `opened` shows as a table: with `--view table`, or when it is CSV or TSV and
    /// `--view` was not given.
    func showsAsTable(_ opened: OpenedDocument) -> Bool {
        guard !viewIsNamed, case .tree(let tree) = opened else { return asTable }
        return tree.inputFormat.isTabular
    }

    /// The viewer for `opened` at `size`, logging to `log`, scrolled to `--scroll-to`; exits
    /// with status 64 (EX_USAGE) when that id (or path, in a tree) is not in the document. With
    /// `watching`, a file (not standard input) is watched for changes on disk and `R` opens it
    /// again as it was opened.
    func makeViewer(
        for opened: OpenedDocument, size: TerminalSizeArgument, theme: Theme, log: LayoutLogFile?,
        watching: Bool = false
    ) -> Viewer {
        let reopening = watching && file != "-" && files.count == 1
            ? DocumentReopening(path: file) { [file, lazyThreshold] in
                try OpenedDocument.open(path: file, format: format, lazyThreshold: lazyThreshold)
            } : nil
        do {
            return try Viewer(
                opening: opened, fileName: Diagnostics.baseName(of: file), size: size.size, theme: theme,
                layout: showsAsTable(opened) ? .table : .tree, scrolledTo: scrollTo, prefetchScreens: prefetch.screens,
                retainScreens: retain.screens, layoutLog: log.map { log in { log.write($0) } }, reopening: reopening)
        } catch ViewerOpeningError.tableOfStackDocument {
            Self.refuseTable(of: file)
        } catch ViewerOpeningError.noTarget(let reason) {
            Diagnostics.fail("\(file): \(reason) (--scroll-to)", status: Diagnostics.usage)
        } catch {
            Diagnostics.fail("\(error)", status: Diagnostics.dataError)
        }
    }
}
