/// The bytes that make a terminal do what ``FrameWriter`` asks: move the cursor, scroll a region,
/// clear, change the style. The real terminal's come from its terminfo entry (through ncurses);
/// ``ansi`` is ECMA-48, what xterm, tmux and every terminal emulator in use understand, for
/// tests. A capability the terminal lacks is nil, and the writer does without it.
struct ControlSequences: Sendable {
    /// Moves the cursor to a line and column, from 0 (`cup`).
    var moveCursor: @Sendable (_ line: Int, _ column: Int) -> [UInt8]
    /// Limits scrolling to lines `top ... bottom` (`csr`); nil: the terminal cannot, and lines
    /// that moved are written again.
    var scrollRegion: (@Sendable (_ top: Int, _ bottom: Int) -> [UInt8])?
    /// At the bottom of the region, scrolls it up a line (`ind`).
    var scrollForward: [UInt8]?
    /// At the top of the region, scrolls it down a line (`ri`).
    var scrollReverse: [UInt8]?
    /// Clears from the cursor to the end of the line (`el`).
    var clearToEndOfLine: [UInt8]?
    /// Erases a number of cells from the cursor, leaving it where it is (`ech`).
    var eraseCharacters: (@Sendable (_ count: Int, _ unused: Int) -> [UInt8])?
    /// Clears the screen (`clear`).
    var clearScreen: [UInt8]
    /// Back to the default style (`sgr0`).
    var resetStyle: [UInt8]
    /// Bold, dim, reverse and underline (`bold`, `dim`, `rev`, `smul`); nil for one the terminal lacks.
    var bold, dim, reverse, underline: [UInt8]?
    /// The eight foreground and background colours (`setaf`, `setab`); empty without colour.
    var foregrounds, backgrounds: [[UInt8]]
    /// Whether writing the bottom-right cell is safe: false on a terminal that wraps at once
    /// (`am` without `xenl`), where it would scroll the whole screen.
    var writesBottomRightCell: Bool

    /// ECMA-48, with colour.
    static let ansi = ControlSequences(
        moveCursor: { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) },
        scrollRegion: { Array("\u{1B}[\($0 + 1);\($1 + 1)r".utf8) },
        scrollForward: Array("\n".utf8),
        scrollReverse: Array("\u{1B}M".utf8),
        clearToEndOfLine: Array("\u{1B}[K".utf8),
        eraseCharacters: { count, _ in Array("\u{1B}[\(count)X".utf8) },
        clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8),
        resetStyle: Array("\u{1B}[0m".utf8),
        bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8),
        reverse: Array("\u{1B}[7m".utf8), underline: Array("\u{1B}[4m".utf8),
        foregrounds: (0..<8).map { Array("\u{1B}[3\($0)m".utf8) },
        backgrounds: (0..<8).map { Array("\u{1B}[4\($0)m".utf8) },
        writesBottomRightCell: true)

    /// `capability` without its padding: terminfo writes a delay as `$<5>` (or `$<2*/>`), which
    /// only `tputs` understands. The writer sends the bytes themselves, so it drops them (no
    /// terminal still in use needs the delays).
    static func withoutPadding(_ capability: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(capability.count)
        var index = 0
        while index < capability.count {
            if capability[index] == UInt8(ascii: "$"), index + 1 < capability.count, capability[index + 1] == UInt8(ascii: "<"),
                let close = capability[(index + 2)...].firstIndex(of: UInt8(ascii: ">")),
                capability[(index + 2)..<close].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2A || $0 == 0x2F }) {
                index = close + 1
                continue
            }
            result.append(capability[index])
            index += 1
        }
        return result
    }

    /// The bytes that take the terminal from `style` to `next`: only what `next` adds when it
    /// keeps all of `style`, else a reset and the whole of `next`.
    func bytes(from style: Style, to next: Style) -> [UInt8] {
        let adds = style.attributes.isSubset(of: next.attributes)
            && (style.foreground == nil || style.foreground == next.foreground)
            && (style.background == nil || style.background == next.background)
        guard adds else { return resetStyle + (next == .plain ? [] : bytes(for: next)) }
        return bytes(
            for: Style(
                foreground: style.foreground == nil ? next.foreground : nil,
                background: style.background == nil ? next.background : nil,
                attributes: next.attributes.subtracting(style.attributes)))
    }

    /// The bytes that take the terminal from the default style to `style`.
    func bytes(for style: Style) -> [UInt8] {
        var bytes: [UInt8] = []
        let attributes: [(Style.Attributes, [UInt8]?)] = [
            (.bold, bold), (.dim, dim), (.reverse, reverse), (.underline, underline),
        ]
        for (attribute, sequence) in attributes where style.attributes.contains(attribute) {
            bytes += sequence ?? []
        }
        if let foreground = style.foreground, foreground.rawValue < foregrounds.count {
            bytes += foregrounds[foreground.rawValue]
        }
        if let background = style.background, background.rawValue < backgrounds.count {
            bytes += backgrounds[background.rawValue]
        }
        return bytes
    }
}
