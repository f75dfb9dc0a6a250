/// Turns document text into cells. Text from a document is data: control characters, escape
/// sequences and bidirectional overrides become visible, inert text (`^[`, `\u202e`) and can
/// never reach the terminal as commands.
public enum CellText {
    /// Combining marks kept on one cell; ncursesw holds a base character and up to four more
    /// (`CCHARW_MAX` is 5). Marks past this are dropped and the cell is followed by a dotted
    /// circle (U+25CC, the usual sign for a mark without its base), so the loss is visible.
    public static let maximumMarksPerCell = Cell.maximumScalars - 1

    /// The sign drawn after a cell whose excess combining marks were dropped.
    public static let droppedMarksSign: Character = "\u{25CC}"

    /// The cells of `text` in `style`.
    /// - Complexity: O(n) in the number of scalars: a cell's cluster is bounded, so joining a
    ///   mark to it costs O(1) however long the run of marks in the text.
    public static func cells(_ text: String, style: Style = .plain) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(text.utf8.count)
        // The cell being built (a base character and its marks), not yet appended.
        var pending: Cell?
        var droppedMarks = false
        func flush() {
            guard let cell = pending else { return }
            cells.append(cell)
            if cell.width == 2 { cells.append(.continuation(style)) }
            if droppedMarks { cells.append(Cell(droppedMarksSign, style: style)) }
            pending = nil
            droppedMarks = false
        }
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20, scalar.value < 0x7F {
                flush()
                pending = Cell(scalar: scalar, style: style)
                continue
            }
            if let visible = inertForm(of: scalar) {
                flush()
                for character in visible { cells.append(Cell(character, style: style)) }
                continue
            }
            // Joiners and presentation selectors make terminals and wcwidth disagree: drop them.
            if scalar.value == 0x200D || scalar.value == 0xFE0F || scalar.value == 0xFE0E { continue }
            let width = DisplayWidth.of(scalar)
            if width == 0 {
                // A mark joins the character before it — unless the pair would not be one
                // grapheme cluster (U+200B, U+2064 after a quote): then it is dropped, as it
                // takes no column anyway. Past the bound the mark is dropped, and said to be.
                guard var cell = pending else { continue }
                var joined = String(cell.character)
                joined.unicodeScalars.append(scalar)
                guard joined.count == 1 else { continue }
                if cell.append(scalar) { pending = cell } else { droppedMarks = true }
                continue
            }
            flush()
            pending = Cell(scalar: scalar, width: UInt8(width), style: style)
        }
        flush()
        return cells
    }

    /// `text` with every scalar that must not reach a terminal replaced by its inert form
    /// (``inertForm(of:)``): what tstack writes to any stream — messages on standard error,
    /// the layout log — goes through here, as document text on the screen goes through
    /// ``cells(_:style:)``.
    /// - Parameters:
    ///   - text: what is about to be written.
    ///   - keepingNewlines: whether line feeds stay (multi-line help); otherwise they show as
    ///     `^J`, so a message is always one line.
    /// - Complexity: O(n) in the number of scalars.
    public static func inert(_ text: String, keepingNewlines: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepingNewlines, scalar == "\n" {
                result.append(scalar)
            } else if let visible = inertForm(of: scalar) {
                result.append(contentsOf: visible.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The first `limit` scalars of `text`, and how many scalars follow them. Counted in
    /// scalars, not characters: counting characters is slow on long grapheme clusters, and a
    /// cell keeps a bounded part of a cluster anyway.
    /// - Complexity: O(n) in the bytes of `text`, at memory speed.
    public static func prefix(_ text: String, scalars limit: Int) -> (text: String, more: Int) {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
            end < scalars.endIndex else { return (text, 0) }
        // Scalars are UTF-8 lead bytes: count those rather than decoding.
        let more = text.utf8[end...].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (String(scalars[..<end]), more)
    }

    /// The visible stand-in for a scalar that must not be sent to a terminal, or nil.
    public static func inertForm(of scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x09: return " "
        case 0x00..<0x20: return "^" + String(Character(Unicode.Scalar(UInt8(value) + 0x40)))
        case 0x7F: return "^?"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029:
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default: return nil
        }
    }
}
