import StackEngine
import TerminalUI

// MARK: - Animated jumps: a long scroll shows a few frames on the way

extension Browser {
    /// Frames shown on the way to a jump's target; with ``animationFrameMicros`` between them the
    /// whole animation takes at most 150 ms.
    public static let animationSteps = 4
    /// The pause between the frames of a jump, in microseconds.
    public static let animationFrameMicros: UInt32 = 30_000

    /// The current scroll offset in the content (estimated far from the top).
    var contentOffset: Int {
        stack.rowCount > 0 ? stack.index.offset(of: stack.anchor.row) + stack.anchor.offset : 0
    }

    /// Notes where a jump starts, so the run loop can animate it.
    mutating func markJumpStart() {
        jumpStart = contentOffset
    }

    /// The frames to show on the way when the last event was a jump of more than a screen:
    /// the screen at evenly spaced offsets between start and target. Empty otherwise.
    /// - Complexity: O(steps × screen); the browser ends where it was (the stack is scrolled
    /// there and back, not copied: a copy of a million rows' index would cost milliseconds).
    public mutating func takeJumpFrames() -> [CellBuffer] {
        guard let start = jumpStart else { return [] }
        jumpStart = nil
        let target = contentOffset
        let scrollable = max(1, stack.index.total - viewportHeight)
        guard abs(target - start) > viewportHeight else { return [] }
        let saved = stack.savedScroll
        let savedLog = layoutLog
        setLayoutLog(nil)
        hidesMessages = true
        defer {
            stack.restore(saved)
            hidesMessages = false
            setLayoutLog(savedLog)
        }
        return (1..<Self.animationSteps).map { step in
            let offset = start + (target - start) * step / Self.animationSteps
            stack.scroll(toFraction: Double(offset) / Double(scrollable))
            return render()
        }
    }
}
