import DocumentData
import TerminalUI

/// Builds a tree row's lines: indented two columns a level, an object member's key, then the
/// value — a scalar in its type's colour (a string quoted and escaped as JSON: document text is
/// inert; the text `/` and `&` match, `RowText`), an open container's bracket, a closed one's size (`{…} 3 fields`, `[…] 1,000 items`).
/// A long value wraps under itself; a string of more than `maximumLines` lines shows its
/// first lines and its length, and all of them (up to `unfoldedBytes`) when unfolded. Only
/// what a row shows of a long string is read from the file.
struct TreeRowBuilder {
    let tree: JSONTree
    let theme: Theme

    /// The most lines a row takes, unless it is an unfolded string.
    static let maximumLines = 8
    /// The most bytes of a string an unfolded row shows (some 13,000 lines at 80 columns).
    static let unfoldedBytes = 1 << 20

    /// How much of a string a row shows.
    private enum Shown {
        /// All of the value.
        case whole
        /// The first bytes of a string of `length` bytes in the file.
        case head(length: Int)
    }

    func build(_ row: JSONOutline.Row, width: Int, unfolded: Bool = false) -> RenderedRow {
        RenderedRow(lines: layout(row, width: width, unfolded: unfolded).lines)
    }

    /// Whether the row is a string cut short, which unfolds to show more.
    func isFoldedString(_ row: JSONOutline.Row, width: Int) -> Bool {
        layout(row, width: width, unfolded: false).isCut
    }

    private func layout(_ row: JSONOutline.Row, width: Int, unfolded: Bool) -> (lines: [[Cell]], isCut: Bool) {
        let width = max(1, width)
        let indent = min(2 * row.depth, width / 2)
        var prefix = CellText.cells(String(repeating: " ", count: indent))
        var isLevel = false
        if row.role != .closing, let last = row.steps.last, last.table.isObject {
            // Only what one line can show of a key is read: a key of megabytes shows its first
            // part and its length.
            let key = tree.keyHead(ofChild: last.index, in: last.table, bytes: 4 * width + 16)
            prefix += CellText.cells(RowText.key(key?.text ?? "?"), style: theme.key)
            isLevel = key.map { $0.isWhole && LogLevel.fieldNames.contains($0.text) } ?? false
            if let key, !key.isWhole {
                prefix = Array(prefix.prefix(max(1, width / 2)))
                prefix += CellText.cells("… (a \(StatusLine.grouped(key.length))-byte key)", style: theme.punctuation)
            }
            prefix += CellText.cells(": ", style: theme.punctuation)
        }
        let room = width - prefix.reduce(0) { $0 + Int($1.width) }
        if row.role == .leaf, let last = row.steps.last, last.table.childCount(of: last.index) == nil,
            let (text, style, shown) = longScalarText(ofChild: last.index, in: last.table, width: width, unfolded: unfolded) {
            return Self.hanging(
                prefix: prefix, text: text, style: isLevel ? levelStyle(of: text, else: style) : style, width: width, theme: theme,
                maximumLines: unfolded ? Int.max : Self.maximumLines, shown: shown)
        }
        if row.steps.isEmpty, tree.root == nil, let scalar = tree.rootScalar {
            // A root scalar: shown as a long child is, its first part and its length when long.
            let (text, style) = scalarText(scalar)
            let limit = Self.maximumLines * width * 4 + 64
            let length = tree.rootScalarLength ?? text.utf8.count
            let cut = length > limit ? String(text.utf8.prefix(limit)) ?? String(text.prefix(limit)) : text
            return Self.hanging(
                prefix: prefix, text: length > limit && cut.hasSuffix("\"") ? String(cut.dropLast()) : cut, style: style,
                width: width, theme: theme, shown: length > limit ? .head(length: length) : .whole)
        }
        let (text, style) = value(of: row, room: room)
        return Self.hanging(
            prefix: prefix, text: text, style: isLevel ? levelStyle(of: text, else: style) : style, width: width, theme: theme)
    }

    /// The style of a log level member's value: its level's, when `text` names one.
    private func levelStyle(of text: String, else style: Style) -> Style {
        LogLevel(shown: text).map { theme.style(of: $0, else: style) } ?? style
    }

    /// A string's text as shown, quoted and escaped — or a number's digits when it is longer than
    /// a row shows: what a folded row's lines can hold, or an unfolded one's `unfoldedBytes`;
    /// nil for any other value (read whole).
    private func longScalarText(ofChild index: Int, in table: ChildTable, width: Int, unfolded: Bool) -> (String, Style, Shown)? {
        let limit = unfolded ? Self.unfoldedBytes : Self.maximumLines * width * 4 + 64
        guard let head = tree.stringHead(ofChild: index, in: table, bytes: limit) else {
            // A number of megabytes: its first digits (a shorter one is read whole, as any scalar).
            guard case let (.number(digits), false, length)? = try? tree.scalarHead(ofChild: index, in: table, bytes: limit) else {
                return nil
            }
            return (digits, theme.number, .head(length: length))
        }
        let literal = RowText.scalar(.string(head.text))
        // A string read in part has no closing quote.
        return head.isWhole
            ? (literal, theme.string, .whole)
            : (String(literal.dropLast()), theme.string, .head(length: head.length))
    }

    /// What a row says of a value past the end of a file that shrank while open.
    static let goneText = "the file changed while open: it ends before this value now"

