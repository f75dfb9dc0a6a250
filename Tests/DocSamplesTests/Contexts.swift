import TStack

// What the documentation's samples take as given: types and functions a sample names without
// declaring them, made as small as will compile. The samples are in `Samples.swift`.

/// A process, as the table samples show it.
struct Process {
    var pid: Int
    var command: String
    var cpu: Double
}

/// Folder names and entries for the tree samples (no disk is read).
func isFolder(_ path: String) -> Bool { !path.contains(".") }
func entries(_ path: String) -> [String] { isFolder(path) ? [path + "/a", path + "/b.txt"] : [] }

/// The folders of `TreeModel`'s sample.
struct FolderChildren: TreeChildren {
    var path = "/"
    var count: Int { entries(path).count }
    init() {}
    init(path: String) { self.path = path }
    func path(of index: Int) -> String { entries(path)[index] }
    func childCount(of index: Int) -> Int? { isFolder(path(of: index)) ? entries(path(of: index)).count : nil }
}

/// The processes of the article on reloads and timers: rows of pids.
struct Processes: StackDataSource {
    var pids: [Int]
    var rowCount: Int { pids.count }
    func rowID(at index: Int) -> String { "pid-\(pids[index])" }
    func resolveRow(at index: Int, crossExtent: Int) -> TextRow { TextRow(String(pids[index]), width: crossExtent) }
}

func readProc() -> [Int] { [1, 7, 106] }

/// The program of the article on reloads and timers, whose `update` is its sample.
struct Top: TerminalApp {
    static let bar = Style(foreground: .black, background: .yellow)
    static let status = Style(attributes: .reverse)
    var list = LazyList(source: Processes(pids: readProc()), width: 40, height: 9)

    // sample: Sources/TStack/TStack.docc/ReloadsTimersAndTests.md#1
    mutating func update(_ event: InputEvent) -> Bool {
        if event == .tick { list.reload(with: Processes(pids: readProc())) }
        return true
    }
    // end sample

    mutating func draw(size: TerminalSize) -> CellBuffer {
        var screen = CellBuffer(width: size.width, height: size.height)
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: size.width, height: size.height - 1))
        return screen
    }
}

/// The lines of `TextRow`'s sample, whose `resolveRow` is its sample.
struct HourLines: StackDataSource {
    var hours: [String]
    var lines: [String]
    var rowCount: Int { lines.count }
    func rowID(at index: Int) -> String { "\(index)" }
    func isHeader(_ index: Int) -> Bool { !hours[index].isEmpty }

    // sample: Sources/Widgets/List/TextRow.swift#1
    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        isHeader(index)
            ? TextRow(hours[index], style: Style(foreground: .black, background: .cyan), width: crossExtent, fillsWidth: true)
            : TextRow(lines[index], width: crossExtent)   // wraps: a row as tall as its text
    }
    // end sample
}
