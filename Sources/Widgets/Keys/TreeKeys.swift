import TerminalUI

/// What a key asks of a ``LazyTree``: the list's moves, and the folds a tree has.
public enum TreeAction: Hashable, Sendable {
    /// A move of the list (``ListKeys``).
    case list(ListAction)
    /// Open the focused container, or focus its first child when it is open.
    case openOrChild
    /// Close the focused container, or focus its parent when it is closed or a leaf.
    case closeOrParent
    /// Open or close / open / close the focused container.
    case toggle, open, close
    /// Close every container but the root.
    case closeAll
    /// Focus the next or the previous sibling.
    case nextSibling, previousSibling
}

/// The tree widget's default keys: the list's (``ListKeys``), and jless's and vim's for folds —
/// the keys the tstack viewer's tree is built from. A program reads them with a ``KeyReader``
/// (two-key chords: `zo`) and hands the action to ``LazyTree/perform(_:)-(TreeAction)``.
public enum TreeKeys {
    /// The bindings, with their help.
    public static let table = KeyTable<TreeAction, ListKeyContext>(
        ListKeys.table.entries.map { $0.mapped(in: [.list]) { TreeAction.list($0) } } + folds.entries)

    /// The folds' own bindings (the viewer's table adds them to its tree's keys).
    public static let folds = KeyTable<TreeAction, ListKeyContext>([
        KeyTableEntry(
            [KeyBinding(keys: [.character("h"), .left], .closeOrParent), KeyBinding(keys: [.character("l"), .right], .openOrChild)],
            "close, or the parent / open, or the first child", in: [.list]),
        KeyTableEntry(
            [KeyBinding([KeyChord(.enter), KeyChord("za")], .toggle), KeyBinding([KeyChord("zo")], .open),
             KeyBinding([KeyChord("zc")], .close)],
            "open or close / open / close the node", in: [.list]),
        KeyTableEntry([KeyBinding([KeyChord("zM")], .closeAll)], "close every container", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.character("]")], .nextSibling), KeyBinding(keys: [.character("[")], .previousSibling)],
            "the next / previous sibling", in: [.list]),
    ])
}

extension LazyTree {
    /// Carries out `action`.
    public mutating func perform(_ action: TreeAction) {
        switch action {
        case .list(let move): perform(move)
        case .openOrChild: openOrEnter()
        case .closeOrParent: closeOrLeave()
        case .toggle: toggleFocused()
        case .open: if let focus { open(focus) }
        case .close: if let focus { close(focus) }
        case .closeAll: closeAll()
        case .nextSibling: focusSibling(forward: true)
        case .previousSibling: focusSibling(forward: false)
        }
    }
}