    /// The value's text and style; a closed container's preview fits in `room` columns.
    private func value(of row: JSONOutline.Row, room: Int) -> (String, Style) {
        // A value of the file as it was, which it no longer has (it shrank while open).
        if tree.hasShrunk, let first = row.steps.first, tree.endsBefore(tree.valueRange(ofChild: first.index, in: first.table).upperBound) {
            return (Self.goneText, theme.mark)
        }
        let isObject: Bool
        let count: Int?
        if let last = row.steps.last {
            count = last.table.childCount(of: last.index)
            isObject = count != nil && tree.firstByte(ofChild: last.index, in: last.table) == UInt8(ascii: "{")
        } else if let root = tree.root {
            (count, isObject) = (root.count, root.isObject)
        } else {
            return scalarText(tree.rootScalar ?? .null)
        }
        switch row.role {
        case .opening: return (isObject ? "{" : "[", theme.punctuation)
        case .closing: return (isObject ? "}" : "]", theme.punctuation)
        case .leaf:
            guard let count else {
                guard let last = row.steps.last else { return ("", .plain) }
                do {
                    return scalarText(try tree.scalar(ofChild: last.index, in: last.table))
                } catch {
                    return ("not JSON, line \(error.line) column \(error.column): \(error.message)", theme.mark)
                }
            }
            if count == 0 {
                // A root whose first child is still being read.
                if row.steps.isEmpty, tree.root?.isComplete == false { return (isObject ? "{" : "[", theme.punctuation) }
                return (isObject ? "{}" : "[]", theme.punctuation)
            }
            // (A container still read: the children read so far.)
            let growing = row.steps.last.map { $0.table.isGrowing($0.index) } ?? false
            let size = Self.size(count, isObject: isObject) + (!growing ? "" : tree.isScanning ? " so far" : " read")
            var range = tree.root.map { $0.start..<($0.end + 1) } ?? 0..<0
            if let last = row.steps.last { range = tree.valueRange(ofChild: last.index, in: last.table) }
            let head = tree.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 4 * max(0, room) + 64))
            let preview = TreePreview.text(of: head, count: count, width: room - size.count - 1) ?? (isObject ? "{…}" : "[…]")
            return (preview + " " + size, theme.punctuation)
        }
    }

    /// `1 item`, `1,000,000 items`, `3 fields`.
    static func size(_ count: Int, isObject: Bool) -> String {
        StatusLine.grouped(count) + (isObject ? (count == 1 ? " field" : " fields") : (count == 1 ? " item" : " items"))
    }

    /// A scalar's text as `/` and `&` match it (`RowText`), in its type's colour.
    private func scalarText(_ value: JSONValue) -> (String, Style) {
        let style: Style
        switch value {
        case .string: style = theme.string
        case .number: style = theme.number
        case .bool, .null: style = theme.literal
        case .array, .object: style = .plain
        }
        return (RowText.scalar(value), style)
    }

    /// `prefix` then `text` wrapped beside it (under the value, or two columns in when the
    /// prefix leaves less than a third of the width), at most `maximumLines` lines, the last then
    /// saying the length; whether it was cut.
    private static func hanging(
        prefix: [Cell], text: String, style: Style, width: Int, theme: Theme, maximumLines: Int = maximumLines,
        shown: Shown = .whole
    ) -> (lines: [[Cell]], isCut: Bool) {
        let prefixWidth = prefix.reduce(0) { $0 + Int($1.width) }
        let room = width - prefixWidth
        let hang = room >= max(8, width / 3) ? prefixWidth : min(width - 1, (prefix.prefix { $0.character == " " }.count) + 2)
        let firstRoom = max(1, room >= 1 ? room : 1)
        var wrapped = TextWrapping.wrap(text, style: style, width: max(1, width - hang))
        if room < max(8, width / 3), room > 0, let first = wrapped.first {
            // The value starts on the next line when it does not fit beside the key.
            let firstWidth = first.reduce(0) { $0 + Int($1.width) }
            if firstWidth > firstRoom { wrapped.insert([], at: 0) }
        }
        var isCut = false
        if case .head(let length) = shown {
            // Only the first bytes were read: the length is the file's, in bytes.
            isCut = true
            let note = "… \(StatusLine.grouped(length)) bytes"
            if wrapped.count >= maximumLines {
                wrapped = Array(wrapped.prefix(maximumLines - 1))
            }
            wrapped.append(CellText.cells(maximumLines == Int.max ? note + ", the first \(StatusLine.grouped(unfoldedBytes)) shown" : note, style: theme.punctuation))
        } else if wrapped.count > maximumLines {
            isCut = true
            wrapped = Array(wrapped.prefix(maximumLines - 1))
                + [CellText.cells("… \(StatusLine.grouped(text.count)) characters", style: theme.punctuation)]
        }
        let indent = CellText.cells(String(repeating: " ", count: hang))
        return (wrapped.enumerated().map { index, line in index == 0 ? prefix + line : indent + line }, isCut)
    }
}

extension LogLevel {
    /// The level a scalar's text as a row shows it says (`"error"`, `50`).
    init?(shown text: String) {
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
            self.init(name: text.dropFirst().dropLast())
        } else if let number = Int(text) {
            self.init(number: number)
        } else {
            return nil
        }
    }
}
