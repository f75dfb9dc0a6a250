import Widgets
import StackEngine
import TerminalUI
import TestSupport
import Testing

/// A list of log lines in sections of `perSection` (a one-line header each); line `n` is
/// `heights[n]` lines tall when given, else one. A class holds the heights so a test can change
/// a row in place and say so with `invalidate`.
final class Heights: @unchecked Sendable {
    var values: [Int: Int] = [:]
    /// How many times a row was looked up by id.
    var lookups = 0
}

struct LogRows: StackDataSource {
    struct Row: ListRow {
        var lines: [[Cell]]
    }

    var count: Int
    var perSection = 10
    let heights = Heights()

    var rowCount: Int { count }
    func rowKind(at index: Int) -> RowKind { index % (perSection + 1) == 0 ? .header : .item }
    func rowID(at index: Int) -> String { rowKind(at: index) == .header ? "hour-\(index / (perSection + 1))" : "line-\(index)" }
    func rowIndex(forID id: String) -> Int? {
        heights.lookups += 1
        if id.hasPrefix("line-") { return Int(id.dropFirst(5)).flatMap { $0 < count ? $0 : nil } }
        if id.hasPrefix("hour-") { return Int(id.dropFirst(5)).map { $0 * (perSection + 1) }.flatMap { $0 < count ? $0 : nil } }
        return nil
    }
    func sectionRange(containing index: Int) -> Range<Int> {
        let start = index / (perSection + 1) * (perSection + 1)
        return start..<min(count, start + perSection + 1)
    }
    func resolveRow(at index: Int, crossExtent: Int) -> Row {
        let text = rowKind(at: index) == .header ? "== \(rowID(at: index)) ==" : "line \(index)"
        let lines = (0..<(heights.values[index] ?? 1)).map { CellText.cells($0 == 0 ? text : "  more \($0)") }
        return Row(lines: lines)
    }
}

@Suite struct LazyListTests {
    static let selection = Style(foreground: .yellow, attributes: .bold)
    static let style = ListStyle(selection: selection)

    /// Each cell of `area` as one character of what its style is: `S` the selection, `#` the
    /// scrollbar's thumb (`:` while dim), `|` its track, `.` anything else — ratatui's style-aware
    /// buffer assertions, in lines a test can compare.
    static func styleMap(_ buffer: CellBuffer, _ area: Rect) -> [String] {
        (area.y..<area.bottom).map { y in
            String((area.x..<area.right).map { x -> Character in
                let style = buffer[x, y].style
                if style == selection { return "S" }
                if style == ListStyle().scrollbarThumb { return "#" }
                if style.attributes == .dim, buffer[x, y].character == "┃" { return ":" }
                if style == ListStyle().scrollbarTrack { return "|" }
                return "."
            })
        }
    }

