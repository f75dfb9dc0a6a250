// The colour-shades list of SwiftUI's `LazyVStack` documentation, built directly on the
// library: a `LazyStack` over a data source, drawn into a `CellBuffer` and shown on a terminal.
//
//   j / k     scroll a line        Space / b   a page
//   1 2 3     scroll to Reds, Greens or Blues (below the pinned header)
//   q         quit
//
// When standard output is not a terminal it prints the screen after scrolling to Greens.

import Glibc
import TStack

/// Draws the stack's frame: flowing rows, then the pinned header over them.
func draw(_ stack: inout LazyStack<ShadeRows>, size: TerminalSize) -> CellBuffer {
    var buffer = CellBuffer(width: size.width, height: size.height)
    let frame = stack.layout()
    for placed in frame.rows {
        for (line, cells) in placed.row.lines.enumerated() where (0..<size.height - 1).contains(placed.origin + line) {
            if placed.isPinned { buffer.fill(.plain, y: placed.origin + line) }
            buffer.write(cells, x: 0, y: placed.origin + line)
        }
    }
    let top = stack.anchorID ?? ""
    buffer.write(" \(top)  j/k 1/2/3 q", style: Style(attributes: .reverse), x: 0, y: size.height - 1)
    return buffer
}

/// Applies a key; returns false to quit.
func handle(_ key: Key, _ stack: inout LazyStack<ShadeRows>) -> Bool {
    switch key {
    case .character("j"), .down: stack.scroll(by: 1)
    case .character("k"), .up: stack.scroll(by: -1)
    case .character(" "), .pageDown: stack.scroll(by: stack.viewportExtent - 1)
    case .character("b"), .pageUp: stack.scroll(by: -(stack.viewportExtent - 1))
    case .character("1"): stack.scroll(toID: "Reds-1", alignment: .top)
    case .character("2"): stack.scroll(toID: "Greens-1", alignment: .top)
    case .character("3"): stack.scroll(toID: "Blues-1", alignment: .top)
    case .character("q"): return false
    default: break
    }
    return true
}

if isatty(STDOUT_FILENO) == 0 {
    let size = TerminalSize(width: 40, height: 14)
    var stack = LazyStack(source: ShadeRows(), crossExtent: size.width, viewportExtent: size.height - 1)
    _ = handle(.character("2"), &stack)
    for line in draw(&stack, size: size).textLines() { print(line) }
    _ = handle(.character("j"), &stack)
    print("(one line down: the Greens header stays pinned)")
    for line in draw(&stack, size: size).textLines() { print(line) }
    exit(0)
}

let terminal: NcursesTerminal
do {
    terminal = try NcursesTerminal(color: getenv("NO_COLOR") == nil)
} catch {
    print("pinned-headers: \(error)")
    exit(1)
}
var size = terminal.size
var stack = LazyStack(source: ShadeRows(), crossExtent: size.width, viewportExtent: size.height - 1)
terminal.present(draw(&stack, size: size))
loop: while let event = terminal.nextEvent() {
    switch event {
    case .key(let key): if !handle(key, &stack) { break loop }
    case .resize(let newSize):
        size = newSize
        stack.setViewport(crossExtent: size.width, viewportExtent: size.height - 1)
    case .signal: break loop
    case .mouse, .tick: continue
    }
    terminal.present(draw(&stack, size: size))
}
terminal.close()
