import StackEngine
import TerminalUI

/// The last screen line. Left: the focused id first (so it survives a narrow terminal), the
/// file's base name and the section; right: the position, how far down the view is, the content
/// height (`~` while estimated), the detail level and the marks. A message (after a command)
/// takes the place of the file name and section, right after the focused id. When the line is
/// too narrow the least important parts go first; then a focused id too long to leave room for
/// the message is cut from its left (`….b.c`, its end is the focused node), or goes, so a
/// message always shows.
struct StatusLine: Equatable {
    /// The focused item's place among the items shown.
    struct Position: Equatable {
        /// 1-based.
        var item: Int
        var count: Int
    }

    var focusedID: String?
    var fileName: String
    var section: String?
    /// 1-based position of the focused item among all items shown, and their count.
    var position: Position?
    /// `Top`, `Bot`, `All` or `42%`.
    var progress: String
    var contentSize: ContentSize
    /// The detail level (a stack document's), nil when there is none.
    var detailLevel: Int?
    var markCount: Int
    /// While the document is read: the count is only what was found so far, and how far it got.
    var loadingNote: String? = nil
    /// Where the focus is in the file, when the position says nothing of it (`line 17` of JSON
    /// Lines).
    var place: String? = nil
    /// The filter the rows show through (`filter: PATTERN`); the count is then of the items shown.
    var filterNote: String? = nil
    /// What the last command said, until the next key.
    var message: String? = nil

    /// What a filter applied says, for every content: `filter: PATTERN (12 of 40,000 so far)`,
    /// and the container filtered when it is not the root (`in .features`).
    static func filterNote(pattern: String, shown: Int, of total: Int, soFar: Bool, in container: String? = nil) -> String {
        filterNote(named: "filter: \(pattern)", shown: shown, of: total, soFar: soFar, in: container)
    }

    /// What a filter named `name` says (`filter: PATTERN`, a table's `where: EXPR`): how many it
    /// shows of how many, `so far` while it looks, and the container when not the root.
    static func filterNote(named name: String, shown: Int, of total: Int, soFar: Bool, in container: String? = nil) -> String {
        "\(name) (\(grouped(shown)) of \(grouped(total))\(soFar ? " so far" : ""))" + (container.map { " in \($0)" } ?? "")
    }

    /// The progress of a frame: `All` when everything shows, `Top`/`Bot` at the ends, else the
    /// share of the content down to the viewport's bottom — in lines once the content's height
    /// is exact (as the scrollbar), in rows while it is estimated (a count of rows is exact then,
    /// an offset in lines is not).
    static func progress<Row>(of frame: StackFrame<Row>, rowCount: Int) -> String {
        let (shown, total) = frame.contentSize.isExact
            ? (frame.scrollOffset + frame.viewportExtent, frame.contentSize.total)
            : (max(0, frame.visibleRange.upperBound - 1) + 1, rowCount)
        return progress(shown: shown, of: total, atTop: frame.isAtTop, atBottom: frame.isAtBottom)
    }

    /// `All`, `Top`, `Bot`, or the share `shown` is of `total` (rows or lines down to the
    /// viewport's bottom).
    static func progress(shown: Int, of total: Int, atTop: Bool, atBottom: Bool) -> String {
        switch (atTop, atBottom) {
        case (true, true): return "All"
        case (true, false): return "Top"
        case (false, true): return "Bot"
        case (false, false): return "\(min(99, max(1, shown * 100 / max(1, total))))%"
        }
    }

    /// A part of the line and how important it is (lower stays longer).
    private struct Part {
        var text: String
        var rank: Int
        var isRight: Bool
        /// The focused id: cut from its left when it does not fit.
        var isFocus = false
    }

    private var parts: [Part] {
        var parts = [Part(text: focusedID ?? "(no items)", rank: 0, isRight: false, isFocus: true)]
        if let message {
            // Never dropped (clipped at the edge instead), as the focused id.
            parts.append(Part(text: message, rank: 0, isRight: false))
        } else {
            parts.append(Part(text: fileName, rank: 1, isRight: false))
            if let section { parts.append(Part(text: section, rank: 7, isRight: false)) }
        }
        if let position {
            let count = (loadingNote == nil ? "" : "~") + Self.grouped(position.count)
            parts.append(Part(text: "item \(Self.grouped(position.item)) of \(count)", rank: 2, isRight: true))
        }
        if let place { parts.append(Part(text: place, rank: 2, isRight: true)) }
        if let loadingNote {
            parts.append(Part(text: loadingNote, rank: 2, isRight: true))
        }
        if let filterNote { parts.append(Part(text: filterNote, rank: 2, isRight: true)) }
        if markCount > 0 { parts.append(Part(text: "\(Self.grouped(markCount)) marked", rank: 5, isRight: true)) }
        if let detailLevel { parts.append(Part(text: "detail \(detailLevel)", rank: 6, isRight: true)) }
        let height = (contentSize.isExact ? "" : "~") + Self.grouped(contentSize.total) + (contentSize.total == 1 ? " line" : " lines")
        parts.append(Part(text: height, rank: 4, isRight: true))
        parts.append(Part(text: progress, rank: 3, isRight: true))
        return parts
    }

    /// Draws the line on row `y` of `buffer`.
    func draw(into buffer: inout CellBuffer, y: Int, style: Style) {
        buffer.fill(style, y: y)
        // A part longer than the line cannot show whole: cut it first, so a frame costs the
        // same with a 1 MB id or message as with a short one.
        var shown = parts.map { part in
            var cut = part
            if part.isFocus {
                // (Its end is what matters: the focused node.)
                let scalars = part.text.unicodeScalars
                if scalars.count > buffer.width - 1 { cut.text = "…" + String(String.UnicodeScalarView(scalars.suffix(max(1, buffer.width - 2)))) }
            } else {
                cut.text = CellText.prefix(part.text, scalars: buffer.width).text
            }
            return cut
        }
        func texts() -> (left: String, right: String) {
            (" " + shown.filter { !$0.isRight }.map(\.text).joined(separator: "  "),
             shown.filter(\.isRight).map(\.text).joined(separator: "  ") + " ")
        }
        var (left, right) = texts()
        while DisplayWidth.of(left) + 2 + DisplayWidth.of(right) > buffer.width,
            let dropped = shown.indices.filter({ shown[$0].rank > 0 }).max(by: { shown[$0].rank < shown[$1].rank }) {
            shown.remove(at: dropped)
            (left, right) = texts()
        }
        // Still too long: a focused id that leaves a message too little room keeps its end (the
        // node itself) in `focusRoom` columns — or goes.
        if let message, let focus = shown.firstIndex(where: \.isFocus) {
            let rightWidth = shown.contains(where: \.isRight) ? 2 + DisplayWidth.of(right) : 0
            let room = max(Self.focusRoom, buffer.width - rightWidth - 3 - DisplayWidth.of(message))
            let scalars = Array(shown[focus].text.unicodeScalars)
            if DisplayWidth.of(shown[focus].text) > room {
                if room >= 5 {
                    shown[focus].text = "…" + String(String.UnicodeScalarView(scalars.suffix(room - 1)))
                } else {
                    shown.remove(at: focus)
                }
                (left, right) = texts()
            }
        }
        buffer.write(left, style: style, x: 0, y: y)
        if shown.contains(where: \.isRight) {
            buffer.write(right, style: style, x: max(0, buffer.width - DisplayWidth.of(right)), y: y)
        }
    }

    /// The columns a long focused id keeps beside a message (the message gets the rest).
    static let focusRoom = 16

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
