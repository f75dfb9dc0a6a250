import StackEngine
import Widgets
import TerminalUI

/// What a key press asks the viewer to do: one enum for every content (jless's `Action`).
public enum ViewerAction: Equatable, Sendable {
    /// Focus the next item or node (`j`, Tab) or the previous one (`k`, Shift-Tab).
    case nextItem, previousItem
    /// Scroll one line (Down, Ctrl-E; Up, Ctrl-Y), or `count` lines (the mouse wheel: three).
    case scrollLines(Int)
    /// Half a page (Ctrl-D, Ctrl-U); a page (Space, PgDn, Ctrl-F, `f`; `b`, PgUp, Ctrl-B).
    case halfPageDown, halfPageUp, pageDown, pageUp
    /// The top (`g`, Home) and the bottom (`G`, End).
    case top, bottom
    /// A stack document: the previous or next card of the focused strip (`h`/Left, `l`/Right).
    case previousCard, nextCard
    /// A tree: close the node or go to its parent (`h`/Left); open it or go to its first child
    /// (`l`/Right).
    case closeOrParent, openOrChild
    /// A tree: open or close the focused node (Enter, `za`); open it (`zo`); close it (`zc`).
    case toggleFold, openFold, closeFold
    /// A tree: close every container (`zM`); open every container as it shows (`zR`).
    case closeAll, openAll
    /// A tree: close (`c`) or open (`e`) the focused node and its siblings, as jless does.
    case closeSiblings, openSiblings
    /// A tree: the next (`]`, `J`) or previous (`[`, `K`) sibling.
    case nextSibling, previousSibling
    /// A tree: the focused node's parent, even when it is open (`H`, as jless).
    case parent
    /// A tree: from an open container to its last child, from a last child to its container
    /// (`%`: jless's matching bracket, for a focus that is on nodes, not brackets).
    case matchingBracket
    /// The focus scrolled to the middle (`zz`), the top (`zt`) or the bottom (`zb`) of the screen.
    case placeFocus(ScrollAlignment)
    /// A tree or a table: search forward (`*`) or backward (`#`) for the focused node's key.
    case searchKey(forward: Bool)
    /// A table: its rows by the selected column, smallest first (`[`) or largest first (`]`);
    /// the same key again: the file's order.
    case sortBySelectedColumn(descending: Bool)
    /// A table: the previous (`h`, Left) or next (`l`, Right) column; the first (`0`) or last (`$`).
    case previousColumn, nextColumn, firstColumn, lastColumn
    /// A tree: the focused array's records as a table (`T`); a table: back to the tree, at the
    /// selected cell (`T`, Enter); a frequency table: the records of the selected row.
    case toggleTable
    /// The frequency table of the selected column (`v`; a tree: the focused member's, over the
    /// records of its array).
    case frequencyOfColumn
    /// A summary of every column of the records (`I`).
    case describeColumns
    /// Open the `:` command line.
    case openPrompt
    /// Search forward (`/`) or backward (`?`); the next match (`n`) or the previous (`N`).
    case searchForward, searchBackward, nextMatch, previousMatch
    /// `&`: open the filter line.
    case filter
    /// `F`: keep to the end of an input that grows, as it arrives (until a key).
    case follow
    /// `R`: open the file again (it changed on disk), the focus on the same item or path.
    case reload
    /// Mark or unmark the focused item (`m`); focus the next marked one (`'`).
    case toggleMark, nextMark
    /// A stack document: more (`+`) or less (`-`) detail.
    case moreDetail, lessDetail
    /// Copy something of the focused item or node to the clipboard (`yy`, `yv`, `yp`, `yk`, `Y`).
    case copy(CopyTarget)
    /// The help box (F1).
    case help
    /// Quit (`q`).
    case quit
    /// Esc: stop what runs (a search, a filter, a jump, a lookup, following), saying so.
    case cancel
    /// In a box (help, marks): close it (Esc, `q`).
    case closeBox
    /// At the prompt: what the text field does with a key (`TextFieldKeys`): enter the line,
    /// cancel it, walk the history, complete a word, move the cursor, delete.
    case field(TextFieldAction)
}

