import TestSupport
@testable import StackEngine

/// One random run of the property tests: a stack over random rows, a list of steps replayed on
/// it, and delta reduction of a failing list of steps to a short one that still fails.
struct RandomRun: CustomStringConvertible {
    let seed: UInt64
    let rowCount: Int
    let maximumHeight: Int
    let width: Int
    let height: Int
    let options: StackOptions

    /// One step, with everything needed to replay it.
    indirect enum Step: CustomStringConvertible {
        case scroll(Int), page(forward: Bool), top, bottom
        case toRow(Int, ScrollAlignment), toID(Int, ScrollAlignment), fraction(Double)
        case resize(width: Int, height: Int), prefetch, reveal(Int)
        /// `measureWhileIdle` for that many rows.
        case measureWhileIdle(rows: Int)
        /// Rows replaced from the last section on by a source of `rowCount` rows.
        case replaceRows(rowCount: Int)
        case restyle
        /// Rows changed in place from `row` on, `count` of them (their content, so their extents).
        case invalidate(row: Int, count: Int)
        /// The anchor put at a position directly.
        case position(row: Int, offset: Int)
        /// The scroll saved, the steps taken (with layouts), and the scroll restored.
        case preview([Step])
        case layout

        static func random(using generator: inout SeededGenerator, rowCount: Int, depth: Int = 0) -> Step {
            switch Int.random(in: 0..<18, using: &generator) {
            case 0: return .scroll(Int.random(in: -30...30, using: &generator))
            case 1: return .page(forward: Bool.random(using: &generator))
            case 2: return .top
            case 3: return .bottom
            case 4: return .toRow(Int.random(in: 0..<rowCount, using: &generator), .random(using: &generator))
            case 5: return .toID(Int.random(in: 0..<rowCount + 3, using: &generator), .random(using: &generator))
            case 6: return .fraction(Double.random(in: -0.1...1.1, using: &generator))
            case 7:
                return .resize(width: Int.random(in: 20...100, using: &generator), height: Int.random(in: 1...40, using: &generator))
            case 8: return .prefetch
            case 9: return .reveal(Int.random(in: 0..<rowCount, using: &generator))
            case 10: return .replaceRows(rowCount: Int.random(in: 1...400, using: &generator))
            case 11: return .restyle
            case 13: return .invalidate(row: Int.random(in: 0..<rowCount, using: &generator), count: Int.random(in: 1...30, using: &generator))
            case 14: return .position(row: Int.random(in: -2..<rowCount + 2, using: &generator), offset: Int.random(in: -5...50, using: &generator))
            case 15: return .measureWhileIdle(rows: Int.random(in: 1...200, using: &generator))
            case 12 where depth == 0:
                return .preview((0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    random(using: &generator, rowCount: rowCount, depth: 1)
                })
            default: return .layout
            }
        }

        var description: String {
            switch self {
            case .scroll(let lines): return "scroll(by: \(lines))"
            case .page(let forward): return forward ? "page down" : "page up"
            case .top: return "scrollToTop()"
            case .bottom: return "scrollToBottom()"
            case .toRow(let row, let alignment): return "scroll(toRow: \(row), alignment: .\(alignment))"
            case .toID(let row, let alignment): return "scroll(toID: \"row-\(row)\", alignment: .\(alignment))"
            case .fraction(let fraction): return "scroll(toFraction: \(fraction))"
            case .resize(let width, let height): return "setViewport(\(width)x\(height))"
            case .prefetch: return "prefetch()"
            case .measureWhileIdle(let rows): return "measureWhileIdle(\(rows) rows)"
            case .reveal(let row): return "reveal(row: \(row))"
            case .replaceRows(let count): return "replaceRows(from: last section, with \(count) rows)"
            case .restyle: return "restyle"
            case .invalidate(let row, let count): return "invalidate(rows: \(row)..<\(row + count))"
            case .position(let row, let offset): return "scroll(to: row \(row), offset \(offset))"
            case .preview(let steps): return "preview [" + steps.map(\.description).joined(separator: "; ") + "] restored"
            case .layout: return "layout()"
            }
        }
    }

    init(generator: inout SeededGenerator, seed: UInt64) {
        self.seed = seed
        rowCount = Int.random(in: 1...400, using: &generator)
        maximumHeight = Bool.random(using: &generator) ? 12 : 40
        width = 60
        height = Int.random(in: 1...40, using: &generator)
        options = StackOptions(
            pinsHeaders: Bool.random(using: &generator), pinsFooters: Bool.random(using: &generator),
            prefetchScreens: Double.random(in: 0...2, using: &generator),
            retainScreens: Double.random(in: 0...2, using: &generator),
            spacing: [0, 0, 1, 2].randomElement(using: &generator)!)
    }

