import TestSupport
import Testing
@testable import StackEngine

/// Issue 3's invariants, each checked after random operations on many random documents
/// (heights 1–40 lines, random widths and viewport heights). A failure names its seed.
@Suite struct LazyStackInvariantTests {
    /// Every flowing row on screen with its origin, from a fresh layout.
    static func origins(_ stack: inout LazyStack<SyntheticRows>) -> [Int: Int] {
        var origins: [Int: Int] = [:]
        for placed in stack.layout().rows where !placed.isPinned { origins[placed.index] = placed.origin }
        return origins
    }

    /// The exact content height at the stack's width.
    static func contentHeight(_ rows: SyntheticRows, width: Int) -> Int {
        (0..<rows.rowCount).reduce(0) { $0 + rows.height(of: $1, width: width) }
    }

    /// A random stack somewhere in a random document.
    static func randomStack(seed: UInt64) -> (LazyStack<SyntheticRows>, SyntheticRows, SeededGenerator) {
        var generator = SeededGenerator(seed: seed)
        let rows = SyntheticRows(
            rowCount: Int.random(in: 1...300, using: &generator), seed: seed, maximumHeight: 40)
        var stack = LazyStack(
            source: rows, crossExtent: Int.random(in: 20...120, using: &generator),
            viewportExtent: Int.random(in: 3...60, using: &generator))
        stack.scroll(toFraction: Double.random(in: 0...1, using: &generator))
        stack.scroll(by: Int.random(in: -50...50, using: &generator))
        return (stack, rows, generator)
    }

    @Test(arguments: 0..<500)
    func aOneLineScrollMovesEveryRowOneLine(seed: UInt64) {
        var (stack, rows, _) = Self.randomStack(seed: seed)
        let before = Self.origins(&stack)
        let height = Self.contentHeight(rows, width: stack.crossExtent)
        stack.scroll(by: 1)
        let after = Self.origins(&stack)
        let moved = after != before
        // Unless already at the bottom (or the content fits), everything moves up exactly one line.
        if moved {
            for (row, origin) in after {
                if let old = before[row] { #expect(origin == old - 1, "seed \(seed) row \(row)") }
            }
        } else {
            #expect(height <= stack.viewportExtent || after.keys.contains(rows.rowCount - 1), "seed \(seed)")
        }
    }

    @Test(arguments: 0..<500)
    func linesDownThenUpIsReversibleAndPagesToo(seed: UInt64) {
        var (stack, rows, generator) = Self.randomStack(seed: seed)
        let start = stack.anchor
        let screen = Self.origins(&stack)
        let lines = Bool.random(using: &generator) ? stack.viewportExtent : Int.random(in: 1...200, using: &generator)
        stack.scroll(by: lines)
        let bottomReached = Self.origins(&stack).keys.contains(rows.rowCount - 1)
        stack.scroll(by: -lines)
        // Going down is clamped at the bottom; unless that happened, up returns exactly.
        if !bottomReached {
            #expect(stack.anchor == start, "seed \(seed) lines \(lines)")
            #expect(Self.origins(&stack) == screen, "seed \(seed)")
        }
    }

    @Test(arguments: 0..<500)
    func scrollToIsExactAtEveryAlignment(seed: UInt64) {
        var (stack, rows, generator) = Self.randomStack(seed: seed)
        let target = Bool.random(using: &generator)
            ? Int.random(in: 0..<rows.rowCount, using: &generator)
            : max(0, rows.rowCount - 1 - Int.random(in: 0...3, using: &generator))
        let alignment = ScrollAlignment.allCases.randomElement(using: &generator) ?? .top
        stack.scroll(toRow: target, alignment: alignment)
        let frame = stack.layout()
        let flowing = frame.rows.filter { !$0.isPinned }
        let context = Comment(rawValue: "seed \(seed) target \(target) \(alignment)")
        guard let placed = flowing.first(where: { $0.index == target }) else {
            Issue.record("target not on screen: \(context.rawValue)")
            return
        }
        let extent = placed.row.extent
        let atTop = stack.anchor == ScrollAnchor(row: 0, offset: 0)
        let atBottom = flowing.last.map { $0.index == rows.rowCount - 1 && $0.origin + $0.row.extent == frame.viewportExtent } ?? false
        // Everything fits on one screen: nothing can move.
        let fits = atTop && flowing.last.map { $0.index == rows.rowCount - 1 && $0.origin + $0.row.extent <= frame.viewportExtent } ?? true
        let header = rows.sectionRange(containing: target).lowerBound
        let inset = header != target && rows.rowKind(at: header) == .header ? 1 : 0
        switch alignment {
        case .top:
            #expect(placed.origin == inset || atBottom || fits, context)
        case .center:
            // In the middle of the lines below the pinned header.
            let middle = inset + max(0, frame.viewportExtent - inset - extent) / 2
            #expect(placed.origin == middle || atTop || atBottom || fits, context)
        case .bottom:
            #expect(placed.origin + extent == frame.viewportExtent || atTop || fits, context)
        }
    }

    @Test(arguments: 0..<300)
    func resizeKeepsTheAnchorRowOnItsLine(seed: UInt64) {
        var (stack, rows, generator) = Self.randomStack(seed: seed)
        let anchor = stack.anchor
        let width = Int.random(in: 20...120, using: &generator)
        stack.setViewport(crossExtent: width, viewportExtent: stack.viewportExtent)
        let origins = Self.origins(&stack)
        let clamped = origins.keys.contains(rows.rowCount - 1)
        // The anchor row stays first, with the same lines above the top (less if it got shorter),
        // unless the new heights leave blank lines at the bottom and the view had to move up.
        if !clamped {
            #expect(stack.anchor.row == anchor.row, "seed \(seed)")
            let newExtent = rows.height(of: anchor.row, width: width)
            #expect(stack.anchor.offset == min(anchor.offset, newExtent - 1), "seed \(seed)")
        }
        // Measurements from the old width are guesses now: the content size is estimated until
        // every row has been measured again.
        if rows.rowCount > origins.count { #expect(!stack.layout().contentSize.isExact, "seed \(seed)") }
    }

    @Test(arguments: 0..<200)
    func pinnedHeaderIsPushedOutByTheNextHeader(seed: UInt64) {
        var (stack, rows, _) = Self.randomStack(seed: seed)
        for _ in 0..<40 {
            stack.scroll(by: 1)
            let frame = stack.layout()
            let flowing = frame.rows.filter { !$0.isPinned }
            guard let pinned = frame.rows.first(where: { $0.isPinned }), let first = flowing.first else { continue }
            let section = rows.sectionRange(containing: first.index)
            #expect(pinned.index == section.lowerBound, "seed \(seed)")
            if let next = flowing.first(where: { $0.index == section.upperBound }) {
                // The next header pushes the pinned one up: they never overlap.
                #expect(pinned.origin + pinned.row.extent <= next.origin, "seed \(seed)")
            } else {
                #expect(pinned.origin == 0, "seed \(seed)")
            }
        }
    }
}
