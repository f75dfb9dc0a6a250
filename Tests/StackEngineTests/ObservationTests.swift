import Testing
@testable import StackEngine

/// Fixed-height rows in one section without header: easy to reason about line by line.
struct UniformRows: StackDataSource {
    var heights: [Int]
    var kinds: [RowKind]

    init(heights: [Int], kinds: [RowKind]? = nil) {
        self.heights = heights
        self.kinds = kinds ?? Array(repeating: .item, count: heights.count)
    }

    var rowCount: Int { heights.count }
    func rowKind(at index: Int) -> RowKind { kinds[index] }
    func rowID(at index: Int) -> String { "r\(index)" }
    func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()) }
    func sectionRange(containing index: Int) -> Range<Int> { 0..<heights.count }
    func resolveRow(at index: Int, crossExtent: Int) -> SyntheticRow { SyntheticRow(extent: heights[index]) }
}

@Suite struct ObservationTests {
    @Test func reportsRowsThatAppearAndDisappearOnlyWhenTheyDo() {
        var stack = LazyStack(source: UniformRows(heights: Array(repeating: 2, count: 20)), crossExtent: 10, viewportExtent: 6)
        let first = stack.layout().changes
        #expect(first.appeared == [0, 1, 2])
        #expect(first.geometry?.visibleRange == 0..<3)
        #expect(stack.layout().changes.isEmpty)
        stack.scroll(by: 2)
        let moved = stack.layout().changes
        #expect(moved.appeared == [3])
        #expect(moved.disappeared == [0])
        #expect(moved.geometry?.offset == 2)
    }

    @Test func visibilityUsesTheThresholdAndThePinnedHeader() {
        // A header of 1 line, then items of 5 lines; threshold 0.8 means 4 of 5 lines.
        let rows = UniformRows(heights: [1] + Array(repeating: 5, count: 10), kinds: [.header] + Array(repeating: .item, count: 10))
        var stack = LazyStack(source: rows, crossExtent: 10, viewportExtent: 10)
        // Row 2 spans lines 6…10 of a 10-line viewport: 4 of 5 lines show, exactly 0.8.
        #expect(stack.layout().changes.becameVisible == [0, 1, 2])
        stack.scroll(by: 2)
        // The header is pinned over line 0; row 1 spans lines -1…3, so only lines 1…3 show (0.6);
        // row 3 shows one line of five.
        let changes = stack.layout().changes
        #expect(changes.becameHidden == [1])
        #expect(changes.becameVisible.isEmpty)
        #expect(changes.appeared == [3])
        #expect(changes.disappeared.isEmpty)
    }

    @Test func geometryIsReportedOnlyWhenItChanges() {
        var stack = LazyStack(source: UniformRows(heights: Array(repeating: 3, count: 50)), crossExtent: 10, viewportExtent: 9)
        #expect(stack.layout().changes.geometry?.contentSize == .estimated(total: 150, measured: 3, approximated: 47))
        stack.scroll(by: 0)
        #expect(stack.layout().changes.geometry == nil)
        stack.scrollToBottom()
        let bottom = stack.layout().changes.geometry
        #expect(bottom?.offset == 141)
        #expect(bottom?.visibleRange == 47..<50)
    }
}

/// A list of pages: `loaded` items of 2 lines, then a loading row while pages remain.
struct PagedRows: StackDataSource {
    var loaded: Int
    var total: Int

    var rowCount: Int { loaded + (loaded < total ? 1 : 0) }
    func rowKind(at index: Int) -> RowKind { index < loaded ? .item : .loading }
    func rowID(at index: Int) -> String { index < loaded ? "item-\(index)" : "loading" }
    func rowIndex(forID id: String) -> Int? { id == "loading" ? (loaded < total ? loaded : nil) : Int(id.dropFirst(5)) }
    func sectionRange(containing index: Int) -> Range<Int> { 0..<rowCount }
    func resolveRow(at index: Int, crossExtent: Int) -> SyntheticRow { SyntheticRow(extent: index < loaded ? 2 : 1) }
}

@Suite struct PaginationTests {
    @Test func resolvingTheLoadingRowRequestsThePageAndAppendingNeverMovesTheScreen() {
        var source = PagedRows(loaded: 20, total: 100)
        var stack = LazyStack(source: source, crossExtent: 10, viewportExtent: 10)
        #expect(stack.layout().changes.requestedPages.isEmpty)
        stack.scrollToBottom()
        let frame = stack.layout()
        #expect(frame.changes.requestedPages == [20])
        let before = frame.rows.map { [$0.index, $0.origin] }
        let anchor = stack.anchor
        // The page arrives: the loading row becomes 20 items and a new loading row.
        source.loaded = 40
        stack.replaceRows(from: 20, with: source)
        #expect(stack.rowCount == 41)
        #expect(stack.anchor == anchor)
        let after = stack.layout()
        #expect(after.rows.prefix(before.count - 1).map { [$0.index, $0.origin] } == Array(before.prefix(before.count - 1)))
        #expect(after.changes.requestedPages.isEmpty)
        // Paging on reaches the end of the list, page by page.
        while source.loaded < source.total {
            stack.scrollToBottom()
            guard let requested = stack.layout().changes.requestedPages.first else { break }
            source.loaded = min(source.total, source.loaded + 20)
            stack.replaceRows(from: requested, with: source)
        }
        stack.scrollToBottom()
        #expect(stack.rowCount == 100)
        #expect(stack.layout().rows.last?.index == 99)
    }

    @Test func removingRowsKeepsTheIndexConsistent() {
        var index = ExtentTree(kindRuns: [(kind: RowKind.item, count: 10)])
        for row in 0..<10 { index.setMeasured(row, extent: row + 1, kind: .item) }
        index.replaceRows(6..<10, with: [(kind: RowKind, count: Int)]())
        #expect(index.count == 6)
        #expect(index.total == 21)
        #expect(index.contentSize == .exact(21))
        index.append(.item, count: 1)
        // The new row counts at the mean of the remaining measured rows, 21 / 6 = 3.5 lines: the
        // total keeps the fraction, and a total of 24.5 lines ends on line 24.
        #expect(index.total == 24)
        #expect(index.estimate(for: .item) == 4)
    }
}
