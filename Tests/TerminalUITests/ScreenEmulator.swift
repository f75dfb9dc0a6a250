@testable import TerminalUI

/// The part of an ECMA-48 terminal (xterm, tmux) that ``FrameWriter`` speaks with
/// ``ControlSequences/ansi``: cursor moves, scroll regions, index and reverse index, erase to the
/// end of a line, clear, SGR, and UTF-8 text laid out in cells as ``CellText`` lays it out. It
/// plays a writer's bytes so a test compares the screen a terminal would show with the frame.
struct ScreenEmulator {
    let width: Int
    let height: Int
    /// The cells, as a ``CellBuffer`` holds them (a wide character's right half a continuation).
    private(set) var cells: [Cell]
    /// Whether writing the last column wraps at once and scrolls at the bottom-right cell, as a
    /// terminal with `am` and without `xenl` does.
    var wrapsAtOnce = false
    private var line = 0
    private var column = 0
    private var top = 0
    private var bottom: Int
    /// The style text is written in now.
    private(set) var style = Style.plain

    /// Whether the scroll region is the whole screen (as a frame must leave it).
    var scrollsWholeScreen: Bool { top == 0 && bottom == height - 1 }
    /// Where the last character went: a combining mark joins it.
    private var lastWritten: (line: Int, column: Int)?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bottom = height - 1
        cells = Array(repeating: .blank, count: width * height)
    }

    /// Plays `bytes`.
    mutating func play(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                index = escape(bytes, from: index + 1)
            } else if byte == 0x0A {
                index += 1
                lineFeed()
            } else {
                var end = index + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                text(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end
            }
        }
    }

    /// The screen's lines as text, for failure messages.
    var lines: [String] {
        (0..<height).map { y in
            String(cells[(y * width)..<(y * width + width)].filter { !$0.isContinuation }.map(\.character))
        }
    }

    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return start }
        if bytes[start] == UInt8(ascii: "M") {
            reverseIndex()
            return start + 1
        }
        precondition(bytes[start] == UInt8(ascii: "["), "unknown escape \(bytes[start])")
        var end = start + 1
        while !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        let numbers = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch bytes[end] {
        case UInt8(ascii: "H"):
            line = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case UInt8(ascii: "r"):
            top = max(1, numbers.first ?? 1) - 1
            bottom = (numbers.count > 1 && numbers[1] > 0 ? numbers[1] : height) - 1
            line = 0
            column = 0
        case UInt8(ascii: "X"):
            for x in column..<min(width, column + max(1, numbers.first ?? 1)) {
                put(.blank(Style(background: style.background)), x: x, y: line)
            }
        case UInt8(ascii: "K"):
            for x in column..<width { put(.blank(Style(background: style.background)), x: x, y: line) }
        case UInt8(ascii: "J"):
            cells = Array(repeating: .blank(Style(background: style.background)), count: width * height)
        case UInt8(ascii: "m"):
            for number in numbers {
                switch number {
                case 0: style = .plain
                case 1: style.attributes.insert(.bold)
                case 2: style.attributes.insert(.dim)
                case 4: style.attributes.insert(.underline)
                case 7: style.attributes.insert(.reverse)
                case 30...37: style.foreground = Color(rawValue: number - 30)
                case 40...47: style.background = Color(rawValue: number - 40)
                default: preconditionFailure("unknown SGR \(number)")
                }
            }
        default:
            preconditionFailure("unknown CSI \(bytes[end])")
        }
        return end + 1
    }

    /// Writes one scalar: a combining mark joins the character before the cursor.
    private mutating func text(_ scalarText: String) {
        guard let scalar = scalarText.unicodeScalars.first else { return }
        let scalarWidth = DisplayWidth.of(scalar)
        if scalarWidth == 0 {
            // A mark joins the character written last (as xterm and VTE join it, even when the
            // cursor wrapped after it).
            guard let (y, x) = lastWritten else { return }
            let base = cells[y * width + x]
            var scalars: [Unicode.Scalar] = []
            base.forEachScalar { scalars.append($0) }
            cells[y * width + x] = Cell(scalars: scalars + [scalar], width: base.width, style: base.style)
            return
        }
        if column + scalarWidth > width {
            // At the right margin (a wrap pending, as after writing the last column): wrap.
            column = 0
            lineFeed()
        }
        put(Cell(scalars: [scalar], width: UInt8(scalarWidth), style: style), x: column, y: line)
        lastWritten = (line, column)
        if scalarWidth == 2 { put(Cell(" ", width: 0, style: style), x: column + 1, y: line) }
        column += scalarWidth
        if column >= width, wrapsAtOnce {
            column = 0
            lineFeed()
        }
    }

    /// Puts a cell as a terminal does: overwriting half of a wide character blanks the other half.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let index = y * width + x
        if cells[index].isContinuation, x > 0, cell.width != 0 { cells[index - 1] = .blank(cells[index - 1].style) }
        if cells[index].width == 2, x + 1 < width, cell.width != 2 { cells[index + 1] = .blank(cells[index + 1].style) }
        cells[index] = cell
    }

    private mutating func lineFeed() {
        if line == bottom { scroll(up: true) } else if line < height - 1 { line += 1 }
    }

    private mutating func reverseIndex() {
        if line == top { scroll(up: false) } else if line > 0 { line -= 1 }
    }

    private mutating func scroll(up: Bool) {
        let blankLine = Array(repeating: Cell.blank(Style(background: style.background)), count: width)
        var region = (top...bottom).map { Array(cells[($0 * width)..<($0 * width + width)]) }
        if up {
            region.removeFirst()
            region.append(blankLine)
        } else {
            region.removeLast()
            region.insert(blankLine, at: 0)
        }
        for (offset, cellsOfLine) in region.enumerated() {
            cells.replaceSubrange(((top + offset) * width)..<((top + offset) * width + width), with: cellsOfLine)
        }
    }
}
