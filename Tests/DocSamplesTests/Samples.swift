import Testing
import TStack

// Every code sample of the documentation — the public doc comments, the DocC articles, the
// README — compiled, each between `// sample: FILE#N` (the file's N-th sample) and `// end
// sample`; `DocSamplesTests` checks that each is the documented text, its `import` lines aside
// (this file imports). The functions are compiled, not run: a sample opens files and terminals.

// sample: Sources/TStack/TStack.docc/FromADataSourceToARunningApp.md#1
struct LogLines: StackDataSource {
    struct Line: StackRow {
        var text: String
        var extent: Int { 1 }
    }

    var rowCount: Int { 1_000_000 }
    func rowID(at index: Int) -> String { "line-\(index)" }
    func resolveRow(at index: Int, crossExtent: Int) -> Line {
        Line(text: "\(index): GET /item/\(index) 200")
    }
}
// end sample

extension LogLines {
    // sample: Sources/TStack/TStack.docc/FromADataSourceToARunningApp.md#2
    func rowIndex(forID id: String) -> Int? {
        guard id.hasPrefix("line-"), let index = Int(id.dropFirst(5)), index < rowCount else { return nil }
        return index
    }
    // end sample
}

// sample: Sources/TStack/TStack.docc/FromADataSourceToARunningApp.md#4
func draw(_ stack: inout LazyStack<LogLines>) -> CellBuffer {
    var screen = CellBuffer(width: stack.crossExtent, height: stack.viewportExtent + 1)
    for placed in stack.layout().rows {
        screen.write(placed.row.text, x: 0, y: placed.origin)
    }
    screen.write(" \(stack.anchorID ?? "")  q quits", style: Style(attributes: .reverse), x: 0, y: stack.viewportExtent)
    return screen
}
// end sample

func runningApp() throws {
    // sample: Sources/TStack/TStack.docc/FromADataSourceToARunningApp.md#3
    var stack = LazyStack(source: LogLines(), crossExtent: 80, viewportExtent: 23)
    stack.scroll(toID: "line-999000", alignment: .center)
    // end sample
    // sample: Sources/TStack/TStack.docc/FromADataSourceToARunningApp.md#5
    let terminal = try NcursesTerminal(color: true)
    defer { terminal.close() }
    loop: while let event = terminal.nextEvent() {
        switch event {
        case .key(.character("q")), .signal: break loop
        case .key(.down): stack.scroll(by: 1)
        case .key(.pageDown): stack.scroll(by: stack.viewportExtent - 1)
        case .resize(let size): stack.setViewport(crossExtent: size.width, viewportExtent: size.height - 1)
        default: break
        }
        if !terminal.hasPendingInput {
            terminal.present(draw(&stack))
            stack.prefetch()
        }
    }
    // end sample
}

func aList() {
    // sample: Sources/TStack/TStack.docc/FromADataSourceToARunningApp.md#6
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
    var screen = CellBuffer(width: 80, height: 24)
    list.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 23))
    let saved = list.state          // the selected id and the top row, by id
    list.restore(saved)             // the same screen, even after rows changed around them
    // end sample
    // sample: Sources/Widgets/List/ScrollTransition.swift#1
    list.scrollTransition { phase in
        phase.isIdentity ? ScrollTransitionEffect() : ScrollTransitionEffect(style: Style(attributes: .dim), indent: 1)
    }
    // end sample
    let event = InputEvent.key(.down)
    // sample: Sources/Widgets/Keys/ListKeys.swift#1
    if case .key(let key) = event, let action = ListKeys.table.action(for: KeyChord(key), in: .list) {
        list.perform(action)
    }
    // end sample
}

/// `LazyList`'s sample: a log of text rows.
enum LazyListSample {
    struct LogLines: StackDataSource {
        var rowCount: Int { 1_000_000 }
        func rowID(at index: Int) -> String { "line-\(index)" }
        func resolveRow(at index: Int, crossExtent: Int) -> TextRow { TextRow("line \(index)", width: crossExtent) }
    }

    static func run() {
        // sample: Sources/Widgets/List/LazyList.swift#1
        var list = LazyList(source: LogLines(), width: 80, height: 23)
        list.select(id: "line-999000")
        list.selectNext()
        var screen = CellBuffer(width: 80, height: 24)
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 23))
        let saved = list.state   // restore(saved) later, even after the rows changed
        // end sample
        _ = saved
    }
}

/// `TreeModel`'s sample, and the tree samples on it.
enum TreeModelSample {
    // sample: Sources/StackEngine/Tree/TreeModel.swift#1
    final class Folders: TreeModel {
        var root: FolderChildren? { FolderChildren(path: "/") }
        func children(ofChild index: Int, in parent: FolderChildren) -> FolderChildren {
            FolderChildren(path: parent.path(of: index))
        }
    }
    // end sample

