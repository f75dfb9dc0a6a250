import TestSupport
import Testing
import TerminalUI

/// Counting the lines of wrapped text without making cells.
@Suite struct TextWrappingTests {
    /// Random ASCII texts — words short and longer than a line, runs of spaces, line feeds at
    /// the ends and doubled — at random widths: the count is the lines `wrap` makes.
    @Test(arguments: 1...20)
    func theCountIsTheLinesWrapMakes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "word", "longer", "extraordinarily-long-word-that-never-fits", " ", "  ", "\n", "\n\n", "x y"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let width = Int.random(in: 1...24, using: &generator)
            #expect(TextWrapping.lineCount(text, width: width) == TextWrapping.wrap(text, style: .plain, width: width).count,
                    "\(text.debugDescription) at \(width)")
        }
    }

    /// Text that is not all printable ASCII (wide characters, a tab, "\r\n") is counted by
    /// wrapping it.
    @Test func otherTextIsCountedByWrappingIt() {
        for text in ["折り紙 の 鶴 を 折る", "a\tb c", "one\r\ntwo", "🦢 swan 🦢 swan"] {
            for width in [1, 3, 8] {
                #expect(TextWrapping.lineCount(text, width: width) == TextWrapping.wrap(text, style: .plain, width: width).count)
            }
        }
    }
}
