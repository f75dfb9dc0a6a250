import Testing
@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("日本", 4), ("😀", 2), ("e\u{301}", 1), ("한글", 4), ("🇫🇷", 2), ("❤️", 1),
        ("👨‍👩‍👧", 6), ("ｆｕｌｌ", 8), ("\u{200B}", 0),
    ])
    func measuresColumnsAsTheTerminalDoes(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }
}
