import Widgets
import StackEngine
import TerminalUI
import TestSupport
import Testing

/// A table of strings held in full: the naive table a `LazyTable` must show, cell for cell.
struct Grid: TableDataSource {
    var titles: [String]
    var widths: [Int]
    var cells: [[String]]

    var rowCount: Int { cells.count }
    var columnCount: Int { titles.count }
    var labelTitle: String { "#" }
    func title(ofColumn column: Int) -> String { titles[column] }
    func width(ofColumn column: Int) -> Int { widths[column] }
    func label(ofRow row: Int) -> String { String(row) }
    func rowID(at row: Int) -> String { "r\(row)" }
    func rowIndex(forID id: String) -> Int? {
        guard id.hasPrefix("r"), let row = Int(id.dropFirst()), row >= 0, row < rowCount else { return nil }
        return row
    }
    func record(at row: Int) -> [String] { cells[row] }
    func cell(atColumn column: Int, of record: [String]) -> TableCell {
        TableCell(record[column], alignment: Self.isNumeric(column) ? .trailing : .leading)
    }
    /// Every third column keeps to its trailing end, as numbers do.
    static func isNumeric(_ column: Int) -> Bool { column % 3 == 2 }

    /// A grid of `rows` × `columns` of random letters, columns 1–12 wide.
    static func random(rows: Int, columns: Int, using generator: inout SeededGenerator) -> Grid {
        let letters = Array("abcdefghij")
        func word(_ length: ClosedRange<Int>, _ generator: inout SeededGenerator) -> String {
            let count = Int.random(in: length, using: &generator)
            var word = ""
            for _ in 0..<count { word.append(letters[Int.random(in: 0..<letters.count, using: &generator)]) }
            return word
        }
        var grid = Grid(titles: [], widths: [], cells: [])
        for column in 0..<columns {
            grid.titles.append("c\(column)" + word(0...6, &generator))
            grid.widths.append(Int.random(in: 1...12, using: &generator))
        }
        for _ in 0..<rows {
            var row: [String] = []
            for _ in 0..<columns { row.append(word(0...15, &generator)) }
            grid.cells.append(row)
        }
        return grid
    }

    /// `text` as the table shows it in a column `width` wide: cut with `…`, at its end.
    static func fitted(_ text: String, width: Int, trailing: Bool) -> String {
        let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        let pad = String(repeating: " ", count: width - cut.count)
        return trailing ? pad + cut : cut + pad
    }
}

/// `LazyTable`: the header row pinned at the top, the label column at the left, and between
/// them the cells of a naive table wherever the view has scrolled.
@Suite struct LazyTableTests {
    static let letters = Grid(
        titles: ["name", "city", "age"], widths: [6, 5, 3],
        cells: (0..<100).map { ["name\($0)", $0 % 2 == 0 ? "Oslo" : "Kraków-Podgórze", String($0 * 7)] })

    /// A screen line left of the scrollbar, its trailing blanks trimmed.
    static func trimmed(_ line: Substring) -> String {
        var line = String(line)
        while line.last == " " { line.removeLast() }
        return line
    }