    var description: String {
        "\(rowCount) rows up to \(maximumHeight) lines, \(width)x\(height), pins headers \(options.pinsHeaders), "
            + "footers \(options.pinsFooters), prefetch \(options.prefetchScreens), retain \(options.retainScreens), "
            + "spacing \(options.spacing)"
    }

    // MARK: - Replaying

    /// Replays `steps` on a new stack.
    /// - Returns: the first step after which an invariant broke, and how; nil when none did.
    func execute(_ steps: [Step]) -> (step: Int, problem: String)? {
        var rows = SyntheticRows(rowCount: rowCount, seed: seed, maximumHeight: maximumHeight)
        var stack = LazyStack(source: rows, crossExtent: width, viewportExtent: height, options: options)
        for (number, step) in steps.enumerated() {
            if let problem = apply(step, to: &stack, rows: &rows) { return (number, problem) }
        }
        return nil
    }

    private func apply(_ step: Step, to stack: inout LazyStack<SyntheticRows>, rows: inout SyntheticRows) -> String? {
        switch step {
        case .scroll(let lines): stack.scroll(by: lines)
        case .page(let forward): stack.scroll(by: forward ? stack.viewportExtent : -stack.viewportExtent)
        case .top: stack.scrollToTop()
        case .bottom: stack.scrollToBottom()
        case .toRow(let row, let alignment): stack.scroll(toRow: min(row, rows.rowCount - 1), alignment: alignment)
        case .toID(let row, let alignment):
            let found = stack.scroll(toID: "row-\(row)", alignment: alignment)
            if found != (row < rows.rowCount) { return "scroll(toID:) said \(found) for row \(row) of \(rows.rowCount)" }
        case .fraction(let fraction): stack.scroll(toFraction: fraction)
        case .resize(let width, let height): stack.setViewport(crossExtent: width, viewportExtent: height)
        case .prefetch: stack.prefetch()
        case .measureWhileIdle(let rows):
            var left = rows
            stack.measureWhileIdle {
                left -= 1
                return left >= 0
            }
        case .reveal(let row): stack.reveal(row: min(row, rows.rowCount - 1))
        case .replaceRows(let count):
            // Rows before the last section of the shorter list are the same in both.
            let shorter = min(count, rows.rowCount)
            let start = rows.sectionRange(containing: shorter - 1).lowerBound
            rows = SyntheticRows(rowCount: count, seed: seed, maximumHeight: maximumHeight)
            stack.replaceRows(from: start, with: rows)
        case .restyle: stack.restyle(with: SyntheticRows(rowCount: rows.rowCount, seed: seed, maximumHeight: maximumHeight))
        case .invalidate(let row, let count): stack.invalidate(rows: row..<(row + count))
        case .position(let row, let offset): stack.scroll(to: ScrollAnchor(row: row, offset: offset))
        case .preview(let steps):
            let saved = stack.savedScroll
            for step in steps {
                if let problem = apply(step, to: &stack, rows: &rows) { return "inside the preview: \(problem)" }
                _ = stack.layout()
            }
            stack.restore(saved)
            // The saved anchor comes back as it was, unless rows or the viewport changed.
            let changed = steps.contains { step in
                switch step {
                case .resize, .replaceRows: return true
                default: return false
                }
            }
            if !changed, stack.anchor != saved.anchor {
                return "restore left the anchor at \(stack.anchor), not \(saved.anchor)"
            }
        case .layout:
            if let problem = FrameCheck.problem(in: &stack, rows) { return problem }
        }
        if let problem = stack.invariantViolations().first { return problem }
        // Bounded resolution: the screen, the windows either side, the pinned rows, and the rows
        // straddling the window edges (each at least one line).
        let window = Double(stack.viewportExtent) * (1 + options.prefetchScreens + options.retainScreens)
        if stack.resolvedCount > Int(window.rounded(.up)) + 6 {
            return "\(stack.resolvedCount) rows resolved for a window of \(window) lines"
        }
        return nil
    }

    // MARK: - Shrinking

