import StackEngine
import TerminalUI

/// What the ``Viewer`` shows: a stack document (``DocumentContent``), a tree of any JSON or
/// JSON Lines (``TreeContent``), or the records of one of its arrays as a table
/// (``TableContent``). The viewer owns what is the same for every document — the
/// keys, the prompt and its history, the help and marks boxes, the status line's message, the
/// clipboard, the run loop's side — and a content the rest: its rows and the focus, the moves
/// and verbs its shape has, what a search or a filter scans, its marks, and the background work
/// reading it takes.
protocol ViewerContent {
    /// Where the content's keys are bound in ``ViewerKeys/table``.
    var keyContext: ViewerKeyContext { get }
    /// The title of the help box.
    var helpTitle: String { get }
    /// Lines the help box adds after the keys (a stack document's shortcuts).
    var extraHelpLines: [String] { get }

    /// The focused item's id, or node's path.
    var focusedID: String? { get }
    /// Background work runs a step a tick (on a terminal); when false (`render`), it ends before
    /// the key's frame.
    var runsWorkInSteps: Bool { get set }
    /// A jump of more than a screen shows frames on the way (a stack document's; a tree jumps).
    var animatesJumps: Bool { get set }

    /// A key was pressed: what the work in progress said goes.
    mutating func keyPressed()
    /// The background work running now.
    var runningJobs: Set<ViewerJob> { get }
    /// Stops `jobs` (a key did, as `JobPolicy` says).
    /// - Returns: what to say when it is not what `JobPolicy` says of the jobs stopped.
    @discardableResult
    mutating func stop(_ jobs: Set<ViewerJob>) -> String?
    /// A tick at `now` for `job`, running: its next step (a take-in, a search's window, a
    /// frame on a jump's way). A step in slices ends early when `inputIsWaiting()`.
    /// - Returns: whether the screen changed.
    mutating func step(
        _ job: ViewerJob, now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant, inputIsWaiting: () -> Bool
    ) -> Bool
    /// How soon, from `now`, `job` wants its next tick, in milliseconds (nil: not by time).
    func tickInterval(for job: ViewerJob, now: ContinuousClock.Instant) -> Int?
    /// Carries out an action of the content's context.
    /// - Returns: what to say on the status line, if anything.
    mutating func perform(_ action: ViewerAction) -> String?
    /// A key bound to nothing: a stack document's shortcut keys.
    /// - Returns: whether the content used it.
    mutating func handleUnbound(_ key: Key) -> Bool
    /// Focuses the item with the id `target` (a stack document) or the node at the path
    /// `target` (a tree), for `--scroll-to`.
    /// - Returns: false, changing nothing, when there is none.
    mutating func reveal(_ target: String, alignment: ScrollAlignment) -> Bool
    /// After `R`: focuses the item with the id `id` again (a stack document), or the node at the
    /// path `id` — the nearest node still there when the file no longer has it.
    /// - Returns: what to say.
    mutating func refocus(on id: String) -> String?
    /// A click at a cell of the screen.
    mutating func click(x: Int, y: Int)
    /// Runs a `:` command the viewer leaves to the content (`goto`, `top`, `bottom`, `detail`).
    mutating func run(_ command: ViewerCommand) -> String?
    /// Starts a search (`/`, `?`; an empty pattern repeats the last one).
    mutating func startSearch(_ pattern: String, forward: Bool) -> String?
    /// Starts a filter (`&`; empty: show all again).
    mutating func startFilter(_ pattern: String) -> String?
    /// Runs background work started by a key to its end, or until it waits for the input (for
    /// `render`, which never interleaves keys).
    mutating func runToEnd()
    /// q, or Esc with nothing to stop, in a view opened over the content (a frequency table,
    /// a column summary, the records of a row of one): closes it.
    /// - Returns: whether there was one (else q quits).
    mutating func closeView() -> Bool
    /// The content that takes over from this one, once: `T` hands a tree's records to a table,
    /// and a table the focus back to the tree. Nil: this one stays.
    mutating func takeHandover() -> (any ViewerContent)?
    /// Completes the target of `goto` (an id, a path): the candidates starting with `prefix`.
    func completions(of prefix: String, limit: Int) -> [String]
    /// The marks box: its title and lines.
    var markListing: (title: String, lines: [String]) { get }
    /// What `y` copies: the text and what to say, or why there is nothing.
    func copy(_ target: CopyTarget) -> Result<(text: String, said: String), CopyRefusal>
    /// Starts writing what it shows to `sink`, as a whole-file job (``ExportJob``): the whole
    /// document, not the screen (a stack document's rows as text, a tree as JSON, a table's
    /// records as CSV).
    mutating func export(to sink: ExportSink)

    /// A message from the work in progress (a search's progress or answer, a filter's, the end of
    /// loading), shown when the last key had nothing to say.
    var workNotice: String? { get }
    /// A message that stays (why the input stopped early), shown when nothing else is said.
    var standingNote: String? { get }
    /// Whether messages are left off the status line (a jump's frames on the way).
    var hidesMessages: Bool { get }

    /// Draws the rows into `area` of `buffer` (everything above the status line).
    /// - Returns: the status line for the frame, its message left for the viewer.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, promptIsOpen: Bool) -> StatusLine
    /// The screen changed size (the status line's less).
    mutating func resize(to size: TerminalSize)
    /// Draws with `theme` from now on.
    mutating func useTheme(_ theme: Theme)
    /// Sends one line per layout decision to `log` (`--log FILE`).
    mutating func setLayoutLog(_ log: ((String) -> Void)?)
    /// Resolves rows ahead in the direction of travel (no key is pending).
    mutating func prefetch()
    /// Measures rows nobody has looked at while `goesOn()` says so, for a content size that
    /// converges and then is exact; returns whether rows remain. (A table's rows are a line
    /// each: it has none to measure.)
    mutating func measureWhileIdle(while goesOn: () -> Bool) -> Bool
    /// Whether rows remain for ``measureWhileIdle(while:)``.
    /// - Complexity: O(1).
    var hasRowsToMeasure: Bool { get }

    /// A descriptor to wake on while the input is read and nothing else is due.
    func wakeDescriptor(now: ContinuousClock.Instant) -> Int32?

    /// The engine's rows and counters, for ``Viewer/statistics``.
    var rowCount: Int { get }
    var counters: StackCounters { get }
}

extension ViewerContent {
    mutating func takeHandover() -> (any ViewerContent)? { nil }
    mutating func closeView() -> Bool { false }
}

/// Why `y` copied nothing.
struct CopyRefusal: Error, Equatable {
    var message: String
}
