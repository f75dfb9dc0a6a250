import TStack

/// Web-server log lines, a million of them (3,600 an hour), made up from their numbers: nothing is
/// held in memory, a line is built when it is shown. Sections are hours, each with a header.
struct LogLines: StackDataSource {
    static let perHour = 3_600
    let lineCount = 1_000_000

    /// Rows: each hour's header, then its lines.
    var rowCount: Int { lineCount + Self.hours(of: lineCount) }
    static func hours(of lines: Int) -> Int { (lines + perHour - 1) / perHour }

    func rowKind(at index: Int) -> RowKind { index % (Self.perHour + 1) == 0 ? .header : .item }
    func rowID(at index: Int) -> String {
        let hour = index / (Self.perHour + 1)
        let line = index % (Self.perHour + 1)
        return line == 0 ? "hour-\(hour)" : "line-\(hour * Self.perHour + line - 1)"
    }
    func rowIndex(forID id: String) -> Int? {
        if id.hasPrefix("hour-"), let hour = Int(id.dropFirst(5)), hour < Self.hours(of: lineCount) {
            return hour * (Self.perHour + 1)
        }
        guard id.hasPrefix("line-"), let line = Int(id.dropFirst(5)), line < lineCount else { return nil }
        return line / Self.perHour * (Self.perHour + 1) + line % Self.perHour + 1
    }
    func sectionRange(containing index: Int) -> Range<Int> {
        let start = index / (Self.perHour + 1) * (Self.perHour + 1)
        return start..<min(rowCount, start + Self.perHour + 1)
    }

    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        let hour = index / (Self.perHour + 1)
        guard rowKind(at: index) == .item else {
            return TextRow("── \(Self.clock(hour * 3_600)) ──", style: Style(attributes: .bold), width: crossExtent, wraps: false)
        }
        let line = hour * Self.perHour + index % (Self.perHour + 1) - 1
        let status = [200, 200, 200, 304, 404, 500][line % 6]
        let text = "\(Self.clock(line % 86_400)) GET /api/items/\(line * 7 % 10_007) \(status) \(line % 97 + 3)ms"
        let style = status >= 500 ? Style(foreground: .red) : status >= 400 ? Style(foreground: .yellow) : .plain
        return TextRow(text, style: style, width: crossExtent, wraps: false)
    }

    static func clock(_ seconds: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(seconds / 3_600 % 24)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
}

/// The hours of the log, one row each: the index pane on the left.
struct Hours: StackDataSource {
    let count: Int
    var rowCount: Int { count }
    func rowID(at index: Int) -> String { "hour-\(index)" }
    func rowIndex(forID id: String) -> Int? {
        guard id.hasPrefix("hour-"), let hour = Int(id.dropFirst(5)), hour < count else { return nil }
        return hour
    }
    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        TextRow("hour \(index)", width: crossExtent, wraps: false)
    }
}