/// What `y` copies.
public enum CopyTarget: Equatable, Sendable {
    /// The value pretty-printed (`yy`), on one line (`yv`), as the file writes it (`Y`; a stack
    /// document's item, rebuilt from its fields, as `yy`).
    case value, valueOnOneLine, valueAsWritten
    /// The path (`yp`, `yq`: a jq path; a stack document's item id), the path in brackets
    /// (`yb`: `["a"][0]`) and the key (`yk`: an object's key, an array's index; an item's id).
    case path, bracketedPath, key
    /// A string's value, without quotes or escapes (`ys`).
    case string
}

/// Where a binding holds: a kind of content, or a mode of the viewer.
public enum ViewerKeyContext: String, Hashable, Sendable, CaseIterable {
    /// A stack document (`Examples/origami.json`).
    case stack
    /// Any other JSON, and JSON Lines: a tree.
    case tree
    /// An array of records, or JSON Lines, as a table (`T` in a tree).
    case table
    /// A box over the rows (help, marks): moving keys scroll it, any other key closes it.
    case box
    /// The `:` `/` `?` `&` line: other keys are typed.
    case prompt

    /// The contents' contexts, for help.
    public static let contents: [ViewerKeyContext] = [.stack, .tree, .table]

    /// How help names it.
    public var name: String {
        switch self {
        case .stack: return "stack documents"
        case .tree: return "trees (JSON, JSON Lines)"
        case .table: return "tables (T)"
        case .box: return "a help or marks box"
        case .prompt: return "the prompt"
        }
    }
}

/// The viewer's key bindings: vim's, less's and jless's keys, the arrows and the paging keys.
/// ``table`` is the only place a key is bound; the F1 box, `tstack browse --help` and the
/// README's key tables (checked by a test) all come from it.
public enum ViewerKeys {
    /// Lines the mouse wheel scrolls per notch.
    public static let wheelLines = 3

    private typealias Entry = KeyTableEntry<ViewerAction, ViewerKeyContext>
    private typealias Binding = KeyBinding<ViewerAction>

    private static func bind(_ keys: [Key], _ action: ViewerAction) -> Binding { Binding(keys: keys, action) }
    private static func chord(_ text: String, _ action: ViewerAction) -> Binding { Binding([KeyChord(text)], action) }

    private static let contents: Set<ViewerKeyContext> = [.stack, .tree, .table]
    private static let moving: Set<ViewerKeyContext> = [.stack, .tree, .table, .box]

    /// The largest count before a move (`5j`): more digits keep it.
    static let largestCount = 10_000

    /// Whether a count before `action` repeats it: the moves.
    static func takesCount(_ action: ViewerAction) -> Bool {
        switch action {
        case .nextItem, .previousItem, .scrollLines, .halfPageDown, .halfPageUp, .pageDown, .pageUp, .previousCard,
            .nextCard, .closeOrParent, .openOrChild, .nextSibling, .previousSibling, .parent, .previousColumn, .nextColumn:
            true
        default:
            false
        }
    }

    /// Every binding with its help, in the order help lists them: the moves, the tree's folds and
    /// the table's columns are the library's keys (`ListKeys`, `TreeKeys`, `TableKeys`),
    /// with the viewer's words.
    public static let table = KeyTable<ViewerAction, ViewerKeyContext>(
        zip(ListKeys.table.entries, movingHelp).map { entry, help in entry.mapped(help: help, in: moving, action(for:)) }
        + [
            Entry([bind([.character("h"), .left], .previousCard), bind([.character("l"), .right], .nextCard)],
                  "previous / next card of a strip", in: [.stack]),
            TreeKeys.folds.entries[0].mapped(in: [.tree], action(for:)),
            TableKeys.columns.entries[0].mapped(in: [.table], action(for:)),
            TableKeys.columns.entries[1].mapped(in: [.table], action(for:)),
        ] + ownEntries)

    /// The viewer's words for the list's moves, entry by entry.
    private static let movingHelp = [
        "next / previous item (a tree: node)", "scroll a line down / up", "half a page down / up", "a page down",
        "a page up", "the top / the bottom",
    ]

