import Platform
import DocumentData
import TerminalUI
import Widgets

/// A ``SummaryTable`` as a ``LazyTable``'s rows: a row's fields as cells coloured as the
/// records' table colours values, counts and numbers at the trailing end, bars drawn with
/// eighth blocks; the label a row's rank.
struct SummaryRows: TableDataSource {
    var table: SummaryTable
    var theme: Theme
    private var widths: [Int]

    /// The widest a column is made (a longer value is cut with `…`).
    static let maximumWidth = 40

    init(table: SummaryTable, theme: Theme) {
        self.table = table
        self.theme = theme
        widths = table.titles.indices.map { column in
            var widest = DisplayWidth.of(table.titles[column])
            for row in table.rows.prefix(1_000) where column < row.count {
                widest = max(widest, Self.text(of: row[column]).count)
            }
            return max(1, min(widest, Self.maximumWidth))
        }
    }

    var rowCount: Int { table.rows.count }
    var columnCount: Int { table.titles.count }
    var labelTitle: String { "#" }
    func title(ofColumn column: Int) -> String { table.titles[column] }
    func width(ofColumn column: Int) -> Int { widths[column] }
    func label(ofRow row: Int) -> String { String(row + 1) }
    func rowID(at row: Int) -> String { table.ids[row] }
    func rowIndex(forID id: String) -> Int? { table.ids.firstIndex(of: id) }
    func record(at row: Int) -> [SummaryField] { table.rows[row] }

    func cell(atColumn column: Int, of fields: [SummaryField]) -> TableCell {
        guard column < fields.count else { return TableCell("") }
        let field = fields[column]
        let text = Self.text(of: field)
        switch field {
        case .text(_, let role):
            switch role {
            case .string: return TableCell(CellText.inert(text), style: theme.string)
            case .number: return TableCell(text, style: theme.number)
            case .literal: return TableCell(text, style: theme.literal)
            case .name: return TableCell(CellText.inert(text), style: theme.key)
            case .note: return TableCell(CellText.inert(text), style: theme.punctuation)
            }
        case .count, .share, .number, .time: return TableCell(text, style: theme.number, alignment: .trailing)
        case .bar: return TableCell(text, style: theme.number)
        case .empty: return TableCell("")
        }
    }

    /// A field's text: counts grouped (`≈` before one that may be over), a share as a
    /// percentage, a number to six significant digits, a time in RFC 3339, a bar of blocks.
    static func text(of field: SummaryField) -> String {
        switch field {
        case .text(let text, _): return RecordRows.visible(text)
        case .count(let count, let isExact): return (isExact ? "" : "≈") + StatusLine.grouped(count)
        case .share(let share):
            let tenths = Int((share * 1000).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        case .number(let number, let isExact): return (isExact ? "" : "≈") + SummaryValue.text(of: rounded(number))
        case .time(let time, let isExact): return (isExact ? "" : "≈") + LogTime.text(ofMicroseconds: time)
        case .bar(let eighths):
            let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
            return String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
        case .empty: return ""
        }
    }

    /// `number` to six significant digits (a mean of integers is not written to 17).
    static func rounded(_ number: Double) -> Double {
        guard number != 0, number.isFinite, number.rounded() != number || abs(number) >= 1e15 else { return number }
        let scale = pow(10, 5 - (log10(abs(number))).rounded(.down))
        guard scale.isFinite, scale > 0 else { return number }
        return (number * scale).rounded() / scale
    }
}
