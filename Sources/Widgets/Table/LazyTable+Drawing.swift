import StackEngine
import TerminalUI

// MARK: - Drawing into an area

extension LazyTable {
    /// Lays out the lines and the columns and draws them in `area` of `buffer`: the header row
    /// at the top and the label column at the left, a rule after it, the cells of the rows and
    /// columns on screen, the selected row and cell, and the scrollbar in the area's last column.
    /// Nothing is drawn outside `area`, and nothing of what was there before stays inside it.
    /// - Returns: what the frame shows: its rows, whether it is at the top or the bottom.
    @discardableResult
    public mutating func draw(into buffer: inout CellBuffer, area: Rect) -> TableFrame {
        drawnArea = area
        buffer.fill(.plain, area: area)
        guard area.width > 1, area.height > 0 else {
            return TableFrame(rows: 0..<0, isAtTop: true, isAtBottom: true, contentSize: .exact(0), cutColumns: [:])
        }
        let down = lines.layout()
        let across = columns.layout()
        let right = area.right - 1
        // The label column is the columns' pinned header: the others are drawn after it.
        let labelWidth = columns.source.labelWidth
        let scrolledStart = area.x + labelWidth + 1
        let source = self.source
        let selectedColumn = columns.selection
        var cut: [Int: Int] = [:]
        for placed in down.rows where placed.origin >= 0 && placed.origin < area.height {
            let y = area.y + placed.origin
            let isHeader = placed.index == 0
            if isHeader { buffer.fill(style.header, x: area.x, y: y, count: right - area.x) }
            // The label column, pinned at the left edge (the columns' frame places it there, and
            // also where it lies scrolled when the view is not at the left end).
            let label = isHeader
                ? TableCell(source.labelTitle, style: style.header, alignment: .trailing)
                : TableCell(source.label(ofRow: placed.index - 1), style: style.label, alignment: .trailing)
            let madeLabel = Self.made(label, width: labelWidth)
            buffer.write(madeLabel.cells, x: area.x + madeLabel.pad, y: y, limit: min(area.x + labelWidth, right), start: area.x)
            for column in across.rows where column.index > 0 {
                let x = area.x + column.origin
                // (Cells are made only for the columns that show.)
                let end = min(x + column.row.width, right)
                let from = max(x, scrolledStart)
                guard from < end else { continue }
                let width = column.row.width
                let made: MadeCells.Made
                if isHeader {
                    made = Self.made(TableCell(headerTitle(ofColumn: column.index - 1), style: style.header), width: width)
                } else {
                    guard let cell = Self.cell(of: placed.row, column: column.index, width: width, source: source, cut: &cut)
                    else { continue }
                    made = cell
                }
                buffer.write(made.cells, x: x + made.pad, y: y, limit: end, start: scrolledStart)
                // A cell cut at the left edge (the columns scrolled) says so, as one cut at the
                // right does: `…465`, not `465` for `u4465`.
                if x + made.pad < scrolledStart, x + made.pad + CellText.width(of: made.cells) > scrolledStart {
                    buffer.write("…", style: made.cells.first?.style ?? .plain, x: scrolledStart, y: y)
                }
                if !isHeader, placed.index == lines.selection, column.index == selectedColumn {
                    buffer.restyle(x: from, y: y, count: end - from) { $0 = $0.overlaid(with: style.selectedCell) }
                }
            }
            if labelWidth < right - area.x {
                buffer.write("│", style: isHeader ? style.header.overlaid(with: style.rule) : style.rule, x: area.x + labelWidth, y: y)
            }
            if !isHeader, placed.index == lines.selection {
                buffer.restyle(x: area.x, y: y, count: right - area.x) { $0 = $0.overlaid(with: style.selectedRow) }
            }
        }
        Scrollbar.draw(
            for: down, x: right, top: area.y, length: min(area.height, down.viewportExtent),
            track: style.scrollbarTrack, thumbStyle: style.scrollbarThumb, into: &buffer)
        return Self.frame(down, cut: cut, height: area.height)
    }

