import TestSupport
import Testing
@testable import TerminalUI

@Suite struct CellBufferTests {
    @Test func writesAndTrimsText() {
        var buffer = CellBuffer(width: 10, height: 2)
        buffer.write("hello", x: 2, y: 1)
        #expect(buffer.textLines() == ["", "  hello"])
    }

    @Test func neverSplitsAWideCharacterAtTheRightEdge() {
        var buffer = CellBuffer(width: 5, height: 1)
        let end = buffer.write("abcd日", x: 0, y: 0)
        #expect(buffer.textLines() == ["abcd"])
        #expect(buffer[4, 0] == .blank)
        #expect(end == 5)
        var exact = CellBuffer(width: 6, height: 1)
        exact.write("abcd日", x: 0, y: 0)
        #expect(exact.textLines() == ["abcd日"])
        #expect(exact[5, 0].isContinuation)
    }

    @Test func clipsToAnAreaOnBothSidesWithoutSplittingWideCharacters() {
        var buffer = CellBuffer(width: 10, height: 1)
        buffer.write(CellText.cells("日本語です"), x: 1, y: 0, limit: 8, start: 2)
        // 日 straddles column 2 (it spans 1–2): a blank; 本 語 fit in 3–6; で would span 7–8.
        #expect(buffer.textLines() == ["   本語"])
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("日本", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.textLines() == [" x本"])
    }

    /// A line of cells is copied at once when it can be: the copy must leave the buffer exactly
    /// as the cell-by-cell write does, over any contents, at any position and clip.
    @Test(arguments: 0..<40)
    func copyingALineEqualsWritingItCellByCell(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let samples = ["a", "日", "b", "本", "e\u{301}", "😀", " "]
        func line() -> [Cell] {
            CellText.cells((0..<Int.random(in: 0...12, using: &random)).map { _ in samples.randomElement(using: &random)! }.joined())
        }
        for _ in 0..<30 {
            var copied = CellBuffer(width: 16, height: 2)
            copied.write(line(), x: Int.random(in: -2...10, using: &random), y: 1)
            var written = copied
            var cells = line()
            if Int.random(in: 0..<6, using: &random) == 0, !cells.isEmpty {
                // Lines a caller made by hand need not pair wide characters,
                cells.remove(at: Int.random(in: 0..<cells.count, using: &random))
            }
            if Bool.random(using: &random), let half = cells.firstIndex(where: { $0.isContinuation }) {
                // nor give a right half its left half's style.
                cells = cells.map { Cell($0.character, width: $0.width, style: Style(foreground: .red)) }
                cells[half] = Cell(" ", width: 0)
            }
            let x = Int.random(in: -3...17, using: &random)
            let limit = Bool.random(using: &random) ? Int.random(in: 0...17, using: &random) : nil
            let start = Int.random(in: -1...8, using: &random)
            let copiedEnd = copied.write(cells, x: x, y: 1, limit: limit, start: start)
            let writtenEnd = written.write(cells[...], x: x, y: 1, limit: limit, start: start)
            #expect(copied == written, "seed \(seed): \(cells.map(\.character)) at \(x), clip \(start)..<\(limit ?? 16)")
            #expect(copiedEnd == writtenEnd)
        }
    }

    /// An area is filled at once when it spans whole rows: the result must equal filling it a
    /// row at a time, over contents with wide characters, for any area (off the edges too).
    @Test(arguments: 0..<20)
    func fillingAnAreaEqualsFillingItsRows(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let samples = ["a", "日", "b", "本", " "]
        for _ in 0..<30 {
            var atOnce = CellBuffer(width: 12, height: 6)
            for y in 0..<6 {
                let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in samples.randomElement(using: &random)! }.joined()
                atOnce.write(CellText.cells(text), x: Int.random(in: -1...6, using: &random), y: y)
            }
            var byRows = atOnce
            let wholeWidth = Bool.random(using: &random)
            let area = Rect(
                x: wholeWidth ? Int.random(in: -2...0, using: &random) : Int.random(in: -2...11, using: &random),
                y: Int.random(in: -2...6, using: &random),
                width: wholeWidth ? 14 : Int.random(in: 0...13, using: &random),
                height: Int.random(in: 0...8, using: &random))
            let style = Style(foreground: .green)
            atOnce.fill(style, area: area)
            for y in area.y..<max(area.y, area.bottom) { byRows.fill(style, x: area.x, y: y, count: area.width) }
            #expect(atOnce == byRows, "seed \(seed): \(area)")
        }
    }
}
