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
}