    /// The action of a list's move.
    private static func action(for move: ListAction) -> ViewerAction {
        switch move {
        case .selectNext: return .nextItem
        case .selectPrevious: return .previousItem
        case .lineDown: return .scrollLines(1)
        case .lineUp: return .scrollLines(-1)
        case .halfPageDown: return .halfPageDown
        case .halfPageUp: return .halfPageUp
        case .pageDown: return .pageDown
        case .pageUp: return .pageUp
        case .selectFirst: return .top
        case .selectLast: return .bottom
        }
    }

    /// The list's move `action` is, if it is one (the wheel's lines are not: a move is a line):
    /// how the tree and the table hand a key's move to their widget.
    static func listMove(for action: ViewerAction) -> ListAction? {
        ListAction.allCases.first { Self.action(for: $0) == action }
    }

    /// The table's move `action` is, if it is one: a row's (``listMove(for:)``) or a column's.
    static func tableMove(for action: ViewerAction) -> TableAction? {
        if let move = listMove(for: action) { return .rows(move) }
        let columns: [TableAction] = [.previousColumn, .nextColumn, .firstColumn, .lastColumn]
        return columns.first { Self.action(for: $0) == action }
    }

    /// The action of a tree's key.
    private static func action(for tree: TreeAction) -> ViewerAction {
        switch tree {
        case .list(let move): return action(for: move)
        case .openOrChild: return .openOrChild
        case .closeOrParent: return .closeOrParent
        case .toggle: return .toggleFold
        case .open: return .openFold
        case .close: return .closeFold
        case .closeAll: return .closeAll
        case .nextSibling: return .nextSibling
        case .previousSibling: return .previousSibling
        }
    }

    /// The action of a table's key.
    private static func action(for table: TableAction) -> ViewerAction {
        switch table {
        case .rows(let move): return action(for: move)
        case .previousColumn: return .previousColumn
        case .nextColumn: return .nextColumn
        case .firstColumn: return .firstColumn
        case .lastColumn: return .lastColumn
        case .sortBySelectedColumn(let descending): return .sortBySelectedColumn(descending: descending)
        }
    }

