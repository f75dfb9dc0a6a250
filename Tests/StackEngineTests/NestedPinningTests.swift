import TestSupport
import Testing
@testable import StackEngine

/// The rows of a random tree, flattened: an expanded container is its opening row, its
/// children's rows and its closing row; a collapsed container or a leaf is one row.
struct TreeOfRows: StackDataSource {
    struct Row: StackRow { var extent: Int }

    var heights: [Int] = []
    var enclosing: [[ContainerSpan]] = []
    var isOpening: [Bool] = []

    /// Rows given by hand.
    init(heights: [Int], enclosing: [[ContainerSpan]], isOpening: [Bool]) {
        (self.heights, self.enclosing, self.isOpening) = (heights, enclosing, isOpening)
    }

    /// A random tree of up to `depth` levels flattened, with random rows expanded.
    init(using generator: inout SeededGenerator, depth: Int) {
        append(depth: depth, chain: [], using: &generator)
    }

    private mutating func append(depth: Int, chain: [ContainerSpan], using generator: inout SeededGenerator) {
        let children = depth > 0 ? Int.random(in: 0...6, using: &generator) : 0
        let expanded = children > 0 && Int.random(in: 0..<5, using: &generator) > 0
        let row = heights.count
        // Opening rows are mostly one line, as in a tree view; some are taller.
        heights.append(Int.random(in: 0..<6, using: &generator) == 0 ? 2 : 1)
        enclosing.append(chain)
        isOpening.append(expanded)
        guard expanded else { return }
        let inner = chain + [ContainerSpan(opening: row, end: -1)]
        for _ in 0..<children { append(depth: depth - 1, chain: inner, using: &generator) }
        let closing = heights.count
        heights.append(1)
        enclosing.append(chain)
        isOpening.append(false)
        // The container's end is its closing row, now known.
        for index in (row + 1)..<closing { enclosing[index][chain.count].end = closing }
    }

    var rowCount: Int { heights.count }
    func rowID(at index: Int) -> String { "r\(index)" }
    func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()) }
    func enclosingContainers(of index: Int) -> [ContainerSpan] { enclosing[index] }
    func resolveRow(at index: Int, crossExtent: Int) -> Row { Row(extent: heights[index]) }
}

/// Nested pinning: the opening rows of the containers enclosing the top of the screen.
@Suite struct NestedPinningTests {
    /// What each line of the viewport shows: flowing rows, then pinned rows over them in the
    /// frame's order (as a list draws them).
    private func lines(of frame: StackFrame<TreeOfRows.Row>) -> [Int?] {
        var shown = [Int?](repeating: nil, count: frame.viewportExtent)
        for placed in frame.rows {
            for line in placed.origin..<(placed.origin + placed.row.extent) where line >= 0 && line < shown.count {
                shown[line] = placed.index
            }
        }
        if let line = frame.elidedContainersLine, line < shown.count { shown[line] = -1 }
        return shown
    }

    /// Random trees, scrolls and jumps: the first row not covered by pins has every container
    /// enclosing it shown above it, outermost first (pinned, or in its place); the pins cover at
    /// most a third of the viewport; a row scrolled to the top lands right below its pins.
    @Test(arguments: 1...60)
    func theContainersOpenAboveTheFirstContentRowArePinned(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let source = TreeOfRows(using: &generator, depth: Int.random(in: 1...7, using: &generator))
        let height = Int.random(in: 3...40, using: &generator)
        var stack = LazyStack(source: source, crossExtent: 40, viewportExtent: height)
        for step in 0..<60 {
            let context = "seed \(seed), step \(step), \(source.rowCount) rows, height \(height)"
            var target: Int?
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: stack.scroll(by: Int.random(in: -20...20, using: &generator))
            case 1:
                let row = Int.random(in: 0..<source.rowCount, using: &generator)
                stack.scroll(toRow: row, alignment: .top)
                target = row
            default: stack.scroll(toFraction: Double.random(in: 0...1, using: &generator))
            }
            let frame = stack.layout()
            let shown = lines(of: frame)
            let covered = stack.pinnedLines()
            #expect(covered <= max(1, height / 3), "\(context)")
            let flowing = frame.rows.filter { !$0.isPinned }
            guard let first = flowing.first(where: { $0.origin + $0.row.extent > covered }) else { continue }
            // (Flowing rows show there too where a pin is pushed out: its end row rising.)
            let pinnedRows = Set(frame.rows.filter(\.isPinned).map(\.index))
            let pinnedShown = shown.prefix(min(covered, height)).compactMap { $0 }.filter(pinnedRows.contains)
            let enclosing = source.enclosing[first.index].map(\.opening)
            if frame.elidedContainersLine == nil {
                // Every enclosing container shows above the first content row, outermost first.
                let above = shown.prefix(max(0, first.origin, covered)).compactMap { $0 }
                var uniqueAbove: [Int] = []
                for row in above where uniqueAbove.last != row { uniqueAbove.append(row) }
                #expect(enclosing.allSatisfy(above.contains), "\(context): \(enclosing) not all in \(uniqueAbove)")
                let order = uniqueAbove.filter(enclosing.contains)
                #expect(order == enclosing, "\(context): \(order) vs \(enclosing)")
            } else {
                // The pins that show start with the outermost enclosing containers (those being
                // pushed out may follow them).
                var unique: [Int] = []
                for row in pinnedShown where unique.last != row { unique.append(row) }
                #expect(Array(unique.prefix(enclosing.count)) == Array(enclosing.prefix(unique.count)), "\(context)")
            }
            // Pinned rows are opening rows of containers, never content.
            for placed in frame.rows where placed.isPinned {
                #expect(source.isOpening[placed.index], "\(context): row \(placed.index) pinned")
            }
            if let target, !frame.isAtBottom || first.index == target {
                let landed = frame.rows.first { !$0.isPinned && $0.index == target }
                if !frame.isAtBottom { #expect(landed?.origin == stack.leadingInset(for: target), "\(context): row \(target)") }
            }
        }
    }

