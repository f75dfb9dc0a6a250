import TestSupport
import Testing
@testable import StackEngine


/// Layout invariants under many random operation sequences. Each seed is one reproducible run
/// of 300 steps on a random sectioned list: scrolls, jumps, resizes, rows replaced and restyled,
/// previews saved and restored, and layouts only now and then (so steps also follow each other
/// with no layout between). After every step the stack's own invariants are checked
/// (``LazyStack/invariantViolations()``), after every layout the frame against the exact geometry
/// of the data source. A failing run is shrunk to the fewest steps that still fail, and the
/// whole trace is printed.
@Suite struct LazyStackPropertyTests {
    @Test(arguments: 1...200)
    func randomOperationsKeepLayoutInvariants(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let run = RandomRun(generator: &generator, seed: seed)
        let steps = (0..<300).map { _ in RandomRun.Step.random(using: &generator, rowCount: run.rowCount) }
        guard let failure = run.execute(steps) else { return }
        let shrunk = run.shrink(steps)
        let trace = shrunk.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
        Issue.record("""
            seed \(seed): step \(failure.step) (\(steps[failure.step])): \(failure.problem)
            \(run) — shortest failing trace (\(shrunk.count) of \(steps.count) steps), failing with \
            \(run.execute(shrunk)?.problem ?? "?"):
            \(trace)
            """)
    }

    @Test(arguments: 1...20)
    func topAndBottomAreExact(seed: UInt64) {
        let rows = SyntheticRows(rowCount: 2_000, seed: seed)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 23)
        stack.scroll(toFraction: 0.5)
        stack.scrollToBottom()
        let bottom = stack.layout().rows.filter { !$0.isPinned }
        #expect(bottom.last?.index == rows.rowCount - 1)
        #expect(bottom.last.map { $0.origin + $0.row.extent } == 23)
        // Scrolling back up line by line from a jump reaches the first row exactly (SwiftUI cuts it off).
        stack.scroll(toFraction: 0.01)
        for _ in 0..<10_000 where stack.anchor != ScrollAnchor(row: 0, offset: 0) { stack.scroll(by: -7) }
        let top = stack.layout()
        #expect(stack.anchor == ScrollAnchor(row: 0, offset: 0))
        #expect(top.rows.first { !$0.isPinned }?.origin == 0)
        #expect(top.scrollOffset == 0)
    }

    @Test(arguments: 1...20)
    func scrollingDownThenUpIsReversible(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let rows = SyntheticRows(rowCount: 500, seed: seed)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 20)
        stack.scroll(toFraction: Double.random(in: 0.1...0.6, using: &generator))
        let before = stack.anchor
        let lines = Int.random(in: 1...60, using: &generator)
        stack.scroll(by: lines)
        stack.scroll(by: -lines)
        #expect(stack.anchor == before)
    }

    @Test(arguments: 1...20)
    func scrollToTopLandsBelowThePinnedHeader(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let rows = SyntheticRows(rowCount: 3_000, seed: seed)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 30)
        // A target far off screen, never measured.
        let target = Int.random(in: 1_000..<2_500, using: &generator)
        stack.scroll(toRow: target, alignment: .top)
        let frame = stack.layout()
        let placed = frame.rows.first { !$0.isPinned && $0.index == target }
        let header = rows.sectionRange(containing: target).lowerBound
        let expected = header == target ? 0 : 1
        #expect(placed?.origin == expected, "row \(target)")
        if header != target {
            // The header shows at the top: pinned, or in its natural place right above the target.
            #expect(frame.rows.contains { $0.index == header && $0.origin == 0 })
        }
    }

    @Test(arguments: 1...10)
    func correctingEstimatesNeverMovesTheScreen(seed: UInt64) {
        let rows = SyntheticRows(rowCount: 5_000, seed: seed)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 25)
        stack.scroll(toFraction: 0.4)
        let before = stack.layout().rows.map { [$0.index, $0.origin] }
        // Measuring far-away rows changes the estimates and the content size...
        for _ in 0..<20 { stack.scroll(by: 25); _ = stack.prefetch() }
        for _ in 0..<20 { stack.scroll(by: -25) }
        // ...but the screen placed from the same anchor is the same screen.
        let after = stack.layout().rows.map { [$0.index, $0.origin] }
        #expect(before == after)
    }

    @Test func resolutionIsBoundedByTheScreenNotTheDocument() {
        for rowCount in [1_000, 100_000] {
            let rows = SyntheticRows(rowCount: rowCount, seed: 7, maximumHeight: 3)
            var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 30)
            var peak = 0
            for step in 0..<2_000 {
                stack.scroll(by: step % 50 == 49 ? -200 : 30)
                _ = stack.layout()
                stack.prefetch()
                peak = max(peak, stack.resolvedCount)
            }
            stack.scroll(toFraction: 0.75)
            _ = stack.layout()
            // Viewport plus one screen ahead and one behind, at one line per row at least, plus
            // pinned rows and the rows straddling the window edges.
            #expect(peak <= 30 * 3 + 8, "\(rowCount) rows")
            #expect(stack.resolvedCount <= 30 * 3 + 8)
        }
    }

    @Test func scrollToIDFindsRowsAndRejectsUnknownIDs() {
        let rows = SyntheticRows(rowCount: 1_000, seed: 3)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 20)
        let found = stack.scroll(toID: "row-777", alignment: .center)
        #expect(found)
        #expect(stack.layout().rows.contains { $0.index == 777 })
        let anchor = stack.anchor
        let missing = stack.scroll(toID: "nope")
        #expect(!missing)
        #expect(stack.anchor == anchor)
    }

    @Test func emptySourceLaysOutNothing() {
        let rows = SyntheticRows(rowCount: 0, seed: 1)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 20)
        stack.scroll(by: 10)
        stack.scrollToBottom()
        let frame = stack.layout()
        #expect(frame.rows.isEmpty)
        #expect(frame.contentSize == .exact(0))
    }

    /// Issue 11: `--prefetch 1e19` trapped converting to `Int`; NaN and negatives passed.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e19, -0.5, 1e300])
    func anyWindowSizeIsSafe(screens: Double) {
        let rows = SyntheticRows(rowCount: 500, seed: 3)
        let options = StackOptions(prefetchScreens: screens, retainScreens: screens)
        var stack = LazyStack(source: rows, crossExtent: 80, viewportExtent: 20, options: options)
        stack.scroll(by: 50)
        stack.prefetch()
        #expect(FrameCheck.problem(in: &stack, rows) == nil)
        #expect(stack.invariantViolations().isEmpty)
        #expect(stack.resolvedCount <= Int(20 * (1 + 2 * StackOptions.maximumScreens)) + 6)
    }

    /// Found by the shrinking property run: a preview that resized the viewport came back to an
    /// anchor that left blank lines below the last row.
    @Test func restoringAfterAResizeLeavesNoBlankLines() {
        let rows = SyntheticRows(rowCount: 313, seed: 22)
        var stack = LazyStack(source: rows, crossExtent: 60, viewportExtent: 4)
        stack.scrollToBottom()
        let saved = stack.savedScroll
        stack.setViewport(crossExtent: 95, viewportExtent: 10)
        stack.restore(saved)
        #expect(FrameCheck.problem(in: &stack, rows) == nil)
    }
}
