import Widgets
import StackEngine
import TerminalUI
import TestSupport
import Testing

/// Tabs of different widths: a horizontal list's rows, each `label` in a box two lines tall.
struct Tabs: StackDataSource {
    struct Tab: ListRow {
        var lines: [[Cell]]
        var width: Int
        /// The tab and a column of gap.
        var extent: Int { width + 1 }
    }

    var count: Int
    var rowCount: Int { count }
    func rowID(at index: Int) -> String { "tab-\(index)" }
    func resolveRow(at index: Int, crossExtent: Int) -> Tab {
        let label = "t\(index)" + String(repeating: "-", count: index % 3)
        return Tab(lines: [CellText.cells(label), CellText.cells(String(repeating: "_", count: label.count))], width: label.count)
    }
}

/// `LazyList` on the horizontal axis: a strip scrolled sideways, with the list's one selection.
@Suite struct HorizontalListTests {
    static let style = ListStyle(gutterWidth: 1, selection: Style(attributes: .bold), showsScrollbar: false)

    @Test func rowsRunAcrossWithTheSelectionBarAboveTheSelectedRow() {
        var list = LazyList(source: Tabs(count: 50), width: 20, height: 3, style: Self.style, axis: .horizontal)
        var screen = CellBuffer(width: 20, height: 3)
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(screen.textLines() == [
            "━━━",
            "t0 t1- t2-- t3 t4- t",
            "__ ___ ____ __ ___ _",
        ])
        list.selectNext()
        list.selectNext()
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(screen.textLines()[0] == "       ━━━━━")
    }

    @Test func movingTheSelectionScrollsSidewaysAsLittleAsNeeded() {
        var list = LazyList(source: Tabs(count: 50), width: 20, height: 3, style: Self.style, axis: .horizontal)
        for _ in 0..<6 { list.selectNext() }
        #expect(list.selection == 6)
        let shown = list.isVisible(6)
        #expect(shown)
        let frame = list.layout()
        // The selected tab ends at the right edge: the strip moved only as far as it had to.
        let last = frame.rows.first { $0.index == 6 }!
        #expect(last.origin + last.row.width == 20 || last.origin + last.row.extent == 20)
        list.selectLast()
        let lastShown = list.isVisible(49)
        #expect(list.selection == 49 && lastShown)
        list.selectFirst()
        let first = list.layout().rows.first
        #expect(list.selection == 0 && first?.origin == 0)
    }

    @Test func aClickSelectsTheRowUnderItsColumn() {
        var list = LazyList(source: Tabs(count: 50), width: 20, height: 3, style: Self.style, axis: .horizontal)
        // Columns 7–10 are tab 2 ("t2--"), the column after is its gap.
        let hit = list.click(column: 8, line: 1)
        #expect(hit == 2)
        #expect(list.selection == 2)
        let outside = list.click(column: 25, line: 1)
        #expect(outside == nil)
        #expect(list.selection == 2)
    }

    @Test(arguments: 0..<30)
    func theSelectionStaysSelectableAndOnScreen(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var width = Int.random(in: 4...30, using: &generator)
        var list = LazyList(
            source: Tabs(count: Int.random(in: 1...400, using: &generator)), width: width, height: 3, style: Self.style,
            axis: .horizontal)
        for _ in 0..<60 {
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: list.selectNext()
            case 1: list.selectPrevious()
            case 2: list.page(down: Bool.random(using: &generator))
            case 3: list.scroll(by: Int.random(in: -30...30, using: &generator))
            case 4:
                width = Int.random(in: 4...30, using: &generator)
                list.resize(width: width, height: 3)
            case 5: _ = list.click(column: Int.random(in: 0..<width, using: &generator), line: 1)
            default: if Bool.random(using: &generator) { list.selectFirst() } else { list.selectLast() }
            }
            let selection = list.selection!
            let visible = list.isVisible(selection)
            #expect(visible, "seed \(seed)")
        }
    }
}
