import TestSupport
import Testing
@testable import TerminalUI

@Suite struct FrameWriterTests {
    /// Random frames, each a step from the one before as a viewer's are (lines scrolled up or
    /// down in a region, lines replaced, text written over, a resize): the writer's bytes,
    /// played on an emulator, show exactly the frame, styles and wide characters included.
    @Test(arguments: 0..<60, Terminal.allCases)
    func theBytesShowEachFrame(seed: UInt64, terminal: Terminal) {
        var random = SeededGenerator(seed: seed)
        var width = Int.random(in: 1...48, using: &random)
        var height = Int.random(in: 1...10, using: &random)
        var writer = FrameWriter(controls: terminal.controls)
        var emulator = ScreenEmulator(width: width, height: height)
        emulator.wrapsAtOnce = terminal == .wrapsAtOnce
        var lines = (0..<height).map { _ in Self.randomLine(&random) }
        for step in 0..<40 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let top = Int.random(in: 0..<height, using: &random)
                let bottom = Int.random(in: top..<height, using: &random)
                let count = Int.random(in: 1...max(1, bottom - top + 1), using: &random)
                var region = Array(lines[top...bottom])
                let fresh = (0..<count).map { _ in Self.randomLine(&random) }
                if Bool.random(using: &random) {
                    region = Array(region.dropFirst(count)) + fresh
                } else {
                    region = fresh + region.dropLast(count)
                }
                lines.replaceSubrange(top...bottom, with: region.prefix(bottom - top + 1))
            case 4..<7:
                lines[Int.random(in: 0..<height, using: &random)] = Self.randomLine(&random)
            case 7..<9:
                let line = Int.random(in: 0..<height, using: &random)
                let at = Int.random(in: 0..<width, using: &random)
                lines[line] = Self.overwrite(lines[line], at: at, with: Self.randomLine(&random).prefix(4))
            default:
                width = Int.random(in: 1...48, using: &random)
                height = Int.random(in: 1...10, using: &random)
                lines = (0..<height).map { _ in Self.randomLine(&random) }
                emulator = ScreenEmulator(width: width, height: height)
                emulator.wrapsAtOnce = terminal == .wrapsAtOnce
                // (The writer sees the new size itself, as on the terminal.)
            }
            var frame = CellBuffer(width: width, height: height)
            for (y, line) in lines.enumerated() { frame.write(line, x: 0, y: y) }
            emulator.play(writer.bytes(for: frame))
            // Where writing would scroll the screen, the bottom-right cells may keep old text.
            let compared = terminal == .wrapsAtOnce ? max(0, width * height - 2) : width * height
            let shown = emulator.cells.prefix(compared) == frame.cells.prefix(compared)
            #expect(emulator.scrollsWholeScreen && emulator.style == .plain, "seed \(seed) step \(step): the frame left a region or a style")
            #expect(shown, "\(terminal) seed \(seed) step \(step): the screen\n\(emulator.lines.joined(separator: "\n"))\nthe frame\n\(frame.textLines().joined(separator: "\n"))")
            if !shown { return }
        }
    }

    @Test func aOneLineScrollSendsTheScrollAndOneLine() {
        var writer = FrameWriter(controls: .ansi)
        var emulator = ScreenEmulator(width: 120, height: 40)
        let header = "pinned header"
        let status = "status line"
        var frame = Self.frame(width: 120, lines: [header] + (0..<38).map { "row \($0) " + String(repeating: "x", count: 90) } + [status])
        emulator.play(writer.bytes(for: frame))
        frame = Self.frame(width: 120, lines: [header] + (1..<39).map { "row \($0) " + String(repeating: "x", count: 90) } + [status])
        let down = writer.bytes(for: frame)
        emulator.play(down)
        #expect(emulator.cells == frame.cells)
        // A scroll region and one new line of ~100 cells; every line again would be ~4 KB.
        #expect(down.count < 160, "\(down.count) bytes")
        frame = Self.frame(width: 120, lines: [header] + (0..<38).map { "row \($0) " + String(repeating: "x", count: 90) } + [status])
        let up = writer.bytes(for: frame)
        emulator.play(up)
        #expect(emulator.cells == frame.cells)
        #expect(up.count < 160, "\(up.count) bytes")
        #expect(writer.bytes(for: frame).isEmpty)
    }

    @Test func theBottomRightCellIsLeftWhereWritingItWouldScroll() {
        var controls = ControlSequences.ansi
        controls.writesBottomRightCell = false
        var writer = FrameWriter(controls: controls)
        var emulator = ScreenEmulator(width: 6, height: 3)
        emulator.wrapsAtOnce = true
        let frame = Self.frame(width: 6, lines: ["first", "second", "third!"])
        emulator.play(writer.bytes(for: frame))
        #expect(emulator.lines == ["first ", "second", "third "])
    }

    @Test func aControlCharacterInACellGoesAsAQuestionMark() {
        var bytes: [UInt8] = []
        Cell(scalars: [Unicode.Scalar(0x1B)!, Unicode.Scalar(0x9B)!]).appendUTF8(to: &bytes)
        #expect(bytes == Array("??".utf8))
    }

    @Test func aCellKeepsItsGraphemeWidthAndStyle() {
        let style = Style(foreground: .red, background: .white, attributes: [.bold, .underline])
        let cell = Cell("e\u{301}\u{302}\u{303}\u{304}", width: 1, style: style)
        #expect(cell.character == "e\u{301}\u{302}\u{303}\u{304}")
        #expect(cell.style == style)
        #expect(cell.width == 1)
        var wide = Cell("😀", width: 2)
        wide.style.attributes.insert(.reverse)
        #expect(wide.character == "😀" && wide.width == 2 && wide.style == Style(attributes: .reverse))
        #expect(Cell("\u{10FFFD}").character == "\u{10FFFD}")
    }

    /// The terminals the writer is tried on: every capability; none to scroll a region; none
    /// to erase; one that wraps at once at the right margin (`am` without `xenl`).
    enum Terminal: CaseIterable {
        case full, withoutScrollRegion, withoutErasing, wrapsAtOnce

        var controls: ControlSequences {
            var controls = ControlSequences.ansi
            switch self {
            case .full: break
            case .withoutScrollRegion: controls.scrollRegion = nil
            case .withoutErasing:
                controls.eraseCharacters = nil
                controls.clearToEndOfLine = nil
            case .wrapsAtOnce: controls.writesBottomRightCell = false
            }
            return controls
        }
    }

    /// Found in review: a run of cells already right that ends where the line's trailing blanks
    /// start left the cursor before it, and the clear to the end of the line wiped the run.
    @Test func theClearAfterARunAlreadyRightStartsAtTheBlanks() {
        var writer = FrameWriter(controls: .ansi)
        var emulator = ScreenEmulator(width: 40, height: 1)
        var before = CellBuffer(width: 40, height: 1)
        before.write("Xabcdefghij", x: 0, y: 0)
        before.write("old", x: 30, y: 0)
        emulator.play(writer.bytes(for: before))
        var after = CellBuffer(width: 40, height: 1)
        after.write("Yabcdefghij", x: 0, y: 0)
        emulator.play(writer.bytes(for: after))
        #expect(emulator.lines == ["Yabcdefghij" + String(repeating: " ", count: 29)])
    }

    @Test func terminfoPaddingIsNotSent() {
        #expect(ControlSequences.withoutPadding(Array("\u{1B}[K$<3>".utf8)) == Array("\u{1B}[K".utf8))
        #expect(ControlSequences.withoutPadding(Array("\u{1B}[%i%p1%d;%p2%dH$<5*/>x".utf8)) == Array("\u{1B}[%i%p1%d;%p2%dHx".utf8))
        #expect(ControlSequences.withoutPadding(Array("cost $<b>".utf8)) == Array("cost $<b>".utf8))
    }

    static let samples = ["ab", "word ", "日本", "e\u{301}", "😀", "  ", "xyz", "│", "é", "          ", "                "]

    static func randomLine(_ random: inout SeededGenerator) -> [Cell] {
        var cells: [Cell] = []
        for _ in 0..<Int.random(in: 0...14, using: &random) {
            let style = Style(
                foreground: Bool.random(using: &random) ? Color.allCases.randomElement(using: &random) : nil,
                background: Int.random(in: 0..<4, using: &random) == 0 ? Color.allCases.randomElement(using: &random) : nil,
                attributes: Style.Attributes(rawValue: UInt8.random(in: 0..<16, using: &random)))
            cells += CellText.cells(samples.randomElement(using: &random)!, style: Bool.random(using: &random) ? .plain : style)
        }
        return cells
    }

    static func overwrite(_ line: [Cell], at column: Int, with cells: some Collection<Cell>) -> [Cell] {
        var buffer = CellBuffer(width: 64, height: 1)
        buffer.write(line, x: 0, y: 0)
        buffer.write(Array(cells), x: column, y: 0)
        return Array(buffer.row(0))
    }

    static func frame(width: Int, lines: [String]) -> CellBuffer {
        var frame = CellBuffer(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { frame.write(line, x: 0, y: y) }
        return frame
    }
}
