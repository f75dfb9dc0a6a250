import DocumentData
import StackEngine
import TestSupport
import Testing
@testable import DocumentViewer

/// Items measured while idle are counted without being built: the count is the lines built.
@Suite struct ItemMeasureTests {
    /// Random items — subtitles or none, art of any length (past the lines laid out too), bodies
    /// of ASCII, wide characters, line feeds and past the characters laid out — at random
    /// widths: `measureRow` is `resolveRow`'s extent, row by row.
    @Test(arguments: 1...10)
    func anItemMeasuresTheLinesItIsBuiltWith(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let words = ["fold", "the", "crane's", "neck", "折り紙", "🦢", "\n", "valley-fold-the-top-corner-down-to-the-center-line"]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        }
        let items = (0..<60).map { index in
            StackDocument.Item(
                id: "i\(index)", title: text(3),
                subtitle: Bool.random(using: &generator) ? text(2) : (Bool.random(using: &generator) ? "" : nil),
                art: (0..<[0, 2, 8, 503].randomElement(using: &generator)!).map { _ in text(1) },
                body: Int.random(in: 0..<10, using: &generator) == 0
                    ? String(repeating: "long words ", count: 2_100) : (Bool.random(using: &generator) ? text(Int.random(in: 0...60, using: &generator)) : nil))
        }
        let rows = DocumentRows(document: StackDocument(sections: [.init(id: "s", header: "S", footer: "F", items: items)]))
        for width in [1, 7, 30, 81] {
            for row in 0..<rows.rowCount {
                #expect(rows.measureRow(at: row, crossExtent: width) == rows.resolveRow(at: row, crossExtent: width).extent,
                        "seed \(seed), row \(row), width \(width)")
            }
        }
    }
}
