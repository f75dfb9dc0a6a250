import StackEngine
import TerminalUI
import TestSupport
import Testing
import Widgets

/// A list without a selection, and a list with a set of selected rows.
@Suite struct SelectionModeTests {
    static func screen<Source>(_ list: inout LazyList<Source>, width: Int = 16, height: Int = 5) -> [String] {
        var buffer = CellBuffer(width: width, height: height)
        list.draw(into: &buffer, area: Rect(x: 0, y: 0, width: width, height: height))
        return buffer.textLines()
    }

    /// Without selection: nothing is selected or marked; the keys that select scroll a line,
    /// the first and the last go to the top and the bottom; a click selects nothing.
    @Test func aListWithoutSelectionScrolls() {
        var list = LazyList(source: LogRows(count: 100), width: 16, height: 5, selectionMode: .none)
        #expect(list.selection == nil)
        var shown = Self.screen(&list)
        #expect(shown == ["  == hour-0 == ┃", "  line 1       │", "  line 2       │", "  line 3       │", "  line 4       │"])
        list.handle(.character("j"))
        list.handle(.character("j"))
        #expect(list.selection == nil)
        // Two lines down: the hour's header pinned above lines 3 to 6.
        shown = Self.screen(&list)
        #expect(shown.dropFirst().map { $0.trimmingCharacters() } == ["line 3", "line 4", "line 5", "line 6"])
        let clicked = list.click(column: 3, line: 2)
        #expect(clicked == nil)
        list.handle(.character("G"))
        var frame = list.layout()
        #expect(frame.isAtBottom && list.selection == nil)
        list.handle(.character("g"))
        frame = list.layout()
        #expect(frame.isAtTop)
        // An id is scrolled to, and selects nothing.
        let found = list.select(id: "line-50")
        frame = list.layout()
        #expect(found && list.selection == nil && frame.rows.contains { $0.index == 50 && $0.origin == 1 })
        #expect(list.invariantViolations().isEmpty)
    }

    /// Multiple selection: the cursor moves as a selection does; toggling puts its row in the
    /// set or takes it out; the set is marked in the gutter (`•`, the cursor `▌`) and kept by
    /// id through a reload that moves the rows.
    @Test func aListWithASetOfSelectedRows() {
        var list = LazyList(source: LogRows(count: 100), width: 16, height: 5, selectionMode: .multiple)
        list.toggleSelection()
        list.selectNext()
        list.selectNext()
        list.toggleSelection()
        list.selectNext()
        #expect(list.selectedIDs == ["line-1", "line-3"])
        let shown = Self.screen(&list)
        #expect(shown == ["  == hour-0 == ┃", "• line 1       │", "  line 2       │", "• line 3       │", "▌ line 4       │"])
        list.selectPrevious()
        list.toggleSelection()
        #expect(list.selectedIDs == ["line-1"])
        // The rows reloaded with ten more before them: the set keeps its row by id.
        list.reload(with: LogRows(count: 110, perSection: 12))
        #expect(list.selectedIDs == ["line-1"])
        #expect(list.invariantViolations().isEmpty)
    }

    /// A single selection has no set: toggling does nothing.
    @Test func aSingleSelectionHasNoSet() {
        var list = LazyList(source: LogRows(count: 10), width: 16, height: 5)
        list.toggleSelection()
        #expect(list.selectedIDs.isEmpty && list.selection == 1)
    }
}

extension String {
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "│" || last == "┃" { text.removeLast() }
        while text.first == " " { text.removeFirst() }
        return String(text)
    }
}
