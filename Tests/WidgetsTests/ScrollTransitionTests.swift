import StackEngine
import TerminalUI
import Testing
import Widgets

/// Rows entering and leaving at the edges drawn by a closure of their phase.
@Suite struct ScrollTransitionTests {
    /// Rows of three lines, `row N` on each.
    struct Tall: StackDataSource {
        struct Row: ListRow { var lines: [[Cell]] }
        var rowCount: Int { 20 }
        func rowID(at index: Int) -> String { "r\(index)" }
        func resolveRow(at index: Int, crossExtent: Int) -> Row {
            Row(lines: (0..<3).map { CellText.cells("row \(index).\($0)") })
        }
    }

    @Test func rowsCutByAnEdgeTakeTheEffectOfTheirPhase() {
        var list = LazyList(source: Tall(), width: 14, height: 7, selectionMode: .none)
        var phases: [Double] = []
        list.scrollTransition { phase in
            phases.append(phase.value)
            return phase.isIdentity ? ScrollTransitionEffect() : ScrollTransitionEffect(style: Style(attributes: .dim), indent: 1, mark: phase.isTopLeading ? "^" : "v")
        }
        list.scroll(by: 1)
        var buffer = CellBuffer(width: 14, height: 7)
        list.draw(into: &buffer, area: Rect(x: 0, y: 0, width: 14, height: 7))
        // Row 0 a line above the top (a third out), row 1 whole, row 2 a line below the bottom.
        #expect(phases.map { ($0 * 3).rounded() } == [-1, 0, 1])
        #expect(buffer.textLines().map { String($0.dropLast()) } == [
            "^  row 0.1   ", "^  row 0.2   ", "  row 1.0    ", "  row 1.1    ", "  row 1.2    ", "v  row 2.0   ", "v  row 2.1   ",
        ])
        let dim = (0..<7).map { buffer[4, $0].style.attributes.contains(.dim) }
        #expect(dim == [true, true, false, false, false, true, true])
    }
}
