import TStackUI

/// One message: `2026-11-29T10:15:03Z alice: the text`, as a line of the file.
struct Message: Equatable {
    /// `2026-11-29T10`: the hour the message is shown under.
    var hour: Substring
    /// `10:15:03`.
    var time: Substring
    var author: Substring
    var text: Substring

    /// The message a line holds; a line of another shape is a message of its own text.
    init(line: String) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        let stamp = parts.first ?? ""
        if stamp.count >= 19, stamp.dropFirst(10).first == "T", parts.count == 3, parts[1].hasSuffix(":") {
            hour = stamp.prefix(13)
            time = stamp.dropFirst(11).prefix(8)
            author = parts[1].dropLast()
            text = parts[2]
        } else {
            (hour, time, author, text) = ("", "", "", Substring(line))
        }
    }
}

/// The messages under a header for each hour: the rows of the chat. The ids are stable as
/// messages are appended (`m` and the message's number, `h` and the hour), so the list keeps a
/// reader's place by id.
struct ChatRows: StackDataSource {
    private(set) var messages: [Message] = []
    /// Per row: the message's number, or -1 - the hour's number for a header.
    private(set) var rows: [Int] = []
    /// Per hour: its first row (its header) and its text.
    private(set) var hours: [(row: Int, hour: Substring)] = []

    /// Appends the messages of `lines`.
    mutating func append(lines: some Sequence<String>) {
        for line in lines {
            let message = Message(line: line)
            if hours.last?.hour != message.hour {
                hours.append((rows.count, message.hour))
                rows.append(-hours.count)
            }
            rows.append(messages.count)
            messages.append(message)
        }
    }

    /// The message number of `row`, nil for a header.
    func message(at row: Int) -> Int? { rows[row] >= 0 ? rows[row] : nil }

    /// The row of message `number`.
    func row(ofMessage number: Int) -> Int? { rowIndex(forID: "m\(number)") }

    var rowCount: Int { rows.count }
    func rowKind(at index: Int) -> RowKind { rows[index] < 0 ? .header : .item }
    func rowID(at index: Int) -> String { rows[index] < 0 ? "h\(-rows[index] - 1)" : "m\(rows[index])" }

    func rowIndex(forID id: String) -> Int? {
        guard let number = Int(id.dropFirst()), number >= 0 else { return nil }
        if id.first == "h" { return number < hours.count ? hours[number].row : nil }
        guard id.first == "m", number < messages.count else { return nil }
        // Messages are in row order: the row is the number plus the headers before it.
        var low = 0
        var high = hours.count
        while low < high {
            let middle = (low + high) / 2
            if hours[middle].row - middle <= number { low = middle + 1 } else { high = middle }
        }
        return number + low
    }

    func sectionRange(containing index: Int) -> Range<Int> {
        var low = 0
        var high = hours.count
        while low < high {
            let middle = (low + high) / 2
            if hours[middle].row <= index { low = middle + 1 } else { high = middle }
        }
        let start = low > 0 ? hours[low - 1].row : 0
        let end = low < hours.count ? hours[low].row : rows.count
        return start..<end
    }

    static let header = Style(foreground: .black, background: .cyan)
    static let time = Style(attributes: .dim)
    static let author = Style(foreground: .yellow, attributes: .bold)

    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        guard let number = message(at: index) else {
            let hour = hours[-rows[index] - 1].hour
            let title = hour.isEmpty ? "(no time)" : hour.prefix(10) + "  " + hour.suffix(2) + ":00"
            return TextRow(" " + title, style: Self.header, width: crossExtent, fillsWidth: true)
        }
        let message = messages[number]
        return TextRow(
            [(String(message.time) + " ", Self.time), (String(message.author) + " ", Self.author), (String(message.text), .plain)],
            width: crossExtent)
    }
}
