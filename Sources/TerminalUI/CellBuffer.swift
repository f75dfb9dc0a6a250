/// A grid of cells: one frame, drawn by the renderer and flushed by a terminal.
/// Writes are clipped to the grid, and a wide character is never split: one that would cross the
/// right edge of the area being written is replaced by a blank.
public struct CellBuffer: Equatable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of lines.
    public let height: Int
    /// The cells, line after line (`y * width + x`).
    public private(set) var cells: [Cell]

    /// A blank buffer.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// The cells of row `y`.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * width)..<((y + 1) * width)]
    }

    /// Writes `line` at (`x`, `y`), clipped to columns `start ..< limit` (default: the whole row).
    /// A wide character cut by either edge of the clip is drawn as a blank, never split.
    /// - Returns: the column after the last cell written.
    @discardableResult
    public mutating func write(
        _ line: some Collection<Cell>, x: Int, y: Int, limit: Int? = nil, start: Int = 0
    ) -> Int {
        writeCells(line, x: x, y: y, limit: limit, start: start)
    }

    /// The same write for a row's cells as rows keep them: called from other modules, a
    /// generic collection is walked through its witness table a cell at a time (15% of a
    /// scrolled line's instructions); an array is walked here, specialized.
    @discardableResult
    public mutating func write(_ line: [Cell], x: Int, y: Int, limit: Int? = nil, start: Int = 0) -> Int {
        copyWholeCharacters(line, x: x, y: y, limit: limit, start: start)
            ?? writeCells(line, x: x, y: y, limit: limit, start: start)
    }

    /// The write of a line that lies inside the clip from its first cell and pairs every wide
    /// character with the continuation the cell-by-cell write would put after it (as
    /// ``CellText`` makes them): the cells that fit are
    /// copied at once, and only the two ends can cut a wide character already there. Nil, and
    /// nothing written, for any other line: the cell-by-cell write handles it.
    private mutating func copyWholeCharacters(_ line: [Cell], x: Int, y: Int, limit: Int?, start: Int) -> Int? {
        let end = min(limit ?? width, width)
        guard y >= 0, y < height, x >= max(0, start), x < end else { return nil }
        var count = min(line.count, end - x)
        guard count > 0 else { return x }
        let fits: Bool = line.withUnsafeBufferPointer { line in
            if Cell.areAllSingleWidth(UnsafeBufferPointer(rebasing: line[..<count])) { return true }
            for index in 0..<count {
                switch line[index].width {
                case 1: continue
                case 2: if index + 1 < line.count, line[index + 1] == .continuation(line[index].style) { continue }
                case 0: if index > 0, line[index - 1].width == 2, line[index] == .continuation(line[index - 1].style) { continue }
                default: break
                }
                return false
            }
            return true
        }
        guard fits else { return nil }
        // A wide character cut by the clip's right edge goes to the cell-by-cell write.
        if line[count - 1].width == 2 { count -= 1 }
        guard count > 0 else { return nil }
        set(line[0], x: x, y: y)
        if count > 1 { set(line[count - 1], x: x + count - 1, y: y) }
        if count > 2 {
            cells.withUnsafeMutableBufferPointer { cells in
                line.withUnsafeBufferPointer { line in
                    (cells.baseAddress! + y * width + x + 1).update(from: line.baseAddress! + 1, count: count - 2)
                }
            }
        }
        guard count < min(line.count, end - x) else { return x + count }
        return writeCells(line[count...], x: x + count, y: y, limit: limit, start: start)
    }

    private mutating func writeCells(
        _ line: some Collection<Cell>, x: Int, y: Int, limit: Int?, start: Int
    ) -> Int {
        let end = min(limit ?? width, width)
        let first = max(0, start)
        guard y >= 0, y < height else { return x }
        var column = x
        var iterator = line.makeIterator()
        while column < end, let cell = iterator.next() {
            if cell.isContinuation { continue }
            let cellWidth = Int(max(1, cell.width))
            if column < first {
                if column + cellWidth > first { set(.blank(cell.style), x: first, y: y) }
            } else if column + cellWidth > end {
                set(.blank(cell.style), x: column, y: y)
                column = end
                break
            } else {
                set(cell, x: column, y: y)
                if cell.width == 2 { set(.continuation(cell.style), x: column + 1, y: y) }
            }
            column += cellWidth
        }
        return column
    }

    /// Writes `text` in `style` at (`x`, `y`), clipped as cells are (a wide character cut by the
    /// clip drawn as a blank).
    @discardableResult
    public mutating func write(_ text: String, style: Style = .plain, x: Int, y: Int, limit: Int? = nil) -> Int {
        write(CellText.cells(text, style: style), x: x, y: y, limit: limit)
    }

    /// A bar: `text` in `style` from column `x`, and the style's blanks after it to the end of
    /// the line (or `width` columns from `x`) — a status line, a header filled with its colour.
    public mutating func writeLine(_ text: String, style: Style = .plain, x: Int = 0, y: Int, width: Int? = nil) {
        let end = width.map { min(self.width, x + $0) } ?? self.width
        fill(style, x: x, y: y, count: max(0, end - x))
        _ = write(text, style: style, x: x, y: y, limit: end)
    }

    /// Fills `area` (clipped to the buffer) with blanks in `style`: the rows of an area as wide as
    /// the buffer at once, else a row at a time.
    public mutating func fill(_ style: Style, area: Rect) {
        let top = max(0, area.y)
        let bottom = min(height, area.bottom)
        guard top < bottom else { return }
        guard area.x <= 0, area.right >= width, width > 0 else {
            for y in top..<bottom { fill(style, x: area.x, y: y, count: area.width) }
            return
        }
        // Whole rows: no wide character can be cut at the buffer's edges.
        let blank = Cell.blank(style)
        cells.withUnsafeMutableBufferPointer { cells in
            (cells.baseAddress! + top * width).update(repeating: blank, count: (bottom - top) * width)
        }
    }

    /// Fills columns `x ..< x + count` of row `y` with blanks in `style`.
    public mutating func fill(_ style: Style, x: Int = 0, y: Int, count: Int? = nil) {
        guard y >= 0, y < height else { return }
        let start = max(0, x)
        let end = min(width, x + (count ?? width))
        guard start < end else { return }
        // Only the ends can cut a wide character: set those as any write does, the rest at once.
        let blank = Cell.blank(style)
        set(blank, x: start, y: y)
        if end - 1 > start { set(blank, x: end - 1, y: y) }
        if end - 1 > start + 1 {
            cells.withUnsafeMutableBufferPointer { cells in
                (cells.baseAddress! + y * width + start + 1).update(repeating: blank, count: end - start - 2)
            }
        }
    }

    /// Changes the style of the cells in columns `x ..< x + count` of row `y`, keeping their text.
    public mutating func restyle(x: Int, y: Int, count: Int, _ change: (inout Style) -> Void) {
        guard y >= 0, y < height else { return }
        let first = max(0, x)
        for column in first..<max(first, min(width, x + count)) {
            change(&cells[y * width + column].style)
        }
    }

    /// The text of every row, trailing blanks trimmed: what a person reading the screen sees.
    public func textLines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for cell in row(y) where !cell.isContinuation { line.append(cell.character) }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Puts a cell, blanking the other half of any wide character it overwrites.
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        let index = y * width + x
        let old = cells[index]
        if old.isContinuation, x > 0, cell.width != 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, x + 1 < width, cell.width != 2 {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }
}
