import TerminalUI

/// What a key asks of a ``LazyList``: the moves every list has.
public enum ListAction: Hashable, Sendable, CaseIterable {
    /// Select the next or the previous selectable row.
    case selectNext, selectPrevious
    /// Scroll a line down or up; the selection stays while its row shows.
    case lineDown, lineUp
    /// Half a page down or up; a page down or up. The selection keeps its screen line.
    case halfPageDown, halfPageUp, pageDown, pageUp
    /// Select the first or the last row.
    case selectFirst, selectLast
}

/// Where the list's keys hold: a list has one context.
public enum ListKeyContext: Hashable, Sendable {
    /// The list.
    case list
}

/// The list widget's default keys: vim's and less's, the arrows and the paging keys — the keys
/// the tstack viewer's table is built from (`j` selects the next row, Down scrolls a line, as
/// in less: reading on through long rows costs one new line on the terminal, not a repaint). A program reads them with a ``KeyReader`` (or
/// ``KeyTable/action(for:in:)``) and hands the action to ``LazyList/perform(_:)``:
///
/// ```swift
/// if case .key(let key) = event, let action = ListKeys.table.action(for: KeyChord(key), in: .list) {
///     list.perform(action)
/// }
/// ```
public enum ListKeys {
    /// The bindings, with their help.
    public static let table = KeyTable<ListAction, ListKeyContext>([
        KeyTableEntry(
            [KeyBinding(keys: [.character("j"), .tab], .selectNext), KeyBinding(keys: [.character("k"), .backTab], .selectPrevious)],
            "select the next / previous row", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.down, .control("e")], .lineDown), KeyBinding(keys: [.up, .control("y")], .lineUp)],
            "scroll a line down / up", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.control("d")], .halfPageDown), KeyBinding(keys: [.control("u")], .halfPageUp)],
            "half a page down / up", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.character(" "), .pageDown, .control("f"), .character("f")], .pageDown)],
            "a page down", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.character("b"), .pageUp, .control("b")], .pageUp)], "a page up", in: [.list]),
        KeyTableEntry(
            [KeyBinding(keys: [.character("g"), .home], .selectFirst), KeyBinding(keys: [.character("G"), .end], .selectLast)],
            "the first / the last row", in: [.list]),
    ])

    /// The action `key` is bound to, if any.
    public static func action(for key: Key) -> ListAction? {
        table.action(for: KeyChord(key), in: .list)
    }
}

extension LazyList {
    /// Carries out what `key` is bound to among ``ListKeys``, if anything.
    /// - Returns: whether the list used the key (false: it is the program's to handle).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard let action = ListKeys.action(for: key) else { return false }
        perform(action)
        return true
    }

    /// Carries out `action`.
    public mutating func perform(_ action: ListAction) {
        let half = PageLines(viewport: stack.viewportExtent).half
        switch action {
        case .selectNext: selectNext()
        case .selectPrevious: selectPrevious()
        case .lineDown: scroll(by: 1)
        case .lineUp: scroll(by: -1)
        case .halfPageDown: page(by: half)
        case .halfPageUp: page(by: -half)
        case .pageDown: page(down: true)
        case .pageUp: page(down: false)
        case .selectFirst: selectFirst()
        case .selectLast: selectLast()
        }
    }
}
