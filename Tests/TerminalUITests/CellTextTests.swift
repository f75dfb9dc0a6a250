import Testing
@testable import TerminalUI

@Suite struct CellTextTests {
    func text(_ cells: [Cell]) -> String {
        String(cells.filter { !$0.isContinuation }.map(\.character))
    }

    @Test func wideCharactersTakeACellAndAContinuation() {
        let cells = CellText.cells("a日b")
        #expect(cells.map(\.width) == [1, 2, 0, 1])
    }

    @Test func combiningMarksJoinTheirBaseCharacter() {
        let cells = CellText.cells("e\u{301}x")
        #expect(cells.count == 2)
        #expect(cells[0].character == "e\u{301}")
    }

    @Test(arguments: [
        ("\u{1B}[31mred", "^[[31mred"),
        ("bell\u{07}", "bell^G"),
        ("tab\there", "tab here"),
        ("del\u{7F}", "del^?"),
        ("\u{9B}2J", "\\u009b2J"),
        ("abc\u{202E}def", "abc\\u202edef"),
        ("cr\rlf\n", "cr^Mlf^J"),
    ])
    func controlCharactersAreShownInert(raw: String, shown: String) {
        let cells = CellText.cells(raw)
        #expect(text(cells) == shown)
        #expect(cells.allSatisfy { cell in cell.character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) } })
    }

    /// Found by browsing JSONTestSuite's `y_string_unicode_U+200B_ZERO_WIDTH_SPACE.json`: a
    /// zero-width scalar that is not a combining mark used to make a two-cluster Character (a trap).
    @Test(arguments: ["\"\u{200B}\"", "\"\u{2064}\"", "a\u{200B}\u{200B}b", "\u{200B}"])
    func zeroWidthScalarsThatDoNotCombineAreDropped(text: String) {
        let cells = CellText.cells(text)
        #expect(cells.allSatisfy { String($0.character).count == 1 })
        #expect(cells.reduce(0) { $0 + Int($1.width) } == text.unicodeScalars.filter { DisplayWidth.of($0) > 0 }.count)
    }

    @Test func joinersAreDroppedSoWidthsAgreeWithTheTerminal() {
        let cells = CellText.cells("👨‍👩")
        #expect(cells.map(\.width) == [2, 0, 2, 0])
    }
}
