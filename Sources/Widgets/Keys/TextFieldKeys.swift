import TerminalUI

/// What a key asks of a ``TextField``.
public enum TextFieldAction: Hashable, Sendable, CaseIterable {
    /// Enter the line; cancel it.
    case enter, cancel
    /// The line before or after in the history.
    case olderLine, newerLine
    /// Complete the word being typed (the field's completion hook).
    case complete
    /// Delete the character before the cursor (on an empty line: cancel), or under it.
    case deleteBackward, deleteForward
    /// Move the cursor a character left or right, to the start or the end of the line.
    case left, right, start, end
    /// Delete from the cursor to the start of the line, to its end, the word before the cursor.
    case deleteToStart, deleteToEnd, deleteWord
}

/// Where a text field's keys hold: a field has one context.
public enum TextFieldKeyContext: Hashable, Sendable {
    /// The field.
    case field
}

/// A text field's default keys, readline's: the arrows and Home/End move the cursor (Ctrl-B,
/// Ctrl-F, Ctrl-A, Ctrl-E too), Backspace and Delete delete, Ctrl-U, Ctrl-K and Ctrl-W delete
/// to the start, to the end and the word before, Up and Down walk the history, Tab completes,
/// Enter enters and Esc cancels. The tstack viewer's prompt is built from them.
public enum TextFieldKeys {
    /// The bindings, with their help.
    public static let table = KeyTable<TextFieldAction, TextFieldKeyContext>([
        KeyTableEntry([KeyBinding(keys: [.enter], .enter), KeyBinding(keys: [.escape], .cancel)], "enter / cancel the line", in: [.field]),
        KeyTableEntry(
            [KeyBinding(keys: [.up], .olderLine), KeyBinding(keys: [.down], .newerLine)], "the line before / after in the history",
            in: [.field]),
        KeyTableEntry([KeyBinding(keys: [.tab], .complete)], "complete", in: [.field]),
        KeyTableEntry(
            [KeyBinding(keys: [.backspace], .deleteBackward), KeyBinding(keys: [.delete, .control("d")], .deleteForward)],
            "delete before / under the cursor (an empty line: cancel)", in: [.field]),
        KeyTableEntry(
            [KeyBinding(keys: [.left, .control("b")], .left), KeyBinding(keys: [.right, .control("f")], .right)],
            "the cursor a character left / right", in: [.field]),
        KeyTableEntry(
            [KeyBinding(keys: [.home, .control("a")], .start), KeyBinding(keys: [.end, .control("e")], .end)],
            "the cursor to the start / the end of the line", in: [.field]),
        KeyTableEntry(
            [KeyBinding(keys: [.control("u")], .deleteToStart), KeyBinding(keys: [.control("k")], .deleteToEnd),
             KeyBinding(keys: [.control("w")], .deleteWord)],
            "delete to the start / to the end / the word before", in: [.field]),
    ])

    /// The action `key` is bound to, if any.
    public static func action(for key: Key) -> TextFieldAction? {
        table.action(for: KeyChord(key), in: .field)
    }
}