    @Test func theHeaderRowAndTheLabelColumnFrameTheCells() {
        var table = LazyTable(source: Self.letters, width: 20, height: 4)
        var screen = CellBuffer(width: 20, height: 4)
        table.draw(into: &screen, area: Rect(x: 0, y: 0, width: 20, height: 4))
        let lines = screen.textLines().map { Self.trimmed($0.prefix(19)) }
        #expect(lines == [
            " #│name   city  age",
            " 0│name0  Oslo    0",
            " 1│name1  Krak…   7",
            " 2│name2  Oslo   14",
        ])
        // The header row is bold and underlined across; the first row's first cell is selected.
        #expect(Array(screen.row(0))[10].style.attributes.contains([.bold, .underline]))
        #expect(Array(screen.row(1))[3].style.attributes.contains(.reverse))
        #expect(!Array(screen.row(1))[10].style.attributes.contains(.reverse))
        #expect(Array(screen.row(1))[10].style.attributes.contains(.bold))
        #expect(!Array(screen.row(2))[3].style.attributes.contains(.bold))
    }

    @Test func rowsScrollUnderTheHeaderAndColumnsBesideTheLabels() {
        var table = LazyTable(source: Self.letters, width: 14, height: 4)
        var screen = CellBuffer(width: 14, height: 4)
        table.selectLastRow()
        table.selectNextColumn()
        table.selectNextColumn()
        table.draw(into: &screen, area: Rect(x: 0, y: 0, width: 14, height: 4))
        #expect(screen.textLines().map { Self.trimmed($0.prefix(13)) } == [
            " #│city  age",
            "97│Krak… 679",
            "98│Oslo  686",
            "99│Krak… 693",
        ])
        #expect(table.selectedRow == 99 && table.selectedColumn == 2)
        #expect(Array(screen.row(3))[9].style.attributes.contains(.reverse))
    }

    @Test func rowsAndColumnsAppendedShowWithoutMovingTheView() {
        var table = LazyTable(source: Grid(titles: ["a"], widths: [3], cells: (0..<9).map { ["x\($0)"] }), width: 12, height: 3)
        table.selectNextRow()
        table.replaceRows(from: 9) { grid in
            grid.titles.append("b")
            grid.widths.append(2)
            grid.cells = (0..<12).map { ["x\($0)", "y"] }
        }
        var screen = CellBuffer(width: 12, height: 3)
        table.draw(into: &screen, area: Rect(x: 0, y: 0, width: 12, height: 3))
        // The label column widened for row 11 and the new column shows after the first.
        #expect(screen.textLines().map { Self.trimmed($0.prefix(11)) } == [
            " #│a   b",
            " 0│x0  y",
            " 1│x1  y",
        ])
        #expect(table.selectedRow == 1)
    }

    @Test func aClickSelectsTheCellUnderIt() {
        var table = LazyTable(source: Self.letters, width: 20, height: 4)
        var screen = CellBuffer(width: 20, height: 4)
        table.draw(into: &screen, area: Rect(x: 0, y: 0, width: 20, height: 4))
        table.click(x: 10, y: 2)
        #expect(table.selectedRow == 1 && table.selectedColumn == 1)
        table.click(x: 1, y: 0)
        #expect(table.selectedRow == 1 && table.selectedColumn == 1)
    }

    /// An area too small for a table draws nothing outside it and never traps.
    @Test func aTinyAreaIsSafe() {
        var table = LazyTable(source: Self.letters, width: 20, height: 4)
        for (width, height) in [(0, 0), (1, 1), (2, 1), (3, 2), (0, 5), (5, 0)] {
            table.resize(width: width, height: height)
            var screen = CellBuffer(width: 30, height: 8)
            screen.fill(Style(attributes: .underline), area: Rect(x: 0, y: 0, width: 30, height: 8))
            table.draw(into: &screen, area: Rect(x: 2, y: 2, width: width, height: height))
            for y in 0..<8 {
                for x in 0..<30 where !Rect(x: 2, y: 2, width: width, height: height).contains(x: x, y: y) {
                    #expect(screen[x, y].style.attributes == .underline, "\(width)x\(height) drew at \(x),\(y)")
                }
            }
        }
    }

    @Test(arguments: 0..<40)
    func whereverItScrollsTheScreenIsTheNaiveTablesAndTheSelectionShows(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let grid = Grid.random(
            rows: Int.random(in: 0...300, using: &generator), columns: Int.random(in: 1...25, using: &generator),
            using: &generator)
        var width = Int.random(in: 8...60, using: &generator)
        var height = Int.random(in: 2...20, using: &generator)
        var table = LazyTable(source: grid, width: width, height: height)
        for step in 0..<80 {
            let operation = Int.random(in: 0..<13, using: &generator)
            switch operation {
            case 0: table.selectNextRow()
            case 1: table.selectPreviousRow()
            case 2: table.page(down: Bool.random(using: &generator))
            case 3: table.scroll(by: Int.random(in: -30...30, using: &generator))
            case 4: table.selectFirstRow()
            case 5: table.selectLastRow()
            case 6: table.select(row: Int.random(in: 0..<max(1, grid.rowCount), using: &generator), alignment: .center)
            case 7, 8: table.selectNextColumn()
            case 9: table.selectPreviousColumn()
            case 10: Bool.random(using: &generator) ? table.selectFirstColumn() : table.selectLastColumn()
            case 11: table.select(column: Int.random(in: 0..<grid.columnCount, using: &generator))
            default:
                width = Int.random(in: 8...60, using: &generator)
                height = Int.random(in: 2...20, using: &generator)
                table.resize(width: width, height: height)
            }
            check(&table, grid: grid, width: width, height: height, context: "seed \(seed) step \(step) (operation \(operation))")
        }
    }

    /// The screen drawn is the naive table's at the rows and columns shown, the header row on
    /// top, the labels at the left, the columns side by side, and the selected cell on it.
    private func check(_ table: inout LazyTable<Grid>, grid: Grid, width: Int, height: Int, context: String) {
        var screen = CellBuffer(width: width, height: height)
        table.draw(into: &screen, area: Rect(x: 0, y: 0, width: width, height: height))
        let lines = screen.textLines().map { Array(($0 + String(repeating: " ", count: width)).prefix(width - 1)) }
        let label = table.labelWidth
        #expect(label == max(1, String(max(0, grid.rowCount - 1)).count), "\(context)")
        let shown = table.columnsOnScreen()
        // The columns lie side by side from beside the label column (or under it, partly) to the
        // right edge (or the last column).
        for (left, next) in zip(shown, shown.dropFirst()) {
            #expect(next.column == left.column + 1 && next.x == left.x + left.width + 1, "\(context)")
        }
        if let first = shown.first, let last = shown.last {
            // (A column whose cells end under the rule leaves its gap beside it.)
            #expect(first.x <= label + 2 && first.x + first.width > label + 1, "\(context)")
            #expect(last.x + last.width + 1 >= width - 1 || last.column == grid.columnCount - 1, "\(context)")
        }
        func line(label text: String, cells: [(String, Bool)]) -> [Character] {
            var line = Array(repeating: Character(" "), count: width - 1)
            for (offset, character) in Grid.fitted(text, width: label, trailing: true).enumerated() where offset < width - 1 {
                line[offset] = character
            }
            if label < width - 1 { line[label] = "│" }
            for (placed, (text, trailing)) in zip(shown, cells) {
                for (offset, character) in Grid.fitted(text, width: placed.width, trailing: trailing).enumerated() {
                    let x = placed.x + offset
                    if x > label, x < width - 1 { line[x] = character }
                }
                // A text cut at the left edge (under the label column) starts with `…` there.
                let shownWidth = min(text.count, placed.width)
                let start = placed.x + (trailing ? placed.width - shownWidth : 0)
                if start <= label, start + shownWidth > label + 1, label + 1 < width - 1 { line[label + 1] = "…" }
            }
            return line
        }
        let titles = shown.map { (grid.titles[$0.column], false) }
        #expect(lines[0] == line(label: "#", cells: titles), "\(context): the header row")
        // The rows below it are consecutive rows of the grid, as many as fit.
        let first = grid.rowCount > 0 ? Int(String(lines[min(1, height - 1)].prefix(label).filter { $0 != " " })) : nil
        let rowsShown = min(height - 1, grid.rowCount)
        for offset in 0..<rowsShown {
            guard let first else { break }
            let row = first + offset
            guard row < grid.rowCount else {
                Issue.record("\(context): a line below the last row")
                break
            }
            let cells = shown.map { (grid.cells[row][$0.column], Grid.isNumeric($0.column)) }
            #expect(lines[1 + offset] == line(label: String(row), cells: cells), "\(context): row \(row)")
        }
        // The selected cell is on screen, reversed, and whole when its column fits.
        guard let row = table.selectedRow, let column = table.selectedColumn, let first else {
            #expect(grid.rowCount == 0 || height < 2, "\(context): nothing selected")
            return
        }
        let y = 1 + row - first
        #expect(y >= 1 && y < height, "\(context): the selected row is off screen \(row) first \(first) h \(height) \(lines.map { String($0) })")
        guard let placed = shown.first(where: { $0.column == column }) else {
            Issue.record("\(context): the selected column is off screen")
            return
        }
        if placed.width <= width - 2 - label - 1 {
            #expect(placed.x > label && placed.x + placed.width <= width - 1, "\(context): the selected column is cut")
        } else {
            #expect(placed.x == label + 1, "\(context): a column wider than the room shows from its start")
        }
        let x = max(placed.x, label + 1)
        if y >= 1, y < height, x < width - 1 {
            #expect(Array(screen.row(y))[x].style.attributes.contains(.reverse), "\(context)")
        }
    }
}