    static func name(of row: TreeOutline<Folders>.Row) -> String { row.steps.last.map { "\($0.index)" } ?? "/" }
    static func label(of row: TreeOutline<Folders>.Row) -> String { name(of: row) }

    static func run() {
        var screen = CellBuffer(width: 80, height: 24)
        // sample: Sources/Widgets/Tree/LazyTree.swift#1
        var tree = LazyTree(source: OutlineRows(outline: TreeOutline(model: Folders())) { row, width in
            TextRow(name(of: row), width: width)
        }, width: 80, height: 24)
        tree.selectNext()
        tree.openOrEnter()
        tree.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 24))
        // end sample
    }

    static func source() {
        // sample: Sources/Widgets/Tree/TreeRowSource.swift#1
        let outline = TreeOutline(model: Folders())
        var tree = LazyTree(source: OutlineRows(outline: outline) { row, width in
            TextRow(label(of: row), width: width)
        }, width: 80, height: 24)
        // end sample
        tree.selectNext()
    }
}

/// The article on a foldable tree.
enum FoldableTreeArticle {
    // sample: Sources/TStack/TStack.docc/AFoldableTree.md#1
    final class Folders: TreeModel {
        struct Children: TreeChildren {
            var paths: [String] = []
            var count: Int { paths.count }
            func childCount(of index: Int) -> Int? { isFolder(paths[index]) ? entries(paths[index]).count : nil }
        }
        var root: Children? { Children(paths: entries("/")) }
        func children(ofChild index: Int, in parent: Children) -> Children {
            Children(paths: entries(parent.paths[index]))
        }
    }
    // end sample

    static func run() {
        // sample: Sources/TStack/TStack.docc/AFoldableTree.md#2
        let outline = TreeOutline(model: Folders())
        var tree = LazyTree(source: OutlineRows(outline: outline) { row, width in
            let name = row.steps.last.map { $0.table.paths[$0.index] } ?? "/"
            return TextRow(String(repeating: "  ", count: row.depth) + (row.role == .closing ? "└" : name), width: width)
        }, width: 80, height: 24)
        // end sample
        tree.selectNext()
    }
}

func readmeTree() {
    var screen = CellBuffer(width: 80, height: 24)
    let area = Rect(x: 0, y: 0, width: 80, height: 24)
    // sample: README.md#4
    final class Folders: TreeModel {
        struct Children: TreeChildren {
            var paths: [String] = []
            var count: Int { paths.count }
            func childCount(of index: Int) -> Int? { isFolder(paths[index]) ? entries(paths[index]).count : nil }
        }
        var root: Children? { Children(paths: entries("/")) }
        func children(ofChild index: Int, in parent: Children) -> Children {
            Children(paths: entries(parent.paths[index]))
        }
    }

    var tree = LazyTree(source: OutlineRows(outline: TreeOutline(model: Folders())) { row, width in
        let name = row.steps.last.map { $0.table.paths[$0.index] } ?? "/"
        return TextRow(String(repeating: "  ", count: row.depth) + (row.role == .closing ? "└" : name), width: width)
    }, width: 80, height: 24)
    tree.openOrEnter()                 // Right; closeOrLeave(), toggleFocused(), open(row), closeAll(), reveal(childIndexes:)
    tree.draw(into: &screen, area: area)
    // end sample
}

func readmeEngine() {
    // sample: README.md#3
    struct Rows: StackDataSource {
        struct Row: StackRow { var extent: Int }
        var heights: [Int]
        var rowCount: Int { heights.count }
        func rowKind(at index: Int) -> RowKind { .item }
        func rowID(at index: Int) -> String { "row-\(index)" }
        func rowIndex(forID id: String) -> Int? { Int(id.dropFirst(4)) }
        func sectionRange(containing index: Int) -> Range<Int> { 0..<heights.count }
        func resolveRow(at index: Int, crossExtent: Int) -> Row { Row(extent: heights[index]) }
    }

    var stack = LazyStack(source: Rows(heights: [3, 1, 4, 1, 5]), crossExtent: 80, viewportExtent: 4)
    stack.scroll(toID: "row-3", alignment: .top)
    let frame = stack.layout()          // the rows to draw, their lines, the content size (exact or estimated)
    // end sample
    _ = frame
}

