import StackEngine
import TerminalUI

/// Where a row is as it enters or leaves a list's area — SwiftUI's `ScrollTransitionPhase`.
public struct ScrollTransitionPhase: Equatable, Sendable {
    /// 0 while the row shows whole; the fraction of its lines cut off by an edge, negative at
    /// the top (the leading edge) and positive at the bottom.
    public var value: Double

    /// Whether the row shows whole.
    public var isIdentity: Bool { value == 0 }
    /// Whether it is going out (or coming in) at the top edge.
    public var isTopLeading: Bool { value < 0 }
    /// Whether it is going out (or coming in) at the bottom edge.
    public var isBottomTrailing: Bool { value > 0 }

    /// The phase of `value`.
    public init(value: Double) {
        self.value = value
    }

    /// Wholly shown (SwiftUI's `.identity`).
    public static let identity = ScrollTransitionPhase(value: 0)
}

/// How a list draws a row in a phase of its scroll transition: the terminal's opacity, offset
/// and badge — a style laid over its cells (dim), an indent, a mark in the gutter.
public struct ScrollTransitionEffect: Equatable, Sendable {
    /// Laid over the row's cells (its colours where it sets them, its attributes added).
    public var style: Style?
    /// Columns the row's cells move right by.
    public var indent: Int
    /// Drawn in the gutter (the selection's mark wins on the selected row).
    public var mark: Character?

    /// An effect; none by default.
    public init(style: Style? = nil, indent: Int = 0, mark: Character? = nil) {
        self.style = style
        self.indent = max(0, indent)
        self.mark = mark
    }
}

extension LazyList {
    /// Draws the rows entering and leaving at the edges with the effect `transition` gives for
    /// their phase — SwiftUI's `.scrollTransition`:
    ///
    /// ```swift
    /// list.scrollTransition { phase in
    ///     phase.isIdentity ? ScrollTransitionEffect() : ScrollTransitionEffect(style: Style(attributes: .dim), indent: 1)
    /// }
    /// ```
    ///
    /// The closure is asked once a frame for each row on screen not pinned (a vertical list's).
    public mutating func scrollTransition(_ transition: @escaping (ScrollTransitionPhase) -> ScrollTransitionEffect) {
        observers.transition = transition
    }
}