/// The table's and the tree's default keys do what they say in the widgets.
@Suite struct WidgetKeysTests {
    static func action<Action, Context>(_ text: String, in table: KeyTable<Action, Context>, _ context: Context) -> Action {
        table.action(for: KeyChord(text), in: context)!
    }

    @Test func theTablesKeysMoveTheSelectedCell() {
        var table = LazyTable(source: LazyTableTests.letters, width: 20, height: 4)
        table.perform(Self.action("$", in: TableKeys.table, .list))
        #expect(table.selectedColumn == LazyTableTests.letters.columnCount - 1)
        table.perform(Self.action("0", in: TableKeys.table, .list))
        #expect(table.selectedColumn == 0)
        table.perform(Self.action("l", in: TableKeys.table, .list))
        #expect(table.selectedColumn == 1)
        table.perform(Self.action("j", in: TableKeys.table, .list))
        #expect(table.selectedRow == 1)
        table.perform(Self.action("G", in: TableKeys.table, .list))
        #expect(table.selectedRow == LazyTableTests.letters.rowCount - 1)
    }

    @Test func theTreesKeysFoldAndMove() {
        let top = Nodes.Node([Nodes.Node([Nodes.Node(nil), Nodes.Node(nil)]), Nodes.Node(nil)])
        var tree = LazyTree(source: LazyTreeTests.rows(TreeOutline(model: Nodes(top))), width: 20, height: 10)
        // Rows: / /0 /0/0 /0/1 /0#end /1 /#end.
        #expect(tree.list.stack.rowCount == 7)
        tree.perform(Self.action("j", in: TreeKeys.table, .list))
        #expect(tree.focusedIndexes == [0])
        tree.perform(Self.action("zc", in: TreeKeys.table, .list))
        #expect(tree.list.stack.rowCount == 4)
        tree.perform(Self.action("l", in: TreeKeys.table, .list))
        #expect(tree.list.stack.rowCount == 7)
        tree.perform(Self.action("]", in: TreeKeys.table, .list))
        #expect(tree.focusedIndexes == [1])
        tree.perform(Self.action("zM", in: TreeKeys.table, .list))
        #expect(tree.list.stack.rowCount == 4)
    }
}

