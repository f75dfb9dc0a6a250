import TerminalUI

/// A line of text being typed — the terminal's `TextField`, and the tstack viewer's prompt:
/// a cursor that moves and edits where it is, a history walked with Up and Down, a completion
/// hook on Tab, Enter to enter and Esc to cancel (``TextFieldKeys``). Any character typed or
/// pasted goes in at the cursor. Text from anywhere is safe: control characters are drawn inert.
///
/// ```swift
/// var field = TextField(prefix: "/", history: searches.lines)
/// switch field.handle(key) {
/// case .entered(let pattern): searches.add(pattern); search(pattern)
/// case .cancelled: closeTheField()
/// case .editing: break
/// }
/// field.draw(into: &screen, x: 0, y: screen.height - 1, width: screen.width)
/// ```
public struct TextField: Equatable, Sendable {
    /// What Enter, Esc or a key did.
    public enum Outcome: Equatable, Sendable {
        /// The line is still being typed.
        case editing
        /// Enter: the line entered.
        case entered(String)
        /// Esc, or Backspace on an empty line.
        case cancelled
    }

    /// What is drawn before the text (`:`, `/`, `Search: `).
    public var prefix: String
    /// The text typed.
    public private(set) var text: String
    /// The cursor, as the UTF-8 offset of the character it stands on (the text's end: after it).
    private var cursorOffset: Int
    /// The lines before, oldest first, that Up and Down bring back.
    public let history: [String]
    /// Where Up and Down are in the history: nil while editing a new line.
    private var historyPosition: Int?
    /// The new line being typed when Up left it, given back when Down comes past the newest line.
    private var draft = ""
    /// What the completion hook said (the candidates, or that there are none) until the next
    /// key: a program shows it near the field.
    public private(set) var hint: String?

    /// A field showing `prefix`, holding `text` with the cursor at its end, and `history`
    /// (oldest first) to walk.
    public init(prefix: String = "", text: String = "", history: [String] = []) {
        self.prefix = prefix
        self.text = text
        cursorOffset = text.utf8.count
        self.history = history
    }

    /// The characters before the cursor.
    public var cursor: Int { text[..<cursorIndex].count }

