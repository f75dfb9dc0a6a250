import TerminalUI

/// The pace of a viewer's frames, which the run loop does not know: the longest frame, when
/// the last was drawn, and whether a tick changed what the screen shows.
struct FramePacing {
    /// The longest frame so far, in microseconds.
    private(set) var longestFrameMicros = 0
    /// When the last frame was drawn.
    private(set) var lastFrame = ContinuousClock.now
    /// Whether the screen changed since the last frame.
    private(set) var frameDue = true
    /// Whether the rows ahead were built since the last frame (idle slices come many a frame:
    /// the prefetch's walk is needed once).
    private var prefetched = false

    /// A frame took `duration` to lay out and draw.
    mutating func drew(taking duration: Duration) {
        longestFrameMicros = max(longestFrameMicros, Int(duration / .microseconds(1)))
        lastFrame = .now
        frameDue = false
        prefetched = false
    }

    /// Whether the rows ahead are to be built now: once after each frame.
    mutating func takePrefetch() -> Bool {
        defer { prefetched = true }
        return !prefetched
    }

    /// Whether the screen changed (every key changes it; a tick may not).
    mutating func changed(_ changed: Bool) {
        frameDue = frameDue || changed
    }
}
