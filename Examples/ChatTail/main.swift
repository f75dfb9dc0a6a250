// A chat that follows its file, on the light library alone (`import TStackUI`): the messages of
// FILE (lines `2026-11-29T10:15:03Z alice: text`) under a pinned header for each hour, opened at
// the bottom and kept there as lines are appended (`defaultScrollAnchor: .bottom`); scrolled
// up, it stays put and says how many messages came that were never on screen (visibility
// reported by the list, not polled).
//
//   j k ↓ ↑  a line down / up      Space PgDn, b PgUp  a page      g G  the top / the bottom
//   q        quit                  (the list's own keys, `ListKeys`, with no selection)
//
// `ChatTail FILE` runs it on the terminal; the end-to-end tests drive it in tmux.

import Glibc
import TStackUI

/// The newest message a reader has seen on screen, kept by the list's visibility observer.
final class SeenMessages {
    var newest = -1
}

struct ChatTail: TerminalApp {
    static let status = Style(attributes: .reverse)
    static let indicator = Style(foreground: .black, background: .yellow, attributes: .bold)

    var list: LazyList<ChatRows>
    var file: FollowedFile
    let seen = SeenMessages()

    init(file: FollowedFile, size: TerminalSize) {
        self.file = file
        var rows = ChatRows()
        rows.append(lines: self.file.newLines())
        // A chat scrolls: no row is selected (the keys that would select scroll a line).
        list = LazyList(
            source: rows, width: size.width, height: size.height - 1,
            options: StackOptions(defaultScrollAnchor: .bottom), style: ListStyle(gutterWidth: 1), selectionMode: .none)
        let seen = seen
        list.onScrollTargetVisibilityChange(threshold: 1) { ids in
            for id in ids where id.first == "m" {
                if let number = Int(id.dropFirst()), number > seen.newest { seen.newest = number }
            }
        }
    }

    /// Messages that came and were never on screen.
    var unseen: Int { max(0, list.source.messages.count - 1 - seen.newest) }

    /// Four times a second: the file's new lines.
    var tickInterval: Int? { 250 }

    mutating func update(_ event: InputEvent) -> Bool {
        switch event {
        case .tick:
            let lines = file.newLines()
            guard !lines.isEmpty else { return true }
            list.replaceRows(updatingSourceFrom: { rows in
                let first = rows.rowCount
                rows.append(lines: lines)
                return first
            })
        case .key(.character("q")):
            return false
        case .key(let key): list.handle(key)
        case .mouse(.wheel(let notches)): list.scroll(by: 3 * notches)
        case .resize(let size): list.resize(width: size.width, height: size.height - 1)
        default: break
        }
        return true
    }

    mutating func draw(size: TerminalSize) -> CellBuffer {
        var screen = CellBuffer(width: size.width, height: size.height)
        let height = size.height - 1
        let frame = list.draw(into: &screen, area: Rect(x: 0, y: 0, width: size.width, height: height))
        let unseen = self.unseen
        if unseen > 0, !frame.isAtBottom, height > 0 {
            let text = " \(unseen) new ↓ G "
            screen.write(text, style: Self.indicator, x: max(0, size.width - 2 - text.count), y: height - 1)
        }
        let count = list.source.messages.count
        screen.writeLine(" \(file.name)  \(count) message\(count == 1 ? "" : "s")  (q quits)", style: Self.status, y: size.height - 1)
        return screen
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let file = FollowedFile(path: arguments[1]) else {
    let usage = arguments.count == 2 ? "chat-tail: cannot open \(arguments[1])\n" : "usage: ChatTail FILE\n"
    _ = usage.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
ChatTail.runOnTerminal(name: "chat-tail") { ChatTail(file: file, size: $0) }
