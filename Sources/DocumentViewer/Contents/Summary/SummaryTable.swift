import DocumentData
import TerminalUI

/// What a frequency table (`v`, `:freq`) or a column summary (`I`, `:describe`) shows: a
/// header, rows of fields, and for each row the `:where` that keeps its records — made from the
/// counts so far, so the table is shown while the file is still read.
struct SummaryTable: Equatable {
    /// The columns' titles.
    var titles: [String]
    /// Each row's fields.
    var rows: [[SummaryField]]
    /// Each row's stable id (its value, its column).
    var ids: [String]
    /// For each row: the `:where` keeping its records (a frequency table), or the column whose
    /// frequency table Enter opens (a column summary); nil: none.
    var targets: [SummaryTarget?]
    /// What the status line says of the whole (`12 distinct values`).
    var note: String
    /// Whether the counts are of every record.
    var isWhole: Bool

    /// Most rows a frequency table shows (its values past them are counted in its note).
    static let rowLimit = 10_000
    /// Columns a bar is drawn in, the most counted row's.
    static let barWidth = 24
}

/// A field of a ``SummaryTable``: text, a count (exact or not), a share of the records with its
/// bar, or nothing.
enum SummaryField: Equatable {
    case text(String, role: Role)
    case count(Int, isExact: Bool)
    /// A share of the records (0–1).
    case share(Double)
    case number(Double, isExact: Bool)
    case time(Int64, isExact: Bool)
    /// A bar of this many eighths of a column (drawn, not exported).
    case bar(eighths: Int)
    case empty

    /// How a text field is coloured.
    enum Role: Equatable {
        /// A value of the data: a string, a number, a literal (`null`, `true`), a name.
        case string, number, literal, name
        /// What is not a value (`(missing)`, `(not a number)`, a bin).
        case note
    }

    /// The field as a CSV or JSON export writes it — text, or a number — nil for a bar.
    var exported: (text: String, isNumber: Bool)? {
        switch self {
        case .text(let text, _): (text, false)
        case .count(let count, _): (String(count), true)
        case .share(let share): (SummaryValue.text(of: (share * 1e6).rounded() / 1e6), true)
        case .number(let number, _): (SummaryValue.text(of: number), true)
        case .time(let time, _): (LogTime.text(ofMicroseconds: time), false)
        case .bar: nil
        case .empty: ("", false)
        }
    }
}

/// What Enter on a summary row opens.
enum SummaryTarget: Equatable {
    /// The records holding the row's value: this `:where`.
    case records(whereClause: String)
    /// The frequency table of this column.
    case frequency(RecordColumn)
}

extension SummaryTable {
    /// The table of a summary pass's counts so far (`isWhole`: every record read), of the
    /// records `query` keeps if given.
    init(_ counts: SummaryPass.Counts, isWhole: Bool, keptBy query: RecordQuery? = nil) {
        let kept = query.map { " where " + CellText.inert($0.description) } ?? ""
        if let frequency = counts.frequency {
            self.init(frequency: frequency, isWhole: isWhole, kept: kept)
        } else {
            self.init(describing: counts.columns ?? ColumnSummaries(columns: []), isWhole: isWhole, kept: kept)
        }
    }

    /// The table of `counts`: a row a value (bin, step of time), its records, their share and
    /// a bar; `kept` says which records they are (` where status >= 500`; empty: every one).
    init(frequency counts: FrequencyTable, isWhole: Bool, kept: String = "") {
        let counted = counts.rows(limit: Self.rowLimit)
        let records = max(1, counts.records)
        let most = counted.map(\.count).max() ?? 0
        var valueTitles = counts.columns.map(\.name)
        let shape = counts.shape
        if case .bins = shape { valueTitles = ["\(valueTitles[0]) (bins)"] }
        if case .timeAxis(let step) = shape { valueTitles = ["\(valueTitles[0]) (per \(Self.name(ofStep: step)))"] }
        titles = valueTitles + ["count", "%", ""]
        rows = counted.map { row in
            let role: SummaryField.Role = row.kind == .value ? .string : (row.kind == .bin ? .number : .note)
            let values = row.values.map { SummaryField.text($0, role: row.kind == .value && $0 == "(missing)" ? .note : role) }
            let eighths = most > 0 ? (row.count * Self.barWidth * 8 + most - 1) / most : 0
            return values + [
                .count(row.count, isExact: row.isExact), .share(Double(row.count) / Double(records)), .bar(eighths: eighths),
            ]
        }
        ids = counted.map { $0.values.joined(separator: "\u{1F}") }
        targets = counted.map { $0.whereClause.map { SummaryTarget.records(whereClause: $0) } }
        let distinct = counts.distinctValues
        let what = counts.columns.count == 1 ? "value" : "combination"
        var note = "\(distinct.isExact ? "" : "≈")\(StatusLine.grouped(distinct.count)) distinct \(what)\(distinct.count == 1 ? "" : "s")"
        if case .values = shape, distinct.count > counted.count {
            note += ", the \(StatusLine.grouped(counted.count)) most common shown"
        }
        note += " in \(StatusLine.grouped(counts.records)) records\(kept)" + (isWhole ? "" : " so far")
        self.note = note
        self.isWhole = isWhole
    }