    /// The bindings that are the viewer's own, after the moves and the strip's, the tree's and
    /// the table's first keys.
    private static let ownEntries: [Entry] = [
        Entry([bind([.character("T")], .toggleTable)], "the focused array's records as a table / back to the tree",
              in: [.tree, .table]),
        Entry([bind([.enter], .toggleTable)], "the record in the tree, at this cell (a frequency table: the records of the row)",
              in: [.table]),
        Entry([bind([.character("v")], .frequencyOfColumn)], "the frequency table of the selected column (a tree: of the focused member)",
              in: [.tree, .table]),
        Entry([bind([.character("I")], .describeColumns)], "a summary of every column: kinds, distinct, range, percentiles",
              in: [.tree, .table]),
        TreeKeys.folds.entries[1].mapped(in: [.tree], action(for:)),
        Entry(TreeKeys.folds.entries[2].mapped(in: [ViewerKeyContext.tree], action(for:)).bindings + [chord("zR", .openAll)],
              "close every container / open all as they show", in: [.tree]),
        Entry([bind([.character("c")], .closeSiblings), bind([.character("e")], .openSiblings)],
              "close / open the node and its siblings", in: [.tree]),
        TreeKeys.folds.entries[3].mapped(in: [.tree], action(for:)),
        Entry([bind([.character("J")], .nextSibling), bind([.character("K")], .previousSibling)],
              "next / previous sibling (as jless)", in: [.tree]),
        Entry([bind([.character("H")], .parent)], "the parent, even when open", in: [.tree]),
        Entry([bind([.character("%")], .matchingBracket)], "an open container's last child / a last child's container",
              in: [.tree]),
        Entry([chord("zz", .placeFocus(.center)), chord("zt", .placeFocus(.top)), chord("zb", .placeFocus(.bottom))],
              "the focus to the middle / top / bottom of the screen", in: contents),
        Entry([bind([.character("/")], .searchForward), bind([.character("?")], .searchBackward)],
              "search forward / backward", in: contents),
        Entry([bind([.character("n")], .nextMatch), bind([.character("N")], .previousMatch)],
              "next / previous match (a key stops a long one)", in: contents),
        Entry([bind([.character("*")], .searchKey(forward: true)), bind([.character("#")], .searchKey(forward: false))],
              "search forward / backward for the focused key", in: [.tree, .table]),
        TableKeys.sorting.entries[0].mapped(
            help: "sort by the selected column: smallest / largest first (again: the file's order)", in: [.table], action(for:)),
        Entry([bind([.character("&")], .filter)], "show only what matches (empty: all; Esc stops)", in: contents),
        Entry([bind([.character("F")], .follow)], "follow the end of a growing input (a key stops)", in: contents),
        Entry([bind([.character("R")], .reload)], "open the file again (changed on disk), at the same place", in: contents),
        Entry([bind([.character("m")], .toggleMark), bind([.character("'")], .nextMark)],
              "mark or unmark / the next marked", in: contents),
        Entry([bind([.character("+"), .character("=")], .moreDetail), bind([.character("-")], .lessDetail)],
              "more / less detail (1–3)", in: [.stack]),
        Entry([chord("yy", .copy(.value)), chord("yv", .copy(.valueOnOneLine)), bind([.character("Y")], .copy(.valueAsWritten))],
              "copy the value: pretty / on one line / as written", in: contents),
        Entry([chord("yp", .copy(.path)), chord("yk", .copy(.key))], "copy the path (an id) / the key", in: contents),
        Entry([chord("ys", .copy(.string)), chord("yb", .copy(.bracketedPath)), chord("yq", .copy(.path))],
              "copy a string unquoted / the path in brackets / in jq's form", in: [.tree, .table]),
        Entry([bind([.function(1)], .help)], "this help", in: contents),
        Entry([bind([.character(":")], .openPrompt)], "a command (below)", in: contents),
        Entry([bind([.character("q")], .quit)], "quit (in a summary: close it)", in: contents),
        Entry([bind([.escape], .cancel)], "stop a search, a filter, a jump, following (nothing to stop: as q in a summary)",
              in: contents),
        Entry([bind([.escape, .character("q"), .function(1)], .closeBox)], "close the box (any other key too)", in: [.box]),
    ] + TextFieldKeys.table.entries.map { entry in
        // (The viewer's words for what Tab completes.)
        let help = entry.bindings.contains { $0.action == .complete } ? "complete a command, an id or a path" : entry.help
        return entry.mapped(help: help, in: [.prompt]) { ViewerAction.field($0) }
    }

    /// The action `event` asks for in `context`, for a one-key chord, the mouse included.
    public static func action(for event: InputEvent, in context: ViewerKeyContext) -> ViewerAction? {
        switch event {
        case .key(let key): return table.action(for: KeyChord(key), in: context)
        case .mouse(.wheel(let notches)): return .scrollLines(notches * wheelLines)
        case .mouse, .paste, .resize, .signal, .tick: return nil
        }
    }

    /// The help box's lines for a content: its keys, the mouse, the commands and `extra` (a
    /// document's shortcuts), then the box's keys and the prompt's.
    static func helpLines(for context: ViewerKeyContext, extra: [String] = []) -> [String] {
        table.helpLines(in: context)
            + ["mouse: the wheel scrolls, a click focuses, a click on the scrollbar jumps"]
            + ViewerCommand.help(for: context) + extra
            + ["", "In this box: the moving keys above scroll it;"] + table.helpLines(in: .box, skippingThoseOf: context)
            + ["", "At the prompt:"] + table.helpLines(in: .prompt)
    }

    /// The `:` commands of a content, a line each, as the help box lists them (for the manual).
    public static func commandLines(for context: ViewerKeyContext) -> [String] {
        ViewerCommand.help(for: context)
    }

    /// One paragraph for `tstack browse --help`: every entry of the contents, with where it holds
    /// when that is not everywhere.
    public static var summary: String {
        let shown = table.entries.filter { !$0.contexts.isDisjoint(with: contents) }
        return shown.map { entry in
            let only = ViewerKeyContext.contents.filter { entry.contexts.contains($0) }
            let scope = only.count == ViewerKeyContext.contents.count ? "" : " (\(only.map(\.name).joined(separator: ", ")))"
            return "\(entry.keysForSummary): \(entry.help)\(scope)"
        }.joined(separator: "; ") + "."
    }
}