    @Test func twoListsShareAScreenAndNeverDrawOutsideTheirAreas() {
        var left = LazyList(source: LogRows(count: 50), width: 16, height: 5, style: Self.style)
        var right = LazyList(source: LogRows(count: 1_000), width: 20, height: 5, style: Self.style)
        right.select(id: "line-500")
        var screen = CellBuffer(width: 40, height: 7)
        screen.write(String(repeating: "x", count: 40), x: 0, y: 6)
        left.draw(into: &screen, area: Rect(x: 0, y: 1, width: 16, height: 5))
        right.draw(into: &screen, area: Rect(x: 18, y: 1, width: 20, height: 5))
        #expect(screen.textLines() == [
            "",
            "  == hour-0 == ┃    == hour-45 ==    │",
            "▌ line 1       │  ▌ line 500         │",
            "  line 2       │    line 501         ┃",
            "  line 3       │    line 502         │",
            "  line 4       │    line 503         │",
            String(repeating: "x", count: 40),
        ])
        // The selection mark in the selection's style; the thumb dim: the height is estimated.
        #expect(Self.styleMap(screen, Rect(x: 0, y: 1, width: 16, height: 5)) == [
            "...............:", "S..............|", "...............|", "...............|", "...............|",
        ])
    }

    @Test func selectionMovesBelowThePinnedHeaderAndStopsAtTheEnds() {
        var list = LazyList(source: LogRows(count: 30), width: 20, height: 4, style: Self.style)
        #expect(list.selectedID == "line-1")
        for _ in 0..<4 { list.selectNext() }
        #expect(list.selectedID == "line-5")
        var screen = CellBuffer(width: 20, height: 4)
        list.draw(into: &screen, area: Rect(screen))
        // Revealed at the bottom; the header stays pinned at the top.
        #expect(screen.textLines()[0].hasPrefix("  == hour-0 =="))
        #expect(screen.textLines()[3].hasPrefix("▌ line 5"))
        list.selectLast()
        #expect(list.selectedID == "line-29")
        list.selectNext()
        #expect(list.selectedID == "line-29")
        list.selectFirst()
        #expect(list.selectedID == "line-1")
        list.selectPrevious()
        #expect(list.selectedID == "line-1")
    }

    @Test func selectingFarAwayInAMillionRowsLandsRightBelowTheHeader() {
        var list = LazyList(source: LogRows(count: 1_000_000), width: 30, height: 6, style: Self.style)
        let found = list.select(id: "line-999993")
        #expect(found)
        var screen = CellBuffer(width: 30, height: 6)
        list.draw(into: &screen, area: Rect(screen))
        #expect(screen.textLines()[0].hasPrefix("  == hour-90908 =="))
        #expect(screen.textLines()[1].hasPrefix("▌ line 999993"))
        // A header's id shows the header at the top and selects its section's first row.
        let result1 = list.select(id: "hour-3")

        #expect(result1)
        #expect(list.selectedID == "line-34")
        list.draw(into: &screen, area: Rect(screen))
        #expect(screen.textLines()[0].hasPrefix("  == hour-3 =="))
        #expect(screen.textLines()[1].hasPrefix("▌ line 34"))
        let result2 = list.select(id: "line-2000000")

        #expect(!result2)
        #expect(list.selectedID == "line-34", "an unknown id changes nothing")
        #expect(list.stack.resolvedCount < 40)
    }

    /// A page keeps the selection on its screen line; a page down and a page up give back the
    /// same screen and selection; at the end, the line is kept.
    @Test(arguments: [3, 45, 995])
    func pagesKeepTheSelectionOnItsLineAndComeBack(start: Int) {
        // One section: no header comes to cover the line the selection is kept on.
        var list = LazyList(source: LogRows(count: 1_000, perSection: 1_000), width: 20, height: 8, style: Self.style)
        list.select(id: "line-\(start)")
        list.selectNext()
        list.selectNext()
        let line = list.selectionLine
        var before = CellBuffer(width: 20, height: 8)
        list.draw(into: &before, area: Rect(before))
        let selected = list.selectedID
        list.page(down: true)
        let paged = list.selectionLine
        if start < 900 { #expect(paged == line) }
        list.page(down: false)
        let back = list.selectionLine
        #expect(back == line)
        guard start < 900 else { return }
        var after = CellBuffer(width: 20, height: 8)
        list.draw(into: &after, area: Rect(after))
        #expect(list.selectedID == selected)
        #expect(after == before)
    }

    @Test func scrollingTakesTheSelectionAlongWhenItLeavesTheScreen() {
        var list = LazyList(source: LogRows(count: 1_000), width: 20, height: 6, style: Self.style)
        #expect(list.selectedID == "line-1")
        list.scroll(by: 2)
        // line-1 went under the pinned header: the first row shown is selected.
        #expect(list.selectedID == "line-3")
        list.scroll(by: 30)
        var visible = list.isVisible(list.selection!)
        #expect(visible)
        let down = list.selection!
        list.scroll(by: -20)
        visible = list.isVisible(list.selection!)
        #expect(visible)
        #expect(list.selection! < down, "scrolling up selects the last row shown")
    }

    @Test func aClickSelectsTheRowAndTheScrollbarJumps() {
        var list = LazyList(source: LogRows(count: 1_000), width: 20, height: 6, style: Self.style)
        let result3 = list.click(column: 5, line: 3)

        #expect(result3 == 3)
        #expect(list.selectedID == "line-3")
        let result4 = list.click(column: 5, line: 0)

        #expect(result4 == nil, "the pinned header is not selectable")
        let result5 = list.click(column: 19, line: 5)

        #expect(result5 == nil)
        #expect(list.stack.anchor.row > 900, "a click at the scrollbar's bottom goes to the end")
        let visible = list.isVisible(list.selection!)
        #expect(visible)
    }

    @Test func aRevealedRowOnScreenDoesNotMoveTheView() {
        var list = LazyList(source: LogRows(count: 1_000), width: 20, height: 6, style: Self.style)
        let anchor = list.stack.anchor
        let result6 = list.reveal(id: "line-4")

        #expect(result6)
        #expect(list.selectedID == "line-4")
        #expect(list.stack.anchor == anchor)
        let result7 = list.reveal(id: "line-500")

        #expect(result7)
        var screen = CellBuffer(width: 20, height: 6)
        list.draw(into: &screen, area: Rect(screen))
        #expect(screen.textLines()[1].hasPrefix("▌ line 500"), "far away: right below the header")
    }

    @Test func aSelectionPutOnALineStaysThereAndAPreviewComesBack() {
        var list = LazyList(source: LogRows(count: 1_000), width: 20, height: 8, style: Self.style)
        let result8 = list.select(id: "line-500", atLine: 4)

        #expect(result8)
        let line = list.selectionLine
        #expect(line == 4)
        let result9 = list.select(id: "hour-3", atLine: 2)

        #expect(!result9, "only selectable rows")
        var before = CellBuffer(width: 20, height: 8)
        list.draw(into: &before, area: Rect(before))
        let seen = list.previewing(fraction: 1) { preview -> String? in
            var screen = CellBuffer(width: 20, height: 8)
            preview.draw(into: &screen, area: Rect(screen))
            return screen.textLines().last
        }
        #expect(seen?.hasPrefix("  line 999") == true)
        var after = CellBuffer(width: 20, height: 8)
        list.draw(into: &after, area: Rect(after))
        #expect(after == before)
    }

    @Test func aRowCanColourTheGutterBesideIt() {
        struct Bar: ListRow {
            var lines: [[Cell]] { [CellText.cells("bar")] }
            var gutterStyle: Style { Style(background: .blue) }
        }
        struct Bars: StackDataSource {
            var rowCount: Int { 2 }
            func rowID(at index: Int) -> String { "\(index)" }
            func resolveRow(at index: Int, crossExtent: Int) -> Bar { Bar() }
        }
        var list = LazyList(source: Bars(), width: 10, height: 2, style: ListStyle(showsScrollbar: false))
        var screen = CellBuffer(width: 10, height: 2)
        list.draw(into: &screen, area: Rect(screen))
        #expect(screen[1, 1].style == Style(background: .blue))
        #expect(screen[0, 0].style == ListStyle().selection, "the selection mark is drawn over it")
    }

    /// The state is a value by id: saved, scrambled, restored, the same screen comes back.
    @Test(arguments: 1...50)
    func aSavedStateComesBackExactly(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var list = LazyList(source: LogRows(count: 2_000), width: 24, height: 7, style: Self.style)
        func scramble() {
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: list.selectNext()
                case 1: list.selectPrevious()
                case 2: list.page(down: Bool.random(using: &generator))
                case 3: list.scroll(by: Int.random(in: -9...9, using: &generator))
                default: list.select(id: "line-\(Int.random(in: 1..<2_000, using: &generator))")
                }
            }
        }
        scramble()
        let saved = list.state
        var before = CellBuffer(width: 24, height: 7)
        list.draw(into: &before, area: Rect(before))
        scramble()
        list.restore(saved)
        var after = CellBuffer(width: 24, height: 7)
        list.draw(into: &after, area: Rect(after))
        #expect(list.state == saved, "seed \(seed)")
        #expect(after == before, "seed \(seed)")
    }

    @Test func aRowChangedInPlaceIsRebuiltWhenSaid() {
        let source = LogRows(count: 40)
        var list = LazyList(source: source, width: 20, height: 6, style: Self.style)
        var screen = CellBuffer(width: 20, height: 6)
        list.draw(into: &screen, area: Rect(screen))
        #expect(screen.textLines()[3] == "  line 3           │")
        source.heights.values[2] = 3
        list.draw(into: &screen, area: Rect(screen))
        #expect(screen.textLines()[3] == "  line 3           │", "not rebuilt until invalidated")
        list.invalidate(ids: ["line-2"])
        screen = CellBuffer(width: 20, height: 6)
        let frame = list.draw(into: &screen, area: Rect(screen))
        #expect(screen.textLines()[3] == "    more 1         │")
        #expect(screen.textLines()[5] == "  line 3           │")
        #expect(!frame.contentSize.isExact)
    }

    /// Several rows changed at once, said by id in one call (the anchor settled once): the screen
    /// is the one a list built afresh on the changed rows draws.
    @Test func rowsChangedTogetherDrawAsIfBuiltAfresh() {
        let source = LogRows(count: 60)
        var list = LazyList(source: source, width: 24, height: 8, style: Self.style)
        list.select(id: "line-14")
        var screen = CellBuffer(width: 24, height: 8)
        list.draw(into: &screen, area: Rect(screen))
        for row in [13, 14, 16] { source.heights.values[row] = 2 }
        list.invalidate(ids: ["line-13", "line-14", "line-16", "line-999"])
        list.draw(into: &screen, area: Rect(screen))
        var fresh = LazyList(source: source, width: 24, height: 8, style: Self.style)
        fresh.restore(list.state)
        var expected = CellBuffer(width: 24, height: 8)
        fresh.draw(into: &expected, area: Rect(expected))
        #expect(screen.textLines() == expected.textLines())
        #expect(screen.textLines().contains("    more 1             │"))
    }

    @Test func newRowsKeepTheSelectionByID() {
        var list = LazyList(source: LogRows(count: 100), width: 20, height: 5, style: Self.style)
        list.select(id: "line-50")
        list.replaceRows(from: 90, with: LogRows(count: 300))
        #expect(list.selectedID == "line-50")
        list.select(id: "line-95")
        list.replaceRows(from: 90, with: LogRows(count: 93))
        #expect(list.selectedID == "line-92", "the nearest row still there")
    }

    /// A list that grows below its selection (a log read as it is written) takes the new rows in
    /// without looking the selection up: for a source of a million rows read from a file, a lookup
    /// by id can cost a pass over every row.
    @Test func rowsAppendedBelowTheSelectionKeepItWithoutALookup() {
        var source = LogRows(count: 100)
        var list = LazyList(source: source, width: 20, height: 5, style: Self.style)
        list.select(id: "line-50")
        for count in stride(from: 200, through: 1_000, by: 100) {
            let before = source.heights.lookups
            source.count = count
            list.replaceRows(from: count - 100, with: source)
            #expect(source.heights.lookups == before)
            #expect(list.selectedID == "line-50")
        }
    }

    /// Whatever the verbs, in any order, on rows of mixed heights: the selection is a selectable
    /// row and on screen below the pinned header after each one.
    @Test(arguments: 1...40)
    func theSelectionIsAlwaysOnScreen(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let rows = LogRows(count: 3_000, perSection: Int.random(in: 1...30, using: &generator))
        for row in 0..<3_000 where rows.rowKind(at: row) == .item && Int.random(in: 0..<4, using: &generator) == 0 {
            rows.heights.values[row] = Int.random(in: 1...12, using: &generator)
        }
        var height = Int.random(in: 3...15, using: &generator)
        var list = LazyList(source: rows, width: 24, height: height, style: Self.style)
        var trace: [String] = []
        for _ in 0..<60 {
            let step: String
            switch Int.random(in: 0..<11, using: &generator) {
            case 0: list.selectNext(); step = "next"
            case 1: list.selectPrevious(); step = "previous"
            case 2:
                let down = Bool.random(using: &generator)
                list.page(down: down); step = "page \(down)"
            case 3:
                let lines = Int.random(in: -40...40, using: &generator)
                list.scroll(by: lines); step = "scroll \(lines)"
            case 4:
                let id = Bool.random(using: &generator) ? "line-\(Int.random(in: 0..<3_000, using: &generator))"
                    : "hour-\(Int.random(in: 0..<100, using: &generator))"
                list.select(id: id); step = "select \(id)"
            case 5:
                let id = "line-\(Int.random(in: 0..<3_000, using: &generator))"
                list.reveal(id: id); step = "reveal \(id)"
            case 6:
                let line = Int.random(in: 0..<height, using: &generator)
                list.click(column: 23, line: line); step = "scrollbar \(line)"
            case 7:
                let line = Int.random(in: 0..<height, using: &generator)
                list.click(column: 4, line: line); step = "click \(line)"
            case 8:
                height = Int.random(in: 3...15, using: &generator)
                list.resize(width: 24, height: height); step = "resize \(height)"
            case 9:
                let id = "line-\(Int.random(in: 0..<3_000, using: &generator))"
                let line = Int.random(in: 0..<height, using: &generator)
                list.select(id: id, atLine: line); step = "select \(id) at \(line)"
            default:
                if Bool.random(using: &generator) { list.selectFirst(); step = "first" } else { list.selectLast(); step = "last" }
            }
            trace.append(step)
            guard let selection = list.selection else {
                Issue.record("no selection after \(trace)")
                return
            }
            let visible = list.isVisible(selection)
            #expect(list.isSelectable(selection) && visible, "seed \(seed): \(trace)")
            if !visible { return }
        }
    }
}
