import Glibc
@testable import DocumentViewer
import DocumentData
import TerminalUI
import TestSupport
import Testing

/// Runs the browser headless, exactly as `tstack render` does, and reads screens as text.
enum Harness {
    /// The repository's root directory.
    static let root: String = {
        "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    }()

    /// The demo document, loaded anew for each use (a document is not `Sendable`, so tests
    /// running in parallel do not share one).
    static var demo: StackDocument {
        try! DocumentLoader.load(path: root + "/Examples/origami.json")
    }

    /// A document decoded from JSON text.
    static func document(_ json: String) -> StackDocument {
        try! DocumentLoader.decode(Array(json.utf8), file: "test.json")
    }

    /// A document of `count` items in sections of 50, each with a few lines of body.
    static func bigDocument(items count: Int) -> StackDocument {
        var sections: [StackDocument.Section] = []
        var made = 0
        while made < count {
            let section = sections.count
            let size = min(50, count - made)
            let items = (0..<size).map { index -> StackDocument.Item in
                let number = made + index
                return StackDocument.Item(
                    id: "item-\(number)", title: "Item \(number)",
                    body: String(repeating: "word ", count: 5 + number % 40))
            }
            sections.append(StackDocument.Section(id: "s\(section)", header: "Section \(section)", items: items))
            made += size
        }
        return StackDocument(sections: sections)
    }

    /// Every frame drawn for `keys`, as `tstack render --frames` prints them.
    static func frames(
        _ document: StackDocument = demo, size: TerminalSize = TerminalSize(width: 80, height: 24),
        keys: String = ""
    ) -> [CellBuffer] {
        let terminal = MemoryTerminal(size: size, input: try! KeyNotation.parse(keys))
        var browser = Viewer(document: document, fileName: "origami.json", size: size)
        _ = browser.run(screen: terminal, input: terminal)
        return terminal.frames
    }

    /// The final screen as text lines, every column (the scrollbar included): for snapshots.
    static func fullScreen(
        _ document: StackDocument = demo, size: TerminalSize = TerminalSize(width: 80, height: 24),
        keys: String = ""
    ) -> [String] {
        frames(document, size: size, keys: keys).last!.textLines()
    }

    /// The final screen as text: the viewport's lines without the scrollbar column, then the
    /// status line.
    static func screen(
        _ document: StackDocument = demo, size: TerminalSize = TerminalSize(width: 80, height: 24),
        keys: String = ""
    ) -> [String] {
        text(of: frames(document, size: size, keys: keys).last!)
    }

    /// The viewport's lines without the scrollbar column, then the status line.
    static func text(of frame: CellBuffer) -> [String] {
        let lines = frame.textLines()
        let rows = (0..<max(0, frame.height - 1)).map { y -> String in
            var line = ""
            for cell in frame.row(y).dropLast() where !cell.isContinuation { line.append(cell.character) }
            while line.last == " " { line.removeLast() }
            return line
        }
        return rows + lines.suffix(1)
    }

    /// The viewport's lines without the scrollbar column: what must not change when only the
    /// estimates (the scrollbar, the content height in the status line) are refined.
    static func view(
        _ document: StackDocument = demo, size: TerminalSize = TerminalSize(width: 80, height: 24),
        keys: String = ""
    ) -> [String] {
        Array(screen(document, size: size, keys: keys).dropLast())
    }

    /// The browser after `keys`, for asserting on its state.
    static func browser(
        _ document: StackDocument = demo, size: TerminalSize = TerminalSize(width: 80, height: 24),
        keys: String = ""
    ) -> Viewer {
        let terminal = MemoryTerminal(size: size, input: try! KeyNotation.parse(keys))
        var browser = Viewer(document: document, fileName: "origami.json", size: size)
        _ = browser.run(screen: terminal, input: terminal)
        return browser
    }

    /// Compares `lines` with the snapshot `name` in `Snapshots/` (the library's `ScreenSnapshot`:
    /// a failure prints the lines that differ); with `RECORD_SNAPSHOTS=1` in the environment,
    /// writes it instead.
    static func assertSnapshot(
        _ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = root + "/Tests/DocumentViewerTests/Snapshots/\(name).txt"
        let recording = getenv("RECORD_SNAPSHOTS") != nil
        if let failure = ScreenSnapshot(lines: lines).compare(toFileAt: path, recording: recording) {
            Issue.record("\(failure)", sourceLocation: sourceLocation)
        }
    }

    /// The text of the file at `path`, empty when it cannot be read.
    static func readText(_ path: String) -> String { Files.readText(path) }
}
