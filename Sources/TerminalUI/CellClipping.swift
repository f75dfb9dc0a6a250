/// Cutting a line of cells to a width: a title in a row, a cell of a table.
extension CellText {
    /// The columns `cells` take.
    public static func width(of cells: [Cell]) -> Int {
        cells.reduce(0) { $0 + Int($1.width) }
    }

    /// `cells` cut to `width` columns, ending in `…` (in the last cell's style) when something
    /// was cut; a wide character that would straddle the cut goes whole.
    public static func clipped(_ cells: [Cell], to width: Int) -> [Cell] {
        guard self.width(of: cells) > width else { return cells }
        guard width > 0 else { return [] }
        var line = hardClipped(cells, to: width - 1)
        line.append(Cell("…", style: cells.last?.style ?? .plain))
        return line
    }

    /// `cells` cut to `width` columns, never splitting a wide character.
    public static func hardClipped(_ cells: [Cell], to width: Int) -> [Cell] {
        var line: [Cell] = []
        var used = 0
        for cell in cells {
            if cell.isContinuation {
                if line.last?.width == 2 { line.append(cell) }
                continue
            }
            guard used + Int(cell.width) <= width else { break }
            line.append(cell)
            used += Int(cell.width)
        }
        return line
    }
}