    /// The shortest list of steps found that still fails (delta reduction: drop chunks of
    /// halving size, then single steps, while the run still fails), `steps` itself if none.
    func shrink(_ steps: [Step]) -> [Step] {
        guard let first = execute(steps) else { return steps }
        var current = Array(steps.prefix(first.step + 1))
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if !candidate.isEmpty, execute(candidate) != nil {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return current
    }
}

extension ScrollAlignment {
    static func random(using generator: inout SeededGenerator) -> ScrollAlignment {
        allCases[Int.random(in: 0..<allCases.count, using: &generator)]
    }
}

/// The frame checks of the property tests, as a description of the first problem found.
enum FrameCheck {
    /// The exact top offset of every row (of the spacing before it), from the source's true
    /// heights at `width`.
    static func exactOffsets(_ rows: SyntheticRows, width: Int, spacing: Int) -> [Int] {
        var offsets = [0]
        for row in 0..<rows.rowCount { offsets.append(offsets[row] + (row > 0 ? spacing : 0) + rows.height(of: row, width: width)) }
        return offsets
    }

    /// Lays `stack` out and checks the frame: never blank, rows contiguous from the anchor and
    /// measured exactly, the screen filled, the offset exact when known, pinned rows right.
    static func problem(in stack: inout LazyStack<SyntheticRows>, _ rows: SyntheticRows) -> String? {
        // Placement is a pure read, and what layout() places.
        stack.resolveViewport()
        let counters = stack.counters
        let spans = stack.placement()
        if stack.counters != counters { return "placement() changed the counters" }
        let frame = stack.layout()
        let spacing = stack.options.spacing
        func leading(_ row: Int) -> Int { row > 0 ? spacing : 0 }
        // (placement() reads each row with the spacing before it.)
        let placed = frame.rows.filter { !$0.isPinned }.map {
            RowSpan(index: $0.index, origin: $0.origin - leading($0.index), extent: $0.row.extent + leading($0.index))
        }
        if placed != spans { return "layout() placed \(placed.count) rows, placement() read \(spans.count) otherwise" }
        let offsets = exactOffsets(rows, width: stack.crossExtent, spacing: spacing)
        let flowing = frame.rows.filter { !$0.isPinned }
        guard let first = flowing.first, let last = flowing.last else { return "a blank frame" }
        if first.origin - leading(first.index) > 0 || first.origin + first.row.extent <= 0 {
            return "first row at \(first.origin): a gap at the top"
        }
        for (a, b) in zip(flowing, flowing.dropFirst())
        where b.index != a.index + 1 || b.origin != a.origin + a.row.extent + leading(b.index) {
            return "rows \(a.index)@\(a.origin) and \(b.index)@\(b.origin) not contiguous"
        }
        for placed in flowing where placed.row.extent != rows.height(of: placed.index, width: stack.crossExtent) {
            return "row \(placed.index) placed at \(placed.row.extent) lines"
        }
        let bottom = last.origin + last.row.extent
        let total = offsets[offsets.count - 1]
        if total >= frame.viewportExtent, bottom < frame.viewportExtent { return "blank lines below row \(last.index)" }
        if total < frame.viewportExtent, first.index != 0 || first.origin != 0 { return "short content not at the top" }
        let offset = offsets[stack.anchor.row] + stack.anchor.offset
        if frame.isAtTop != (offset == 0) { return "isAtTop \(frame.isAtTop) at offset \(offset)" }
        if frame.isAtBottom != (offset + frame.viewportExtent >= total) {
            return "isAtBottom \(frame.isAtBottom) at offset \(offset) of \(total) lines"
        }
        if frame.contentSize.isExact {
            let exact = offsets[stack.anchor.row] + stack.anchor.offset
            if frame.scrollOffset != exact { return "offset \(frame.scrollOffset) said exact, is \(exact)" }
            if frame.contentSize.total != total { return "height \(frame.contentSize.total) said exact, is \(total)" }
        }
        for pinned in frame.rows where pinned.isPinned && pinned.kind == .header {
            if pinned.index != rows.sectionRange(containing: first.index).lowerBound || pinned.origin > 0 {
                return "pinned header \(pinned.index)@\(pinned.origin) for first row \(first.index)"
            }
        }
        for pinned in frame.rows where pinned.isPinned && pinned.kind == .footer {
            if pinned.index != rows.sectionRange(containing: last.index).upperBound - 1
                || pinned.origin < frame.viewportExtent - pinned.row.extent || pinned.origin >= frame.viewportExtent {
                return "pinned footer \(pinned.index)@\(pinned.origin) for last row \(last.index)"
            }
        }
        return nil
    }
}
