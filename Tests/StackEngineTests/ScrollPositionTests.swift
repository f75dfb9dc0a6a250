import TestSupport
import Testing
@testable import StackEngine

/// The scroll position as a value, and a stack that keeps to its bottom.
@Suite struct ScrollPositionTests {
    /// Rows of 1 to 3 lines, `count` of them, one section.
    struct Lines: StackDataSource {
        var heights: [Int]
        var rowCount: Int { heights.count }
        func rowID(at index: Int) -> String { "r\(index)" }
        func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()).flatMap { heights.indices.contains($0) ? $0 : nil } }
        func resolveRow(at index: Int, crossExtent: Int) -> SyntheticRow { SyntheticRow(extent: heights[index]) }
    }

    static func lines(_ count: Int) -> Lines { Lines(heights: (0..<count).map { $0 % 3 + 1 }) }

    /// A position read is one to scroll back to: the same screen, from anywhere, encoded and
    /// decoded on the way.
    @Test(arguments: 1...10)
    func aPositionReadGivesBackTheSameScreen(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var stack = LazyStack(source: Self.lines(500), crossExtent: 40, viewportExtent: 10)
        for _ in 0..<20 {
            stack.scroll(toFraction: Double.random(in: -0.1...1.1, using: &generator))
            stack.scroll(by: Int.random(in: -5...5, using: &generator))
            let screen = stack.placement()
            let position = stack.scrollPosition()
            if screen.first?.index == 0, screen.first?.origin == 0 { #expect(position == .edge(.top)) }
            stack.scroll(toFraction: Double.random(in: 0...1, using: &generator))
            let moved = stack.scroll(to: position)
            #expect(moved)
            #expect(stack.placement() == screen, "\(position)")
        }
    }

    @Test func positionsByIdByOffsetAndAnUnknownId() {
        var stack = LazyStack(source: Self.lines(100), crossExtent: 40, viewportExtent: 10)
        let found = stack.scroll(to: .id("r40", alignment: .top))
        #expect(found)
        #expect(stack.placement().first?.index == 40)
        let position = stack.scrollPosition()
        #expect(position == .row(id: "r40", lineOffset: 0))
        let unknown = stack.scroll(to: .id("r400", alignment: .top))
        #expect(!unknown)
        #expect(stack.placement().first?.index == 40, "an unknown id moves nothing")
        stack.scroll(to: .edge(.bottom))
        let bottom = stack.scrollPosition()
        #expect(bottom == .edge(.bottom))
        // Every row measured: a line of the content is exact.
        while stack.measureWhileIdle(while: { true }) {}
        stack.scroll(to: .offset(lines: 7))
        // Rows of 1, 2, 3, 1, … lines: line 7 is the first of row 4 (lines 7 and 8).
        #expect(stack.anchor == ScrollAnchor(row: 4, offset: 0))
        stack.scroll(to: .offset(lines: 8))
        #expect(stack.anchor == ScrollAnchor(row: 4, offset: 1))
    }

    /// At the bottom anchor, a stack opens at its end and keeps to it as rows come — unless the
    /// reader scrolled up, who stays on the same rows; rows that do not fill the viewport sit at
    /// its bottom.
    @Test func aStackAtTheBottomAnchorKeepsToItsEnd() {
        var stack = LazyStack(
            source: Self.lines(3), crossExtent: 40, viewportExtent: 10,
            options: StackOptions(defaultScrollAnchor: .bottom))
        // 1 + 2 + 3 lines in 10: they sit on the last six.
        var frame = stack.layout()
        #expect(frame.rows.map(\.origin) == [4, 5, 7])
        #expect(stack.placement().map(\.origin) == [4, 5, 7])
        stack.replaceRows(from: 3, with: Self.lines(200))
        frame = stack.layout()
        #expect(frame.isAtBottom && frame.rows.last?.index == 199)
        stack.replaceRows(from: 200, with: Self.lines(230))
        frame = stack.layout()
        #expect(frame.isAtBottom && frame.rows.last?.index == 229, "appended while at the bottom: kept there")
        stack.scroll(by: -20)
        let read = stack.placement()
        stack.replaceRows(from: 230, with: Self.lines(260))
        #expect(stack.placement() == read, "a reader scrolled up stays")
        frame = stack.layout()
        #expect(!frame.isAtBottom)
        stack.scroll(to: .edge(.bottom))
        stack.setViewport(crossExtent: 30, viewportExtent: 6)
        frame = stack.layout()
        #expect(frame.isAtBottom, "a new viewport keeps it at the bottom")
    }

    /// The default anchor: a stack opens at its top, and short rows sit at the top.
    @Test func theTopAnchorIsTheDefault() {
        var stack = LazyStack(source: Self.lines(3), crossExtent: 40, viewportExtent: 10)
        var frame = stack.layout()
        #expect(frame.rows.map(\.origin) == [0, 1, 3])
        stack.replaceRows(from: 3, with: Self.lines(200))
        frame = stack.layout()
        #expect(frame.isAtTop)
    }

    /// A stack at its bottom whose last row grows in place (a message streamed) stays at the
    /// bottom; short rows at the bottom anchor say the bottom is where they are.
    @Test func aLastRowThatGrowsKeepsTheBottom() {
        let heights = HeightBox(Array(repeating: 1, count: 40))
        var stack = LazyStack(
            source: Growing(heights: heights), crossExtent: 40, viewportExtent: 10,
            options: StackOptions(defaultScrollAnchor: .bottom))
        _ = stack.layout()
        heights.values[39] = 5
        stack.invalidate(rows: 39..<40)
        let frame = stack.layout()
        #expect(frame.isAtBottom && frame.rows.last.map { $0.origin + $0.row.extent } == 10)
        var short = LazyStack(
            source: Self.lines(2), crossExtent: 40, viewportExtent: 10, options: StackOptions(defaultScrollAnchor: .bottom))
        let position = short.scrollPosition()
        #expect(position == .edge(.bottom))
    }

    /// Rows spaced by `spacing` lines: the spacing is blank between rows (none before the
    /// first), counts in the content size, and estimates of rows never measured include it.
    @Test func spacingIsBetweenRowsAndInTheSize() {
        var stack = LazyStack(source: Self.lines(100), crossExtent: 40, viewportExtent: 10, options: StackOptions(spacing: 2))
        let frame = stack.layout()
        // Rows of 1, 2, 3 lines: at 0, then 1 + 2, then 3 + 2 + 2.
        #expect(frame.rows.prefix(3).map(\.origin) == [0, 3, 7])
        while stack.measureWhileIdle(while: { true }) {}
        let heights = (0..<100).map { $0 % 3 + 1 }.reduce(0, +)
        #expect(stack.index.contentSize == .exact(heights + 2 * 99))
        stack.scrollToBottom()
        let bottom = stack.layout()
        #expect(bottom.rows.last.map { $0.origin + $0.row.extent } == 10)
        #expect(stack.invariantViolations().isEmpty)
    }
}

/// Heights a test changes in place.
final class HeightBox: @unchecked Sendable {
    var values: [Int]
    init(_ values: [Int]) { self.values = values }
}

/// Rows whose heights a test changes in place (and says so with `invalidate`).
struct Growing: StackDataSource {
    let heights: HeightBox
    var rowCount: Int { heights.values.count }
    func rowID(at index: Int) -> String { "g\(index)" }
    func resolveRow(at index: Int, crossExtent: Int) -> SyntheticRow { SyntheticRow(extent: heights.values[index]) }
}