    /// Lays out the lines and the columns as ``draw(into:area:)`` would, and makes the cells on
    /// screen (kept for the draw), drawing nothing: what a source measures before a frame — a
    /// column for a member first met on screen, a width for a cell wider than the sample's — so
    /// that the frame is drawn once.
    /// - Returns: what the frame would show (its rows, the columns with a cell cut).
    public mutating func measure(area: Rect) -> TableFrame {
        guard area.width > 1, area.height > 0 else {
            return TableFrame(rows: 0..<0, isAtTop: true, isAtBottom: true, contentSize: .exact(0), cutColumns: [:])
        }
        let down = lines.layout()
        let across = columns.layout()
        let right = area.right - 1
        let scrolledStart = area.x + columns.source.labelWidth + 1
        let source = self.source
        var cut: [Int: Int] = [:]
        for placed in down.rows where placed.index > 0 && placed.origin >= 0 && placed.origin < area.height {
            for column in across.rows where column.index > 0 {
                let x = area.x + column.origin
                guard max(x, scrolledStart) < min(x + column.row.width, right) else { continue }
                _ = Self.cell(of: placed.row, column: column.index, width: column.row.width, source: source, cut: &cut)
            }
        }
        return Self.frame(down, cut: cut, height: area.height)
    }

    /// The cell of `row` in `column` made `width` wide (kept in the row for the next frame),
    /// widening `cut` when it is cut; nil when the row's record is not read.
    private static func cell(
        of row: TableLine<Source.Record>, column: Int, width: Int, source: Source, cut: inout [Int: Int]
    ) -> MadeCells.Made? {
        if let kept = row.made.byColumn[column], kept.width == width { return kept }
        guard let record = row.record else { return nil }
        let cell = source.cell(atColumn: column - 1, of: record)
        let made = Self.made(cell, width: width)
        row.made.byColumn[column] = made
        if made.wanted > width, cell.widensColumn { cut[column - 1] = max(cut[column - 1] ?? 0, made.wanted) }
        return made
    }

    /// What a frame of `down` shows.
    private static func frame(_ down: StackFrame<TableLine<Source.Record>>, cut: [Int: Int], height: Int) -> TableFrame {
        let shown = down.rows.filter { $0.index > 0 && $0.origin >= 0 && $0.origin < height }.map { $0.index - 1 }
        return TableFrame(
            rows: (shown.min() ?? 0)..<((shown.max() ?? -1) + 1), isAtTop: down.isAtTop, isAtBottom: down.isAtBottom,
            contentSize: down.contentSize, cutColumns: cut)
    }

    /// `cell` made for a column `width` wide: cut with `…` to the width, the blanks that put it
    /// at its alignment's end, and the columns it would take uncut (at least: a long text is
    /// measured by its first part).
    private static func made(_ cell: TableCell, width: Int) -> MadeCells.Made {
        // A long text is cut before its cells are made: a megabyte string costs what a word does.
        let (head, more) = CellText.prefix(cell.text, scalars: 2 * width + 8)
        var cells = CellText.cells(head, style: cell.style)
        if more > 0 { cells.append(Cell("…", style: cell.style)) }
        let wanted = CellText.width(of: cells)
        cells = CellText.clipped(cells, to: width)
        let pad = cell.alignment == .trailing ? max(0, width - CellText.width(of: cells)) : 0
        return MadeCells.Made(width: width, cells: cells, pad: pad, wanted: wanted)
    }
}

/// What a frame of a ``LazyTable`` shows.
public struct TableFrame: Equatable, Sendable {
    /// The rows on screen, the header row not counted.
    public var rows: Range<Int>
    /// Whether the first row shows, right below the header row.
    public var isAtTop: Bool
    /// Whether the last row shows.
    public var isAtBottom: Bool
    /// The lines of the table, the header row's included: exact once every row was counted.
    public var contentSize: ContentSize
    /// The columns with a cell on screen cut to their width, and the width the widest of those
    /// would take (at least): a source whose widths came from a sample can widen them
    /// (``LazyTable/update(_:)``).
    public var cutColumns: [Int: Int]
}
