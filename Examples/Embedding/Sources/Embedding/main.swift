import TStack

/// A million log lines, each one line tall: a flat list implements only its count, its ids and
/// its rows (and, being big, finds an id by arithmetic rather than by the default search).
struct LogLines: StackDataSource {
    struct Line: StackRow {
        var text: String
        var extent: Int { 1 }
    }

    var rowCount: Int { 1_000_000 }
    func rowID(at index: Int) -> String { "line-\(index)" }
    func resolveRow(at index: Int, crossExtent: Int) -> Line { Line(text: "\(index): GET /item/\(index) 200") }
    func rowIndex(forID id: String) -> Int? {
        guard id.hasPrefix("line-"), let index = Int(id.dropFirst(5)), (0..<rowCount).contains(index) else { return nil }
        return index
    }
}

var stack = LazyStack(source: LogLines(), crossExtent: 60, viewportExtent: 5)
guard stack.scroll(toID: "line-999000", alignment: .center) else { fatalError("line-999000 not found") }
var screen = CellBuffer(width: 60, height: 5)
for placed in stack.layout().rows {
    screen.write(placed.row.text, x: 0, y: placed.origin)
}
for line in screen.textLines() { print(line) }

// The article's step 5 (`FromADataSourceToARunningApp`), as written there: a list with a
// selection over text rows.
struct LogList: StackDataSource {
    var rowCount: Int { 1_000_000 }
    func rowID(at index: Int) -> String { "line-\(index)" }
    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        TextRow("\(index): GET /item/\(index) 200", width: crossExtent)
    }
}

var list = LazyList(source: LogList(), width: 80, height: 23)
list.select(id: "line-999000")
list.selectNext()
var listScreen = CellBuffer(width: 80, height: 24)
list.draw(into: &listScreen, area: Rect(x: 0, y: 0, width: 80, height: 23))
let saved = list.state          // the selected id and the top row, by id
list.restore(saved)             // the same screen, even after rows changed around them
print("selected \(list.selectedID ?? "-")")
