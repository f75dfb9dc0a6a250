import Platform

/// A screen as a test reads it: each line of text and, under it, a line naming each cell's style
/// by one character — ratatui's `assert_buffer` and Textual's snapshot tests, as plain text that a
/// diff shows and a repository keeps.
///
/// ```swift
/// let snapshot = ScreenSnapshot(terminal.screen!, styles: [selectionBar: "S", header: "h"])
/// if let failure = snapshot.compare(toFileAt: "Tests/Snapshots/top.txt") { Issue.record("\(failure)") }
/// ```
///
/// ```text
///   ▌ 106  worker
///   SSSSSSSSSSSSSSSSSS.
/// ```
public struct ScreenSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// The lines compared: a line of text (trailing blanks trimmed), then — with styles — its
    /// cells' styles, both indented by two columns so the lines stand out in a diff (an empty
    /// line stays empty: editors strip trailing blanks).
    public let lines: [String]
    /// Lines a screen row: 2 with styles, else 1.
    private let linesPerRow: Int

    /// The text of `buffer`, line by line, and with `styles` each line's cells named: the
    /// character `styles` gives a cell's style, `.` for a plain cell, `?` for a style not named.
    public init(_ buffer: CellBuffer, styles: [Style: Character]? = nil) {
        let text = buffer.textLines()
        guard let styles else {
            self.init(lines: text)
            return
        }
        let names = (0..<buffer.height).map { y in
            String((0..<buffer.width).map { x -> Character in
                let style = buffer[x, y].style
                if let name = styles[style] { return name }
                return style == .plain ? "." : "?"
            })
        }
        self.init(lines: zip(text, names).flatMap { [Self.indented($0.0), Self.indented($0.1)] }, linesPerRow: 2)
    }

    /// Any lines a test chose (a part of a screen, an export), compared the same way, a line a
    /// row.
    public init(lines: [String]) {
        self.init(lines: lines, linesPerRow: 1)
    }

    private init(lines: [String], linesPerRow: Int) {
        self.lines = lines
        self.linesPerRow = linesPerRow
    }

    private static func indented(_ line: String) -> String { line.isEmpty ? "" : "  " + line }

    /// The lines, as a file keeps them.
    public var description: String { lines.joined(separator: "\n") + "\n" }

    /// The lines where this snapshot and `expected` (a snapshot's ``description``) differ, each
    /// as `-` (expected) and `+` (this) with its screen row (and, with styles, `text` or
    /// `style`); nil when they are the same. Lines are compared row by row.
    public func difference(from expected: String) -> String? {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
            expected.hasSuffix("\n") ? 1 : 0)
        let new = lines
        guard Array(old) != new else { return nil }
        var report: [String] = []
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? old[old.startIndex + index] : nil
            let now = index < new.count ? new[index] : nil
            guard was != now else { continue }
            var place = "row \(index / linesPerRow + 1)"
            if linesPerRow == 2 { place += index % 2 == 0 ? " text " : " style" }
            if let was { report.append("- \(place) | \(was)") }
            if let now { report.append("+ \(place) | \(now)") }
        }
        return report.joined(separator: "\n")
    }

    /// Compares with the snapshot recorded at `path`: nil when they match. With `recording`, or
    /// when there is no file yet, writes this one there instead — and a missing file still fails,
    /// so a first run cannot pass unseen.
    /// - Returns: what differs (``difference(from:)``), or why it failed.
    public func compare(toFileAt path: String, recording: Bool = false) -> String? {
        let recorded = Self.read(path)
        if recording || recorded == nil {
            guard Self.write(description, to: path) else { return "cannot write the snapshot \(path)" }
            return recording ? nil : "no snapshot at \(path): recorded it; check it and run again"
        }
        return recorded.flatMap(difference(from:)).map { "snapshot \(path) differs:\n\($0)" }
    }

    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fputs(text, file) >= 0
    }
}
