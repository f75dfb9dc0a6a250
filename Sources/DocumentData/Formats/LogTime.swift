import Platform

/// The time a log record carries, told without configuration: the first of its top-level
/// members named ``fieldNames``, an RFC 3339 / ISO 8601 string (`2026-11-28T10:32:05.123Z`,
/// `2026-11-28 10:32:05+01:00`, a date alone) or a number of epoch seconds, milliseconds,
/// microseconds or nanoseconds (told by its size). Times without a zone are taken as UTC.
public enum LogTime {
    /// The names a time is found under, in the order they are looked for.
    public static let fieldNames = ["ts", "time", "timestamp", "@timestamp", "t", "date"]

    /// The time of the JSON record `bytes` (an object, or its first part), in microseconds since
    /// the epoch; nil when it has none.
    static func microseconds(ofRecord bytes: UnsafeRawBufferPointer) -> Int64? {
        let record = UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        var best: (rank: Int, value: Int64)?
        MemberScanner.forEachMember(in: record) { key, value in
            guard key.count <= 12,
                  let rank = fieldBytes.firstIndex(where: { MemberScanner.key(record, key, is: $0) }),
                  best.map({ rank < $0.rank }) ?? true,
                  let time = microseconds(ofValue: UnsafeRawBufferPointer(rebasing: bytes[value]))
            else { return true }
            best = (rank, time)
            // (The first name found: no other comes before it.)
            return rank > 0
        }
        return best?.value
    }

    /// ``fieldNames``' bytes.
    private static let fieldBytes = fieldNames.map { Array($0.utf8) }

    /// The time a JSON value (a string or a number, as written) says, in microseconds.
    static func microseconds(ofValue value: UnsafeRawBufferPointer) -> Int64? {
        guard let first = value.first else { return nil }
        if first == UInt8(ascii: "\"") {
            return microseconds(ofText: UnsafeRawBufferPointer(rebasing: value.dropFirst().prefix { $0 != UInt8(ascii: "\"") }))
        }
        guard JSONLinesOutput.isJSONNumber(value), let number = Double(String(decoding: value, as: UTF8.self)) else { return nil }
        return microseconds(ofNumber: number)
    }

    /// The time a number of epoch seconds, milliseconds, microseconds or nanoseconds says (told
    /// by its size), in microseconds.
    static func microseconds(ofNumber number: Double) -> Int64? {
        let magnitude = abs(number)
        // Seconds until the year 5138, then milliseconds, microseconds, nanoseconds.
        let microseconds = magnitude < 1e11 ? number * 1e6 : magnitude < 1e14 ? number * 1e3 : magnitude < 1e17 ? number : number / 1e3
        return Int64(exactly: microseconds.rounded(.towardZero))
    }

    /// The time `text` writes in RFC 3339 / ISO 8601, in microseconds since the epoch.
    static func microseconds(ofText text: UnsafeRawBufferPointer) -> Int64? {
        var reader = DigitReader(text: text)
        guard let year = reader.number(4), reader.skip(UInt8(ascii: "-")),
              let month = reader.number(2), reader.skip(UInt8(ascii: "-")), let day = reader.number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Int64(daysFromCivil(year: year, month: month, day: day)) * 86_400
        var fraction: Int64 = 0
        // A time after `T`, or after a blank when a digit follows it (`2026-11-28 ` is a date).
        let timeFollows = reader.index + 1 < text.count && (0x30...0x39).contains(text[reader.index + 1])
        if reader.index < text.count, text[reader.index] == UInt8(ascii: "T") || text[reader.index] == UInt8(ascii: "t")
            || (text[reader.index] == 0x20 && timeFollows) {
            reader.index += 1
            guard let hour = reader.number(2), reader.skip(UInt8(ascii: ":")), let minute = reader.number(2),
                  hour < 24, minute < 60
            else { return nil }
            seconds += Int64(hour * 3600 + minute * 60)
            if reader.skip(UInt8(ascii: ":")) {
                guard let second = reader.number(2), second <= 60 else { return nil }
                seconds += Int64(second)
                if reader.skip(UInt8(ascii: ".")) || reader.skip(UInt8(ascii: ",")) {
                    var scale: Int64 = 100_000
                    while reader.index < text.count, (0x30...0x39).contains(text[reader.index]) {
                        fraction += Int64(text[reader.index] - 0x30) * scale
                        scale /= 10
                        reader.index += 1
                    }
                }
            }
            // A zone, perhaps after a blank (`10:32:05 +0100`, as Go writes it).
            let beforeBlank = reader.index
            _ = reader.skip(0x20)
            if reader.skip(UInt8(ascii: "Z")) || reader.skip(UInt8(ascii: "z")) {
            } else if reader.index < text.count,
                      text[reader.index] == UInt8(ascii: "+") || text[reader.index] == UInt8(ascii: "-") {
                let sign: Int64 = text[reader.index] == UInt8(ascii: "+") ? 1 : -1
                reader.index += 1
                guard let hours = reader.number(2), hours < 24 else { return nil }
                _ = reader.skip(UInt8(ascii: ":"))
                let minutes = reader.number(2) ?? 0
                guard minutes < 60 else { return nil }
                seconds -= sign * Int64(hours * 3600 + minutes * 60)
            } else {
                reader.index = beforeBlank
            }
        }
        // Nothing after the time but blanks (`2026-11-28.foo` is no time).
        while reader.index < text.count, text[reader.index] == 0x20 || text[reader.index] == 0x09 { reader.index += 1 }
        guard reader.index == text.count else { return nil }
        return seconds * 1_000_000 + fraction
    }

    /// The time `text` says relative to `now` (microseconds since the epoch): `-15m`, `-2h`,
    /// `-3d`, `-30s`, `-1w` (or `+…`); nil for anything else.
    static func relative(_ text: String, now: Int64) -> Int64? {
        guard let sign = text.first, sign == "-" || sign == "+", let unit = text.last,
              let count = Int64(text.dropFirst().dropLast()), count >= 0
        else { return nil }
        let seconds: Int64
        switch unit {
        case "s": seconds = 1
        case "m": seconds = 60
        case "h": seconds = 3600
        case "d": seconds = 86_400
        case "w": seconds = 604_800
        default: return nil
        }
        let (span, overflow) = count.multipliedReportingOverflow(by: seconds * 1_000_000)
        guard !overflow else { return nil }
        return sign == "-" ? now &- span : now &+ span
    }

    /// The time now, in microseconds since the epoch.
    static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    /// The days of `month` in `year` (the Gregorian calendar's).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A reader of digits and marks in a text, a byte at a time: a struct rather than functions
/// nested in the parser that capture its index, which Swift boxes and checks for exclusive
/// access at every byte (7% of a `:describe` of a log went to it).
private struct DigitReader {
    let text: UnsafeRawBufferPointer
    var index = 0

    /// The number `digits` decimal digits write, read past; nil if there are not so many.
    mutating func number(_ digits: Int) -> Int? {
        guard index + digits <= text.count else { return nil }
        var value = 0
        for _ in 0..<digits {
            let byte = text[index]
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        return value
    }

    /// Whether `byte` comes next; read past if it does.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < text.count, text[index] == byte else { return false }
        index += 1
        return true
    }
}
