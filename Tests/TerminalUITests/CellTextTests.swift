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
        ("line\u{2028}break\u{2029}", "line\\u2028break\\u2029"),
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

    // MARK: - Issue 11: hostile text

    /// A letter and 40,000 accents is one grapheme cluster: it kept every mark (and joining
    /// each one re-counted the whole cluster: quadratic time, 30 s for a 240 KB file).
    @Test func aRunOfCombiningMarksKeepsFourOnTheCellAndShowsTheRestWereDropped() {
        let cells = CellText.cells("a" + String(repeating: "\u{301}", count: 40_000) + "b")
        #expect(cells.count == 3)
        #expect(cells[0].character.unicodeScalars.count == 1 + CellText.maximumMarksPerCell)
        #expect(cells[1].character == CellText.droppedMarksSign)
        #expect(cells[2].character == "b")
        #expect(DisplayWidth.of("a\u{301}\u{301}") == 1)
    }

    @Test func afewMarksStayOnTheirCellWithNoSign() {
        let cells = CellText.cells("e\u{301}\u{302}x")
        #expect(cells.map(\.character) == ["e\u{301}\u{302}", "x"])
    }

    /// Messages quote document values: they go out inert, like the screen.
    @Test func inertTextHasNoControlCharactersLeft() {
        #expect(CellText.inert("d\u{1B}]0;PWN\u{07}") == "d^[]0;PWN^G")
        #expect(CellText.inert("a\nb") == "a^Jb")
        #expect(CellText.inert("a\nb\u{9B}", keepingNewlines: true) == "a\nb\\u009b")
        #expect(CellText.inert("\u{202E}evil") == "\\u202eevil")
    }

    @Test func aPrefixCountsScalarsAndSaysHowManyFollow() {
        #expect(CellText.prefix("abcdef", scalars: 4) == ("abcd", 2))
        #expect(CellText.prefix("abc", scalars: 4) == ("abc", 0))
        #expect(CellText.prefix("é日\u{301}x", scalars: 2) == ("é日", 2))
    }
}
