import StackEngine
import TerminalUI

// The two stacks of a table: its lines down (the header row, then a line a row) and its
// columns across (the label column, then the columns). Each pins its first row at its leading
// edge as a section header, so the header row stays at the top and the label column at the left.

/// The kinds of `rows` of a stack whose first row is a header and the rest items, as runs:
/// O(1) however many rows.
private func headerThenItems(in rows: Range<Int>) -> [(kind: RowKind, count: Int)] {
    guard !rows.isEmpty else { return [] }
    let items = rows.count - (rows.lowerBound == 0 ? 1 : 0)
    return (rows.lowerBound == 0 ? [(.header, 1)] : []) + (items > 0 ? [(.item, items)] : [])
}

/// The lines of a table, down: the header row (a pinned header), then one line a row.
struct TableLines<Source: TableDataSource>: StackDataSource {
    /// The id of the header row (no row id starts with a control character).
    static var headerID: String { "\u{1}header" }

    var source: Source

    var rowCount: Int { source.rowCount + 1 }

    func rowKind(at index: Int) -> RowKind { index == 0 ? .header : .item }

    func kindRuns(in rows: Range<Int>) -> [(kind: RowKind, count: Int)] { headerThenItems(in: rows) }

    func rowID(at index: Int) -> String { index == 0 ? Self.headerID : source.rowID(at: index - 1) }

    func rowIndex(forID id: String) -> Int? {
        id == Self.headerID ? 0 : source.rowIndex(forID: id).map { $0 + 1 }
    }

    func resolveRow(at index: Int, crossExtent: Int) -> TableLine<Source.Record> {
        TableLine(record: index == 0 ? nil : source.record(at: index - 1))
    }
}

/// A line of a table as the engine keeps it: its row read (nil for the header row), and the
/// cells made of it so far. The table draws its cells itself, from the columns on screen.
struct TableLine<Record>: ListRow {
    let record: Record?
    /// Kept with the line while it is near the screen: a key that moves the selection redraws
    /// the lines from it instead of making every cell again (as Textual keeps a line's `Strip`).
    let made = MadeCells()
    var lines: [[Cell]] { [[]] }
}

/// A line's cells as made for the screen, by column: cut to the column's width, with the
/// blanks that put them at their end of it and the width the cell wanted (a cell is made again
/// when its column's width changed).
final class MadeCells {
    struct Made {
        var width: Int
        var cells: [Cell]
        var pad: Int
        var wanted: Int
    }

    var byColumn: [Int: Made] = [:]
}

/// The columns of a table, across: the label column (a pinned header), then the columns, each
/// as wide as the source says plus a column between it and the next.
struct TableColumns<Source: TableDataSource>: StackDataSource {
    var source: Source
    /// The label column's width: its title's or the last row's label's, the wider.
    var labelWidth: Int

    init(source: Source) {
        self.source = source
        labelWidth = Self.labelWidth(of: source)
    }

    /// The label column's width for `source`: its title's or its widest label's.
    static func labelWidth(of source: Source) -> Int {
        max(1, DisplayWidth.of(source.labelTitle), DisplayWidth.of(source.widestLabel))
    }

    var rowCount: Int { source.columnCount + 1 }

    func rowKind(at index: Int) -> RowKind { index == 0 ? .header : .item }

    func kindRuns(in rows: Range<Int>) -> [(kind: RowKind, count: Int)] { headerThenItems(in: rows) }

    func rowID(at index: Int) -> String { String(index) }

    func rowIndex(forID id: String) -> Int? { Int(id).flatMap { (0..<rowCount).contains($0) ? $0 : nil } }

    func resolveRow(at index: Int, crossExtent: Int) -> TableColumn {
        TableColumn(width: index == 0 ? labelWidth : max(1, source.width(ofColumn: index - 1)))
    }
}

/// A column of a table as the engine keeps it: its width; its extent holds the gap after it.
struct TableColumn: ListRow {
    let width: Int
    var extent: Int { width + 1 }
    var lines: [[Cell]] { [[]] }
}
