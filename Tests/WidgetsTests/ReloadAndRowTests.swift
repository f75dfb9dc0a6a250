import StackEngine
import TerminalUI
import TestSupport
import Testing
import Widgets

/// Rows named by their ids, each a `TextRow` of its id.
struct NamedRows: StackDataSource {
    var ids: [String]
    var rowCount: Int { ids.count }
    func rowID(at index: Int) -> String { ids[index] }
    func rowIndex(forID id: String) -> Int? { ids.firstIndex(of: id) }
    func resolveRow(at index: Int, crossExtent: Int) -> TextRow { TextRow(ids[index], width: crossExtent) }
}

/// A reload keeps the view by id; the selection is a row; text rows wrap; clicks land by screen cell.
@Suite struct ReloadAndRowTests {
    static func list(_ ids: [String], height: Int = 10) -> LazyList<NamedRows> {
        LazyList(source: NamedRows(ids: ids), width: 20, height: height)
    }

    static let hundred = (100..<200).map { "pid-\($0)" }

    @Test func theSelectedRowKeepsItsLineWhenRowsGoAboveIt() {
        var list = Self.list(Self.hundred)
        _ = list.select(id: "pid-150", atLine: 4)
        list.reload(with: NamedRows(ids: Self.hundred.filter { $0 != "pid-120" && $0 != "pid-130" }))
        let line = list.selectionLine
        #expect(list.selectedID == "pid-150")
        #expect(line == 4)
    }

    @Test func aSelectedRowThatWentLeavesTheSelectionOnTheNearestSurvivorOnItsLine() {
        var list = Self.list(Self.hundred)
        _ = list.select(id: "pid-150", atLine: 6)
        list.reload(with: NamedRows(ids: Self.hundred.filter { $0 != "pid-150" }))
        var line = list.selectionLine
        #expect(list.selectedID == "pid-151")
        #expect(line == 6)
        // The rows after it went too: the one before takes it.
        list.reload(with: NamedRows(ids: list.source.ids.filter { !("pid-151"..."pid-170").contains($0) }))
        line = list.selectionLine
        #expect(list.selectedID == "pid-149")
        #expect(line == 6)
    }

