// MARK: - Frames drawn elsewhere, then back

/// Where a stack was scrolled and what its last frame showed, to come back to after drawing
/// frames at other positions (the frames on the way to a jump, say).
public struct SavedScroll {
    let anchor: ScrollAnchor
    let direction: ScrollDirection
    let frames: Int
    let observed: ObservedState
    let reportedContentSize: ContentSize?
}

extension LazyStack {
    /// The scroll position and the observation state, for ``restore(_:)``.
    public var savedScroll: SavedScroll {
        SavedScroll(
            anchor: anchor, direction: direction, frames: counters.frames, observed: observed,
            reportedContentSize: reportedContentSize)
    }

    /// Comes back to `saved`: frames laid out since then are as if never drawn (no changes are
    /// reported for them, `frames` does not count them), but what was measured (and resolved or
    /// evicted) meanwhile is kept and counted. Unlike scrolling a copy, nothing big is copied.
    /// If rows were replaced or the viewport resized meanwhile, the saved anchor is brought
    /// back inside its row and above the bottom, as any scroll is.
    /// - Complexity: O(1), or O(rows on a screen) when the rows or the viewport changed.
    public mutating func restore(_ saved: SavedScroll) {
        anchor = clampedToBottom(normalized(saved.anchor))
        direction = saved.direction
        counters.frames = saved.frames
        observed = saved.observed
        reportedContentSize = saved.reportedContentSize
    }
}
