import TStackUI

/// The light product alone (`TStackUI`: the engine, the terminal, the widgets — no JSON, no
/// regular expressions, no argument parser): a million processes refreshed once a second by a
/// timer on the in-memory terminal's clock. The first refresh removes a thousand processes above
/// the selection, the second the selected process itself: the selection keeps its screen line,
/// on the same process and then on the nearest one still there. The last screen is compared
/// with a styled snapshot.
struct Processes: StackDataSource {
    /// Sorted: a process is found by a binary search.
    var pids: [Int]
    var rowCount: Int { pids.count }
    func rowID(at index: Int) -> String { "pid-\(pids[index])" }
    func rowIndex(forID id: String) -> Int? {
        guard id.hasPrefix("pid-"), let pid = Int(id.dropFirst(4)) else { return nil }
        var (low, high) = (0, pids.count)
        while low < high {
            let middle = (low + high) / 2
            if pids[middle] < pid { low = middle + 1 } else { high = middle }
        }
        return low < pids.count && pids[low] == pid ? low : nil
    }
    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        TextRow("\(pids[index])  worker \(pids[index] % 7)", width: crossExtent)
    }
}

struct Top: TerminalApp {
    static let bar = Style(foreground: .black, background: .cyan)
    static let status = Style(attributes: .reverse)

    var list = LazyList(
        source: Processes(pids: Array(1_000...1_000_999)), width: 40, height: 9,
        style: ListStyle(selectedRow: Top.bar))
    var refreshes = 0

    var tickInterval: Int? { 1000 }

    mutating func update(_ event: InputEvent) -> Bool {
        switch event {
        case .tick:
            refreshes += 1
            var pids = list.source.pids
            if refreshes == 1 { pids.removeFirst(1_000) }
            if refreshes == 2, let selected = list.selectedID, let pid = Int(selected.dropFirst(4)) {
                pids.removeAll { $0 == pid }
            }
            list.reload(with: Processes(pids: pids))
        case .key(let key):
            list.handle(key)
        default:
            break
        }
        return true
    }

    mutating func draw(size: TerminalSize) -> CellBuffer {
        var screen = CellBuffer(width: size.width, height: size.height)
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: size.width, height: size.height - 1))
        screen.writeLine(" \(list.stack.rowCount) processes, refreshed \(refreshes)", style: Top.status, y: size.height - 1)
        return screen
    }
}

var top = Top()
_ = top.list.select(id: "pid-500000", atLine: 3)
let before = (top.list.selectedID, top.list.selectionLine)
let terminal = MemoryTerminal(size: TerminalSize(width: 40, height: 10), script: [
    .together([.key(.character("j")), .key(.character("j"))]),
    .wait(.milliseconds(1_000)),
])
_ = top.run(screen: terminal, input: terminal)
let afterFirst = (top.list.selectedID, top.list.selectionLine)
let rest = MemoryTerminal(size: TerminalSize(width: 40, height: 10), script: [.wait(.milliseconds(2_500))])
_ = top.run(screen: rest, input: rest)
// Each style named: the selection bar (the gutter's mark under it too), the scrollbar, the status.
let style = ListStyle()
let snapshot = ScreenSnapshot(rest.screen!, styles: [
    Top.bar: "S", style.selection.overlaid(with: Top.bar): "M", style.scrollbarTrack: "|",
    style.scrollbarThumb: "#", Top.status: "=",
])
let compared = snapshot.compare(toFileAt: "Snapshots/light-list.txt") ?? "snapshot ok"
print("""
    \(before.0 ?? "-") line \(before.1); after removing rows above: \(afterFirst.0 ?? "-") line \(afterFirst.1); \
    after it went: \(top.list.selectedID ?? "-") line \(top.list.selectionLine); \
    \(top.refreshes) refreshes in \(terminal.frames.count + rest.frames.count) frames; \(compared)
    """)
