// A log browser on the library alone (`import TStack`): a million lines in hourly sections on
// the right, the hours on the left — two lazy lists sharing one screen, each with a selection.
//
//   Tab        switch between the hours and the lines
//   j k ↓ ↑    select the next / previous row       Space PgDn, b PgUp   a page
//   g G        the first / the last row              Enter (in hours)     jump to that hour
//   (the list widget's default keys, ListKeys, with Ctrl-D/U, Ctrl-E/Y, Ctrl-F/B)
//   q          quit
//
// When standard output is not a terminal it prints the screen after jumping to hour 200 and
// moving three lines down, and exits.

import Glibc
import TStack

/// The two panes and which one has the keys: a program on the library's run loop
/// (`TerminalApp`): it takes events and draws screens; the loop does the rest.
struct LogBrowser: TerminalApp {
    var hours: LazyList<Hours>
    var lines: LazyList<LogLines>
    var linesHaveFocus = true
    var size: TerminalSize

    init(size: TerminalSize) {
        self.size = size
        let source = LogLines()
        hours = LazyList(
            source: Hours(count: LogLines.hours(of: source.lineCount)), width: Self.hoursWidth, height: size.height - 1)
        lines = LazyList(source: source, width: size.width - Self.hoursWidth - 1, height: size.height - 1)
    }

    mutating func update(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key): return handle(key)
        case .resize(let size): resize(to: size)
        default: break
        }
        return true
    }

    mutating func draw(size: TerminalSize) -> CellBuffer { draw() }

    mutating func idle() { lines.prefetch() }

    static let hoursWidth = 14

    /// Applies a key; false to quit.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character("q"): return false
        case .tab: linesHaveFocus.toggle()
        case .enter where !linesHaveFocus:
            if let hour = hours.selectedID { lines.select(id: hour.replacingHourWithFirstLine()) }
            linesHaveFocus = true
        default:
            if linesHaveFocus { Self.move(&lines, key) } else { Self.move(&hours, key) }
        }
        return true
    }

    /// The list widget's default keys (`ListKeys`): j/k, the arrows, Space/b, Ctrl-D/U, g/G.
    static func move<Source>(_ list: inout LazyList<Source>, _ key: Key) {
        if let action = ListKeys.action(for: key) { list.perform(action) }
    }

    mutating func resize(to size: TerminalSize) {
        self.size = size
        hours.resize(width: Self.hoursWidth, height: size.height - 1)
        lines.resize(width: size.width - Self.hoursWidth - 1, height: size.height - 1)
    }

    /// The screen: hours, a divider, lines, and a status line.
    mutating func draw() -> CellBuffer {
        var screen = CellBuffer(width: size.width, height: size.height)
        let height = size.height - 1
        hours.draw(into: &screen, area: Rect(x: 0, y: 0, width: Self.hoursWidth, height: height))
        for y in 0..<height { screen.write("│", style: Style(attributes: .dim), x: Self.hoursWidth, y: y) }
        lines.draw(into: &screen, area: Rect(x: Self.hoursWidth + 1, y: 0, width: size.width - Self.hoursWidth - 1, height: height))
        let pane = linesHaveFocus ? "lines" : "hours"
        let status = " \(lines.selectedID ?? "")  [\(pane)]  Tab switches, Enter jumps to an hour, q quits"
        screen.write(status, style: Style(attributes: .reverse), x: 0, y: height)
        return screen
    }
}

extension String {
    /// `hour-12` → `line-43200`: the first line of that hour.
    func replacingHourWithFirstLine() -> String {
        "line-\((Int(dropFirst(5)) ?? 0) * LogLines.perHour)"
    }
}

if isatty(STDOUT_FILENO) == 0 {
    var browser = LogBrowser(size: TerminalSize(width: 64, height: 10))
    for key: Key in [.tab, .character("G")] { _ = browser.handle(key) }
    for _ in 0..<77 { _ = browser.handle(.character("k")) }
    for key: Key in [.enter, .character("j"), .character("j"), .character("j")] { _ = browser.handle(key) }
    for line in browser.draw().textLines() { print(line) }
    exit(0)
}

LogBrowser.runOnTerminal(name: "log-browser", LogBrowser.init(size:))