func tables() {
    let processes = [Process(pid: 1, command: "init", cpu: 0.5)]
    do {
        // sample: Sources/Widgets/Table/TableDataSource.swift#1
        struct Processes: TableDataSource {
            var all: [Process]
            var rowCount: Int { all.count }
            var columnCount: Int { 2 }
            func title(ofColumn column: Int) -> String { ["command", "cpu"][column] }
            func width(ofColumn column: Int) -> Int { [30, 6][column] }
            func label(ofRow row: Int) -> String { String(row + 1) }
            func rowID(at row: Int) -> String { String(all[row].pid) }
            func rowIndex(forID id: String) -> Int? { all.firstIndex { String($0.pid) == id } }
            func record(at row: Int) -> Process { all[row] }
            func cell(atColumn column: Int, of process: Process) -> TableCell {
                column == 0 ? TableCell(process.command) : TableCell("\(process.cpu)", alignment: .trailing)
            }
        }
        // end sample
        // sample: Sources/Widgets/Table/LazyTable.swift#1
        var table = LazyTable(source: Processes(all: processes), width: 80, height: 23)
        table.selectNextColumn()
        table.page(down: true)
        var screen = CellBuffer(width: 80, height: 24)
        table.draw(into: &screen, area: Rect(x: 0, y: 0, width: 80, height: 23))
        // end sample
    }
    var screen = CellBuffer(width: 80, height: 24)
    let area = Rect(x: 0, y: 0, width: 80, height: 24)
    // sample: README.md#5
    struct Processes: TableDataSource {
        var all: [Process]
        var rowCount: Int { all.count }
        var columnCount: Int { 2 }
        var labelTitle: String { "pid" }
        func title(ofColumn column: Int) -> String { ["command", "cpu"][column] }
        func width(ofColumn column: Int) -> Int { [30, 6][column] }
        func label(ofRow row: Int) -> String { String(all[row].pid) }
        func rowID(at row: Int) -> String { String(all[row].pid) }
        func rowIndex(forID id: String) -> Int? { all.firstIndex { String($0.pid) == id } }
        func record(at row: Int) -> Process { all[row] }
        func cell(atColumn column: Int, of process: Process) -> TableCell {
            column == 0 ? TableCell(process.command) : TableCell("\(process.cpu)", alignment: .trailing)
        }
    }
    var table = LazyTable(source: Processes(all: processes), width: 80, height: 23)
    table.selectNextColumn()           // l; selectNextRow(), page(down:), select(rowID:), replaceRows(from:updatingSource:)
    table.draw(into: &screen, area: area)
    // end sample
}

func textField() {
    var searches = TextFieldHistory()
    var screen = CellBuffer(width: 80, height: 24)
    let key = Key.enter
    func search(_ pattern: String) {}
    func closeTheField() {}
    // sample: Sources/Widgets/TextField/TextField.swift#1
    var field = TextField(prefix: "/", history: searches.lines)
    switch field.handle(key) {
    case .entered(let pattern): searches.add(pattern); search(pattern)
    case .cancelled: closeTheField()
    case .editing: break
    }
    field.draw(into: &screen, x: 0, y: screen.height - 1, width: screen.width)
    // end sample
}

func terminals() {
    var app = Top()
    // sample: Sources/TerminalUI/MemoryTerminal.swift#1
    let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 24), script: [
        .wait(.seconds(3)),                                     // three ticks of a 1 s timer
        .together([.key(.down), .key(.down), .key(.down)]),    // one frame for the three
    ])
    _ = app.run(screen: terminal, input: terminal)
    // end sample
    let selectionBar = Top.bar
    let header = Top.status
    // sample: Sources/TerminalUI/ScreenSnapshot.swift#1
    let snapshot = ScreenSnapshot(terminal.screen!, styles: [selectionBar: "S", header: "h"])
    if let failure = snapshot.compare(toFileAt: "Tests/Snapshots/top.txt") { Issue.record("\(failure)") }
    // end sample
}

func timersArticle() {
    // sample: Sources/TStack/TStack.docc/ReloadsTimersAndTests.md#2
    let terminal = MemoryTerminal(size: TerminalSize(width: 40, height: 10), script: [
        .together(Array(repeating: .key(.character("j")), count: 5)),  // a held key: one frame
        .wait(.milliseconds(3_500)),                                    // three ticks of a 1 s timer
        .event(.key(.character("q"))),
    ])
    var app = Top()
    _ = app.run(screen: terminal, input: terminal)
    #expect(terminal.frames.last?.textLines()[5].contains("106") == true)
    // end sample
    // sample: Sources/TStack/TStack.docc/ReloadsTimersAndTests.md#3
    let snapshot = ScreenSnapshot(terminal.screen!, styles: [Top.bar: "S", Top.status: "="])
    if let failure = snapshot.compare(toFileAt: "Snapshots/top.txt") { Issue.record("\(failure)") }
    // end sample
}

func documents() throws {
    do {
        // sample: Sources/DocumentData/Input/OpenedDocument.swift#1
        let document = try OpenedDocument.open(path: "app.jsonl")
        // end sample
        _ = document
    }
    // sample: README.md#6
    let document = try OpenedDocument.open(path: "app.jsonl", follow: true)
    var viewer = try Viewer(opening: document, fileName: "app.jsonl", size: TerminalSize(width: 120, height: 40),
                            layout: .table, scrolledTo: ".[0]")
    // end sample
    _ = viewer.render()
}