    private var cursorIndex: String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: cursorOffset) }

    // MARK: - Keys

    /// Takes a key: an editing key of ``TextFieldKeys``, or a character typed at the cursor.
    /// Tab asks `complete` for the line completed and a hint (the candidates), and a field
    /// without one ignores Tab.
    public mutating func handle(_ key: Key, complete: ((String) -> (text: String, hint: String?))? = nil) -> Outcome {
        if let action = TextFieldKeys.action(for: key) { return perform(action, complete: complete) }
        hint = nil
        guard case .character(let character) = key else { return .editing }
        insert(String(character))
        return .editing
    }

    /// Carries out `action` (see ``handle(_:complete:)``).
    public mutating func perform(_ action: TextFieldAction, complete: ((String) -> (text: String, hint: String?))? = nil) -> Outcome {
        hint = nil
        let cursor = cursorIndex
        switch action {
        case .enter: return .entered(text)
        case .cancel: return .cancelled
        case .olderLine:
            guard !history.isEmpty else { break }
            if historyPosition == nil { draft = text }
            historyPosition = max(0, (historyPosition ?? history.count) - 1)
            replace(with: history[historyPosition!])
        case .newerLine:
            // (On the new line already: nothing newer, and the line typed stays.)
            guard let position = historyPosition else { break }
            historyPosition = position + 1 < history.count ? position + 1 : nil
            replace(with: historyPosition.map { history[$0] } ?? draft)
        case .complete:
            guard let complete else { break }
            let completed = complete(text)
            replace(with: completed.text)
            hint = completed.hint
        case .deleteBackward:
            if text.isEmpty { return .cancelled }
            guard cursor > text.startIndex else { break }
            remove(text.index(before: cursor)..<cursor)
        case .deleteForward:
            guard cursor < text.endIndex else { break }
            remove(cursor..<text.index(after: cursor))
        case .left:
            if cursor > text.startIndex { move(to: text.index(before: cursor)) }
        case .right:
            if cursor < text.endIndex { move(to: text.index(after: cursor)) }
        case .start: move(to: text.startIndex)
        case .end: move(to: text.endIndex)
        case .deleteToStart: remove(text.startIndex..<cursor)
        case .deleteToEnd: remove(cursor..<text.endIndex)
        case .deleteWord:
            // The spaces before the cursor, then the word before them.
            var start = cursor
            while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
            while start > text.startIndex, text[text.index(before: start)] != " " { start = text.index(before: start) }
            remove(start..<cursor)
        }
        return .editing
    }

    /// Puts `typed` (a character, a paste) in at the cursor, the cursor after it.
    public mutating func insert(_ typed: String) {
        hint = nil
        historyPosition = nil
        text.insert(contentsOf: typed, at: cursorIndex)
        cursorOffset += typed.utf8.count
        alignCursor()
    }

    /// Moves the cursor forward to where a character starts, when what was typed joined the
    /// character after it (a regional indicator before another: one flag) and the cursor fell
    /// inside that character.
    private mutating func alignCursor() {
        var index = cursorIndex
        while index < text.endIndex, index.samePosition(in: text) == nil { index = text.unicodeScalars.index(after: index) }
        cursorOffset = text.utf8.distance(from: text.startIndex, to: index)
    }

    /// Replaces the text, the cursor at its end (a line from the history, a completion).
    private mutating func replace(with line: String) {
        text = line
        cursorOffset = line.utf8.count
    }

    private mutating func remove(_ range: Range<String.Index>) {
        guard !range.isEmpty else { return }
        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        text.removeSubrange(range)
        cursorOffset = start
        historyPosition = nil
        // (What is left on either side may join into one character: a flag's halves.)
        alignCursor()
    }

    private mutating func move(to index: String.Index) {
        cursorOffset = text.utf8.distance(from: text.startIndex, to: index)
    }

    // MARK: - Drawing

    /// Draws the field on line `y` of `buffer`, `width` columns from `x`: the prefix, the text
    /// around the cursor that fits (`…` at an edge where more is cut off), and the cursor, a
    /// reversed cell. Only what fits is looked at: a frame costs the same however long the text.
    public func draw(into buffer: inout CellBuffer, x: Int, y: Int, width: Int, style: Style = .plain) {
        guard width > 0 else { return }
        buffer.fill(style, x: x, y: y, count: width)
        // (A prefix as wide as the field leaves the cursor a column.)
        let prefixCells = Array(CellText.cells(prefix, style: style).prefix(width - 1))
        // Columns for the text and the cursor's cell.
        let room = max(1, width - prefixCells.count)
        let ellipsis = CellText.cells("…", style: style)
        let cursor = cursorIndex
        // Up to `room` characters each side of the cursor: cells are made of those only.
        let after = CellText.cells(String(text[cursor...].prefix(room + 1)), style: style)
        let cursorWidth = after.first.map { $0.width == 2 ? 2 : 1 } ?? 1
        let cursorCells = after.isEmpty ? [Cell.blank(style)] : Array(after.prefix(cursorWidth))
        var rest = Array(after.dropFirst(cursorCells.count))
        // Before the cursor: what fits, less a column for what follows it when something does.
        let beforeRoom = max(0, room - cursorCells.count - (rest.isEmpty ? 0 : 1))
        let head = text[..<cursor]
        let tail = head.suffix(beforeRoom + 1)
        var before = CellText.cells(String(tail), style: style)
        if tail.startIndex != head.startIndex || before.count > beforeRoom {
            before = Array(before.suffix(max(0, beforeRoom - 1)))
            if before.first?.isContinuation == true { before.removeFirst() }
            before = beforeRoom > 0 ? ellipsis + before : []
        }
        let left = max(0, room - before.count - cursorCells.count)
        if rest.count > left {
            rest = Array(rest.prefix(max(0, left - 1)))
            if rest.last?.width == 2 { rest.removeLast() }
            if left > 0 { rest += ellipsis }
        }
        let cursorColumn = x + prefixCells.count + before.count
        buffer.write(prefixCells + before + cursorCells + rest, x: x, y: y, limit: x + width)
        if cursorColumn < x + width {
            buffer.restyle(x: cursorColumn, y: y, count: min(cursorCells.count, x + width - cursorColumn)) {
                $0.attributes.insert(.reverse)
            }
        }
    }
}

/// Lines entered in a text field, oldest first, without repeats in a row and at most `limit`
/// of them: what ``TextField`` walks with Up and Down.
public struct TextFieldHistory: Equatable, Sendable {
    /// The lines, oldest first.
    public private(set) var lines: [String] = []
    /// The most lines kept.
    public let limit: Int

    /// An empty history of at most `limit` lines.
    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// Adds `line` (not an empty one, nor the last one again), forgetting the oldest past the limit.
    public mutating func add(_ line: String) {
        guard !line.isEmpty, lines.last != line else { return }
        lines.append(line)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }
}
