// A live process list on the light library alone (`import TStackUI`): `/proc` read again every
// second, the selection kept on its process by pid (on the next one when it exits), the header
// pinned, the selected row a bar.
//
//   j k ↓ ↑  select the next / previous process     Space PgDn, b PgUp   a page
//   g G      the first / the last                   q                    quit
//
// `ProcessList --headless SECONDS` runs it that long on the in-memory terminal (its clock, not
// the wall's: the refreshes come at once) and prints the last screen.

import Glibc
import TStackUI

struct ProcessList: TerminalApp {
    static let bar = Style(foreground: .black, background: .yellow)
    static let status = Style(attributes: .reverse)

    var list: LazyList<Processes>
    var size: TerminalSize
    var refreshes = 0

    init(size: TerminalSize) {
        self.size = size
        list = LazyList(
            source: Processes.read(), width: size.width, height: size.height - 1,
            style: ListStyle(selectedRow: Self.bar))
    }

    /// Once a second: a timer no key holds back.
    var tickInterval: Int? { 1000 }

    mutating func update(_ event: InputEvent) -> Bool {
        switch event {
        case .tick:
            refreshes += 1
            list.reload(with: Processes.read())
        case .key(.character("q")):
            return false
        case .key(let key):
            list.handle(key)
        case .mouse(.click(let x, let y)):
            list.click(x: x, y: y)
        case .resize(let newSize):
            size = newSize
            list.resize(width: newSize.width, height: newSize.height - 1)
        default:
            break
        }
        return true
    }

    mutating func draw(size: TerminalSize) -> CellBuffer {
        var screen = CellBuffer(width: size.width, height: size.height)
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: size.width, height: size.height - 1))
        let count = list.source.processes.count
        screen.writeLine(" \(count) processes, refreshed \(refreshes) times  (q quits)", style: Self.status, y: size.height - 1)
        return screen
    }
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--headless", let seconds = Int(arguments[2]) {
    let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 12), script: [.wait(.seconds(seconds))])
    var app = ProcessList(size: terminal.size)
    _ = app.run(screen: terminal, input: terminal)
    for line in terminal.screen?.textLines() ?? [] { print(line) }
    exit(0)
}
ProcessList.runOnTerminal(name: "process-list", ProcessList.init(size:))