    /// How an axis step is named (`minute`, `5 minutes`, `day`).
    static func name(ofStep step: Int64) -> String {
        let seconds = step / 1_000_000
        for (unit, name) in [(604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        where seconds % Int64(unit) == 0 {
            let count = seconds / Int64(unit)
            return count == 1 ? name : "\(count) \(name)s"
        }
        return "\(seconds) s"
    }

    /// The summary of every column: a row a column, Enter opening its frequency table; `kept`
    /// as in ``init(frequency:isWhole:kept:)``.
    init(describing summaries: ColumnSummaries, isWhole: Bool, kept: String = "") {
        titles = ["column", "kinds", "missing", "null", "distinct", "min", "max", "mean", "p50", "p90", "p99", "most common"]
        rows = summaries.columns.map { Self.row(of: $0, records: summaries.records) }
        ids = summaries.columns.map(\.column.name)
        targets = summaries.columns.map { .frequency($0.column) }
        note = "\(StatusLine.grouped(summaries.columns.count)) columns of \(StatusLine.grouped(summaries.records)) records\(kept)"
            + (isWhole ? "" : " so far") + " · Enter: a column's frequency table"
        self.isWhole = isWhole
    }

    /// A column's row of the summary.
    private static func row(of summary: ColumnSummary, records: Int) -> [SummaryField] {
        let kinds = SummaryValue.Kind.allCases
            .filter { $0 != .missing && $0 != .null && summary.count(of: $0) > 0 }
            .sorted { summary.count(of: $0) > summary.count(of: $1) }
            .map { summary.count(of: $0) == records ? $0.name : "\($0.name) \(StatusLine.grouped(summary.count(of: $0)))" }
        var fields: [SummaryField] = [
            .text(summary.column.name, role: .name), .text(kinds.joined(separator: ", "), role: .note),
            .count(summary.count(of: .missing), isExact: true), .count(summary.count(of: .null), isExact: true),
            .count(summary.distinctValues.count, isExact: summary.distinctValues.isExact),
        ]
        let fractions = [0.5, 0.9, 0.99]
        if summary.isTimes {
            let times = summary.times
            let exact = times.isExactToTheSecond
            fields += [.time(times.earliest, isExact: true), .time(times.latest, isExact: true), .empty]
            fields += times.percentiles(fractions).map { $0.map { SummaryField.time($0, isExact: exact) } ?? .empty }
        } else if summary.numbers.count > 0 {
            let numbers = summary.numbers
            fields += [.number(numbers.minimum, isExact: true), .number(numbers.maximum, isExact: true)]
            fields.append(numbers.mean.map { .number($0, isExact: true) } ?? .empty)
            fields += numbers.percentiles(fractions).map { $0.map { SummaryField.number($0, isExact: numbers.isExact) } ?? .empty }
        } else if let least = summary.leastString, let greatest = summary.greatestString {
            fields += [.text(String(decoding: least, as: UTF8.self), role: .string), .text(String(decoding: greatest, as: UTF8.self), role: .string)]
            fields += [.empty, .empty, .empty, .empty]
        } else {
            fields += Array(repeating: .empty, count: 6)
        }
        let common = summary.mostCommon(4).filter { $0.value != .missing && $0.isExact && $0.count > 1 }.prefix(3).map { entry in
            "\(entry.value.text) \(entry.isExact ? "" : "≈")\(StatusLine.grouped(entry.count))"
        }
        fields.append(.text(common.joined(separator: " · "), role: .note))
        return fields
    }
}
