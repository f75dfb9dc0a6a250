/// A jump of more than a screen (goto, a shortcut, `g`, `G`) shown as a few frames on the way,
/// one per tick, so the eye follows where it went; any key ends it. A component of the
/// browser: only its own methods change it.
struct JumpAnimation {
    /// Frames on the way (the last is the target itself).
    static let steps = 4
    /// Milliseconds between frames: the whole way takes at most 90 ms, less than a key repeat.
    static let frameInterval = 30

    /// Where the jump of the key being handled started, as a content offset.
    private(set) var start: Int?
    /// The way being shown: from, to, and the frame shown now (1 ..< steps).
    private(set) var way: (from: Int, to: Int, step: Int)?

    /// Whether frames on the way are being shown.
    var isRunning: Bool { way != nil }

    /// The content offset to show now, while running.
    var offset: Int? {
        guard let way else { return nil }
        return way.from + (way.to - way.from) * way.step / Self.steps
    }

    /// A key was pressed: where an earlier key jumped from is forgotten.
    mutating func forgetStart() { start = nil }

    /// A key stopped the way being shown (`JobPolicy`): the key's frame shows where it went.
    mutating func end() { way = nil }

    /// Notes that the key being handled jumps from content offset `offset`.
    mutating func markStart(at offset: Int) {
        start = offset
    }

    /// After the key: when it jumped further than `screen` lines, starts showing the way to
    /// `target`.
    mutating func begin(to target: Int, screen: Int) {
        defer { start = nil }
        guard let start, abs(target - start) > screen else { return }
        way = (start, target, 1)
    }

    /// The next frame on the way; past the last, the animation ends.
    mutating func advance() {
        guard var current = way else { return }
        current.step += 1
        way = current.step < Self.steps ? current : nil
    }
}