    /// A tree three levels deep scrolled into its innermost container: the three opening rows
    /// pin at lines 0–2 over the rows they cover; the closing row of the innermost pushes it out.
    @Test func threeLevelsPinAndThePushOut() {
        // [ { [ a b c d e f ] } ]  — rows: 0 [, 1 {, 2 [, 3…8 leaves, 9 ], 10 }, 11 ], 12 after…
        let outer = ContainerSpan(opening: 0, end: 11), middle = ContainerSpan(opening: 1, end: 10)
        let inner = ContainerSpan(opening: 2, end: 9)
        let enclosing = [[], [outer], [outer, middle]] + Array(repeating: [outer, middle, inner], count: 6)
            + [[outer, middle], [outer], []] + Array(repeating: [], count: 8)
        let source = TreeOfRows(
            heights: Array(repeating: 1, count: 20), enclosing: enclosing,
            isOpening: [true, true, true] + Array(repeating: false, count: 17))
        var stack = LazyStack(source: source, crossExtent: 20, viewportExtent: 12)
        stack.scroll(by: 4)  // rows 4… at the top: 0, 1, 2 pinned over rows 4, 5, 6
        #expect(lines(of: stack.layout()).prefix(4) == [0, 1, 2, 7])
        stack.scroll(by: 3)  // row 7 at the top, the inner closing row (9) at line 2
        #expect(lines(of: stack.layout()).prefix(4) == [0, 1, 9, 10])
        stack.scroll(by: 1)  // the inner container's pin pushed under the middle one's
        #expect(lines(of: stack.layout()).prefix(3) == [0, 1, 10])
    }

    /// More enclosing containers than a third of the screen: the outermost pin, then `…`.
    @Test func deepNestingFoldsIntoAnEllipsis() {
        let depth = 6
        let source = TreeOfRows(
            heights: Array(repeating: 1, count: 40),
            enclosing: (0..<40).map { row in (0..<min(row, depth)).map { ContainerSpan(opening: $0, end: 39 - $0) } },
            isOpening: (0..<40).map { $0 < depth })
        var stack = LazyStack(source: source, crossExtent: 20, viewportExtent: 9)  // 3 lines of pins at most
        stack.scroll(by: 15)
        let frame = stack.layout()
        #expect(frame.elidedContainersLine == 2)
        #expect(lines(of: frame).prefix(4) == [0, 1, -1, 18])
        #expect(stack.pinnedLines() == 3)
    }

    /// How much of the screen the pins may cover is an option: half of it pins the six levels
    /// whole; none pins none (the rows flow under nothing).
    @Test(arguments: [(0.5, [0, 1, 2, 3, 4, 5, 21], nil), (0.0, [15, 16, 17, 18, 19, 20, 21], nil)] as [(Double, [Int], Int?)])
    func theShareOfTheScreenPinsCoverIsAnOption(share: Double, shown: [Int], elided: Int?) {
        let depth = 6
        let source = TreeOfRows(
            heights: Array(repeating: 1, count: 40),
            enclosing: (0..<40).map { row in (0..<min(row, depth)).map { ContainerSpan(opening: $0, end: 39 - $0) } },
            isOpening: (0..<40).map { $0 < depth })
        var stack = LazyStack(
            source: source, crossExtent: 20, viewportExtent: 12, options: StackOptions(pinnedContainersShare: share))
        stack.scroll(by: 15)
        let frame = stack.layout()
        #expect(frame.elidedContainersLine == elided)
        #expect(Array(lines(of: frame).prefix(7)) == shown.map { Optional($0) })
    }

    /// A chain of 999 enclosing containers: a jump and a frame build the few opening rows that can
    /// pin, not every one (a tree's row costs its depth to build: `--scroll-to` was quadratic).
    @Test func aDeepChainMeasuresOnlyWhatCanPin() {
        let depth = 999
        let rows = 2 * depth + 1
        let base = TreeOfRows(
            heights: Array(repeating: 1, count: rows),
            enclosing: (0..<rows).map { row in
                (0..<min(row, rows - 1 - row, depth)).map { ContainerSpan(opening: $0, end: rows - 1 - $0) }
            },
            isOpening: (0..<rows).map { $0 < depth })
        let counter = ResolveCounter()
        var stack = LazyStack(source: CountingRows(rows: base, counter: counter), crossExtent: 40, viewportExtent: 12)
        stack.scroll(toRow: depth, alignment: .top)
        _ = stack.layout()
        #expect(counter.count < 100, "a jump and its frame built \(counter.count) rows")
        counter.count = 0
        stack.scroll(by: 30)
        _ = stack.layout()
        #expect(counter.count < 100, "a scroll and its frame built \(counter.count) rows")
    }
}

/// Counts the rows a source is asked to build.
final class ResolveCounter: @unchecked Sendable {
    var count = 0
}

/// `rows`, counting each row built in `counter`.
struct CountingRows: StackDataSource {
    let rows: TreeOfRows
    let counter: ResolveCounter

    var rowCount: Int { rows.rowCount }
    func rowID(at index: Int) -> String { rows.rowID(at: index) }
    func rowIndex(forID id: String) -> Int? { rows.rowIndex(forID: id) }
    func enclosingContainers(of index: Int) -> [ContainerSpan] { rows.enclosingContainers(of: index) }
    func resolveRow(at index: Int, crossExtent: Int) -> TreeOfRows.Row {
        counter.count += 1
        return rows.resolveRow(at: index, crossExtent: crossExtent)
    }
}
