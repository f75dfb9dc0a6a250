// The colour-shades list of SwiftUI's `LazyVStack` documentation, on the library: a `LazyList`
// over a data source, drawn into a `CellBuffer`, run by the library's loop (`TerminalApp`).
//
//   j / k     scroll a line        Space / b   a page
//   1 2 3     scroll to Reds, Greens or Blues (below the pinned header)
//   q         quit
//
// When standard output is not a terminal it prints the screen after scrolling to Greens.

import Glibc
import TStack

/// The list and its keys, on the library's run loop. The list draws no gutter and no
/// scrollbar: the rows are full-width swatches, and a header pins over them.
struct Shades: TerminalApp {
    var list: LazyList<ShadeRows>

    init(size: TerminalSize) {
        list = LazyList(
            source: ShadeRows(), width: size.width, height: size.height - 1,
            style: ListStyle(gutterWidth: 0, showsScrollbar: false))
    }

    mutating func update(_ event: InputEvent) -> Bool {
        // The list widget's default keys: j/k and the arrows select, Ctrl-E/Y scroll a line,
        // Space/b page, g/G the ends.
        if case .key(let key) = event, let action = ListKeys.action(for: key) {
            list.perform(action)
            return true
        }
        switch event {
        case .key(.character("1")): list.select(id: "Reds-1")
        case .key(.character("2")): list.select(id: "Greens-1")
        case .key(.character("3")): list.select(id: "Blues-1")
        case .key(.character("q")): return false
        case .resize(let size): list.resize(width: size.width, height: size.height - 1)
        default: break
        }
        return true
    }

    mutating func draw(size: TerminalSize) -> CellBuffer {
        var screen = CellBuffer(width: size.width, height: size.height)
        list.draw(into: &screen, area: Rect(x: 0, y: 0, width: size.width, height: size.height - 1))
        let top = list.stack.anchorID ?? ""
        screen.write(" \(top)  j/k 1/2/3 q", style: Style(attributes: .reverse), x: 0, y: size.height - 1)
        return screen
    }

    mutating func idle() { list.prefetch() }
}

if isatty(STDOUT_FILENO) == 0 {
    let size = TerminalSize(width: 40, height: 14)
    var shades = Shades(size: size)
    _ = shades.update(.key(.character("2")))
    for line in shades.draw(size: size).textLines() { print(line) }
    _ = shades.update(.key(.control("e")))
    print("(one line down: the Greens header stays pinned)")
    for line in shades.draw(size: size).textLines() { print(line) }
    exit(0)
}

Shades.runOnTerminal(name: "pinned-headers", Shades.init(size:))
