import TestSupport
import Testing
@testable import StackEngine

/// Layout invariants under many random operation sequences. Each seed is one reproducible run
/// of 300 operations on a random sectioned list; after every operation the frame is checked
/// against the exact geometry computed from the data source.
@Suite struct LazyStackPropertyTests {
    enum Operation: CaseIterable {
        case scrollLines, scrollPage, top, bottom, scrollToRow, fraction, resize, prefetch, reveal
    }

    /// The exact top offset of every row, from the source's true heights at `width`.
    static func exactOffsets(_ rows: SyntheticRows, width: Int) -> [Int] {
        var offsets = [0]
        for row in 0..<rows.rowCount { offsets.append(offsets[row] + rows.height(of: row, width: width)) }
        return offsets
    }

    /// Checks one frame: never blank, rows contiguous from the anchor, the top and bottom exact.
    static func checkFrame(
        _ stack: inout LazyStack<SyntheticRows>, _ rows: SyntheticRows, seed: UInt64, step: Int
    ) {
        let frame = stack.layout()
        let offsets = exactOffsets(rows, width: stack.crossExtent)
        let flowing = frame.rows.filter { !$0.isPinned }
        let context = Comment(rawValue: "seed \(seed) step \(step) anchor \(stack.anchor)")
        // Never a blank frame: the first row starts at or above the top.
        #expect(!flowing.isEmpty, context)
        guard let first = flowing.first, let last = flowing.last else { return }
        #expect(first.origin <= 0, context)
        #expect(first.origin + first.row.extent > 0, context)
        // Rows are contiguous and measured exactly.
        for (a, b) in zip(flowing, flowing.dropFirst()) {
            #expect(b.index == a.index + 1, context)
            #expect(b.origin == a.origin + a.row.extent, context)
        }
        for placed in flowing {
            #expect(placed.row.extent == rows.height(of: placed.index, width: stack.crossExtent), context)
        }
        // The screen is filled, unless the whole content is shorter than it.
        let bottom = last.origin + last.row.extent
        if offsets.last! >= frame.viewportExtent {
            #expect(bottom >= frame.viewportExtent, context)
        } else {
            #expect(first.index == 0 && first.origin == 0, context)
        }
        // The scroll offset is exact whenever the rows above the anchor have been measured.
        let exactOffset = offsets[stack.anchor.row] + stack.anchor.offset
        if frame.contentSize.isExact {
            #expect(frame.scrollOffset == exactOffset, context)
            #expect(frame.contentSize.total == offsets.last!, context)
        }
        // Pinned header: the header of the first visible row's section, at or above line 0.
        for pinned in frame.rows where pinned.isPinned && pinned.kind == .header {
            #expect(pinned.index == rows.sectionRange(containing: first.index).lowerBound, context)
            #expect(pinned.origin <= 0, context)
        }
        // Pinned footer: the footer of the last visible row's section, at the bottom, or pushed
        // down past it by its section's first rows (the mirror of a header pushed up).
        for pinned in frame.rows where pinned.isPinned && pinned.kind == .footer {
            #expect(pinned.index == rows.sectionRange(containing: last.index).upperBound - 1, context)
            #expect(pinned.origin >= frame.viewportExtent - pinned.row.extent, context)
            #expect(pinned.origin < frame.viewportExtent, context)
        }
    }

    @Test(arguments: 1...200)
    func randomOperationsKeepLayoutInvariants(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let rows = SyntheticRows(
            rowCount: Int.random(in: 1...400, using: &generator), seed: seed,
            maximumHeight: Bool.random(using: &generator) ? 12 : 40)
        var width = 60
        var height = Int.random(in: 1...40, using: &generator)
        let options = StackOptions(
            pinsHeaders: Bool.random(using: &generator), pinsFooters: Bool.random(using: &generator),
            prefetchScreens: Double.random(in: 0...2, using: &generator),
            retainScreens: Double.random(in: 0...2, using: &generator))
        var stack = LazyStack(source: rows, crossExtent: width, viewportExtent: height, options: options)
        for step in 0..<300 {
            switch Operation.allCases.randomElement(using: &generator)! {
            case .scrollLines: stack.scroll(by: Int.random(in: -30...30, using: &generator))
            case .scrollPage: stack.scroll(by: Bool.random(using: &generator) ? height : -height)
            case .top: stack.scrollToTop()
            case .bottom: stack.scrollToBottom()
            case .scrollToRow:
                let target = Int.random(in: 0..<rows.rowCount, using: &generator)
                stack.scroll(toRow: target, alignment: ScrollAlignment.allCases.randomElement(using: &generator)!)
            case .fraction: stack.scroll(toFraction: Double.random(in: -0.1...1.1, using: &generator))
            case .resize:
                width = Int.random(in: 20...100, using: &generator)
                height = Int.random(in: 1...40, using: &generator)
                stack.setViewport(crossExtent: width, viewportExtent: height)
            case .prefetch: stack.prefetch()
            case .reveal: stack.reveal(row: Int.random(in: 0..<rows.rowCount, using: &generator))
            }
            Self.checkFrame(&stack, rows, seed: seed, step: step)
            // Bounded resolution: the screen, the windows either side, the pinned rows, and the
            // rows straddling the window edges (each at least one line).
            let window = Double(height) * (1 + options.prefetchScreens + options.retainScreens)
            #expect(stack.resolvedCount <= Int(window.rounded(.up)) + 6, "seed \(seed) step \(step)")
        }
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
}
