import TerminalUI

/// The data of a ``LazyTable``: rows and columns of cells. A row is read whole when it comes on
/// or near the screen (a record parsed once) and kept while it stays near; a cell is made from
/// it only when its column is on screen too. Counts, titles and widths are asked freely and
/// must be cheap.
///
/// ```swift
/// struct Processes: TableDataSource {
///     var all: [Process]
///     var rowCount: Int { all.count }
///     var columnCount: Int { 2 }
///     func title(ofColumn column: Int) -> String { ["command", "cpu"][column] }
///     func width(ofColumn column: Int) -> Int { [30, 6][column] }
///     func label(ofRow row: Int) -> String { String(row + 1) }
///     func rowID(at row: Int) -> String { String(all[row].pid) }
///     func rowIndex(forID id: String) -> Int? { all.firstIndex { String($0.pid) == id } }
///     func record(at row: Int) -> Process { all[row] }
///     func cell(atColumn column: Int, of process: Process) -> TableCell {
///         column == 0 ? TableCell(process.command) : TableCell("\(process.cpu)", alignment: .trailing)
///     }
/// }
/// ```
public protocol TableDataSource {
    /// A row as read, what its cells are made from (a parsed record).
    associatedtype Record
    /// The number of rows, the header row not counted.
    var rowCount: Int { get }
    /// The number of columns, the pinned label column not counted.
    var columnCount: Int { get }
    /// The header row's text over the pinned label column (`#` by default, `line`).
    var labelTitle: String { get }
    /// The header row's text over `column`.
    func title(ofColumn column: Int) -> String
    /// The columns `column` is drawn in (at least 1): a longer cell or title is cut with `…`.
    func width(ofColumn column: Int) -> Int
    /// The text of `row` in the pinned label column: its index, its line number.
    func label(ofRow row: Int) -> String
    /// The widest label, which sets the label column's width (by default the last row's: labels
    /// that count up).
    var widestLabel: String { get }
    /// The stable id of `row`.
    func rowID(at row: Int) -> String
    /// The row with `id`, if there is one.
    func rowIndex(forID id: String) -> Int?
    /// Reads `row`: called when it comes near the screen, not again while it stays near.
    func record(at row: Int) -> Record
    /// The cell of a row read as `record`, in `column`: made when both are on screen.
    func cell(atColumn column: Int, of record: Record) -> TableCell
}

extension TableDataSource {
    /// `#`.
    public var labelTitle: String { "#" }

    /// The last row's label.
    public var widestLabel: String { rowCount > 0 ? label(ofRow: rowCount - 1) : "" }
}

/// What a cell of a ``LazyTable`` shows: text in one style, at one end of its column. The text
/// is data: control characters show inert, and a line feed shows as `^J`, keeping a row one line.
public struct TableCell: Equatable, Sendable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: Style
    /// The end of the column it keeps to: numbers to the trailing one.
    public var alignment: TableAlignment
    /// Whether the column should widen when this cell is cut (``TableFrame/cutColumns``): false
    /// for a note that is no value (a row that has no cells says why in its first).
    public var widensColumn: Bool

    /// A cell showing `text` in `style`, at the `alignment` end of its column.
    public init(_ text: String, style: Style = .plain, alignment: TableAlignment = .leading, widensColumn: Bool = true) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.widensColumn = widensColumn
    }
}

/// The end of its column a cell keeps to.
public enum TableAlignment: Sendable {
    /// The leading end (text).
    case leading
    /// The trailing end (numbers).
    case trailing
}