    @Test(arguments: 0..<40)
    func reloadsAtRandomKeepTheSelectedIDOnItsLine(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var ids = (0..<300).map { "r\(1000 + $0)" }
        var list = Self.list(ids, height: Int.random(in: 3...12, using: &generator))
        var next = 2000
        for _ in 0..<30 {
            if Bool.random(using: &generator) {
                _ = list.select(id: ids.randomElement(using: &generator)!, atLine: Int.random(in: 0..<8, using: &generator))
            } else {
                list.page(by: Int.random(in: -20...20, using: &generator))
            }
            let selected = list.selectedID!
            let line = list.selectionLine
            // Some rows go, some come (new ids, in order).
            ids = ids.filter { _ in Int.random(in: 0..<10, using: &generator) > 0 }
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                ids.insert("r\(next)", at: Int.random(in: 0...ids.count, using: &generator))
                next += 1
            }
            if ids.isEmpty { ids = ["r\(next)"] }
            list.reload(with: NamedRows(ids: ids))
            let frame = list.layout()
            let now = list.selectedID!
            let visible = list.isVisible(list.selection!)
            let lineNow = list.selectionLine
            #expect(visible, "seed \(seed)")
            if ids.contains(selected) {
                #expect(now == selected, "seed \(seed)")
                #expect(lineNow == line || frame.isAtTop || frame.isAtBottom, "seed \(seed): \(selected) line \(line) -> \(lineNow), row \(list.selection!) of \(ids.count), height \(list.stack.viewportExtent), top \(frame.rows.first?.index ?? -1)")
            }
        }
    }

    @Test func theSelectedRowCanBeABarAcrossTheRow() {
        let bar = Style(background: .blue)
        var list = LazyList(
            source: NamedRows(ids: ["a", "b", "c"]), width: 10, height: 3,
            style: ListStyle(selection: Style(attributes: .bold), selectedRow: bar))
        list.selectNext()
        var screen = CellBuffer(width: 10, height: 3)
        list.draw(into: &screen, area: Rect(screen))
        // Row b, gutter to the column before the scrollbar, has the bar's background; a and c do not.
        #expect((0..<9).allSatisfy { screen[$0, 1].style.background == .blue })
        #expect((0..<9).allSatisfy { screen[$0, 0].style.background == nil && screen[$0, 2].style.background == nil })
        #expect(screen[0, 1].style.attributes.contains(.bold))
        let selected = list.selectedRow?.lines.first.map { String($0.map(\.character)) }
        #expect(selected == "b")
    }

    @Test func textRowsWrapFillAndCut() {
        let wrapped = TextRow("a long line of words", width: 8)
        #expect(wrapped.lines.map { String($0.map(\.character)) } == ["a long", "line of", "words"])
        // Spaces inside a line stay (columns, an indent); a space at a break goes, making no line.
        let columns = TextRow("  pid    name", width: 20)
        #expect(columns.lines.map { String($0.map(\.character)) } == ["  pid    name"])
        #expect(TextRow("hello ", width: 5).lines.count == 1)
        let header = TextRow("Hour 3", style: Style(background: .cyan), width: 10, fillsWidth: true)
        #expect(header.lines.count == 1 && header.lines[0].count == 10)
        #expect(header.lines[0].allSatisfy { $0.style.background == .cyan } && header.gutterStyle.background == .cyan)
        let cut = TextRow("a line far too long\nsecond", width: 8, wraps: false)
        #expect(cut.lines.map { String($0.map(\.character)) } == ["a line …"])
        let wide = TextRow("日本語です", width: 6, wraps: false)
        #expect(wide.lines[0].reduce(0) { $0 + Int($1.width) } <= 6)
        #expect(TextRow("\u{1b}[31mred", width: 20).lines[0].allSatisfy { $0.character != "\u{1b}" })
        // Spans in several styles wrap as one text, each cell keeping its span's style.
        let red = Style(foreground: .red)
        let spans = TextRow([("12:00 ", .plain), ("ERROR", red), (" disk full", .plain)], width: 12)
        #expect(spans.lines.map { String($0.map(\.character)) } == ["12:00 ERROR", "disk full"])
        #expect(spans.lines[0].map { $0.style == red } == Array(repeating: false, count: 6) + Array(repeating: true, count: 5))
    }

    @Test func aClickIsFoundInTheAreaTheListWasDrawnInto() {
        var list = Self.list(Self.hundred, height: 5)
        var screen = CellBuffer(width: 40, height: 12)
        list.draw(into: &screen, area: Rect(x: 10, y: 4, width: 20, height: 5))
        let inside = list.click(x: 12, y: 6)
        #expect(inside == 2)
        #expect(list.selectedID == "pid-102")
        let left = list.click(x: 5, y: 6)
        let below = list.click(x: 12, y: 9)
        #expect(left == nil && below == nil)
        #expect(list.selectedID == "pid-102")
    }

    @Test func aSelectionBarInAnAreaOfNoWidthDrawsNothing() {
        var list = LazyList(
            source: NamedRows(ids: ["a", "b"]), width: 0, height: 2, style: ListStyle(selectedRow: Style(background: .red)))
        var screen = CellBuffer(width: 4, height: 2)
        list.draw(into: &screen, area: Rect(x: 4, y: 0, width: 0, height: 2))
        list.draw(into: &screen, area: Rect(x: 9, y: 0, width: 3, height: 2))
        #expect(screen.textLines() == ["", ""])
    }

    @Test func aSnapshotSaysWhichRowDiffers() {
        var screen = CellBuffer(width: 6, height: 2)
        screen.write("ab", style: Style(attributes: .bold), x: 0, y: 1)
        let snapshot = ScreenSnapshot(screen, styles: [Style(attributes: .bold): "B"])
        #expect(snapshot.lines == ["", "  ......", "  ab", "  BB...."])
        let report = snapshot.difference(from: "\n  ......\n  ab\n  B....\n")
        #expect(report == "- row 2 style |   B....\n+ row 2 style |   BB....")
        #expect(snapshot.difference(from: snapshot.description) == nil)
    }
}
