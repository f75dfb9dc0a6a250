/// An edge of the content along the stack's axis.
public enum ScrollEdge: String, Sendable, Codable, CaseIterable {
    /// The first row's first line.
    case top
    /// The last row's last line.
    case bottom
}

/// A scroll position as a value, SwiftUI's `ScrollPosition`: read it from a stack
/// (``LazyStack/scrollPosition()``), keep it, encode it, and scroll back to it (the stack's
/// `scroll(to:)` taking a position) — to an edge, to a row by id, to a line.
public enum ScrollPosition: Equatable, Sendable, Codable {
    /// At an edge: the top, or the bottom (and, with ``StackOptions/defaultScrollAnchor`` at
    /// `.bottom`, kept there as rows are appended).
    case edge(ScrollEdge)
    /// The row with `id` at `alignment`, below its pins (a row never built included).
    case id(String, alignment: ScrollAlignment)
    /// The row with `id` at the top, `lineOffset` of its lines above the viewport: the exact
    /// position a reader left, which rows added or removed elsewhere do not move.
    case row(id: String, lineOffset: Int)
    /// `lines` from the content's top: exact where the rows above are measured, else on the
    /// estimate (see ``ContentSize``).
    case offset(lines: Int)
}

extension ScrollAlignment: Codable {}

extension LazyStack {
    /// Where the stack is: an edge when it is at one, else its top row by id and the lines of it
    /// above the viewport. Scrolling back to it gives back the same screen.
    /// - Complexity: O(rows on a screen).
    public mutating func scrollPosition() -> ScrollPosition {
        // (Rows that all show are at both edges: the one the stack keeps to.)
        if options.defaultScrollAnchor == .bottom, isAtBottom { return .edge(.bottom) }
        guard rowCount > 0, anchor != ScrollAnchor(row: 0, offset: 0) else { return .edge(.top) }
        if isAtBottom { return .edge(.bottom) }
        return .row(id: source.rowID(at: anchor.row), lineOffset: anchor.offset)
    }

    /// Scrolls to `position`.
    /// - Returns: false, moving nothing, when its id is not among the rows.
    /// - Complexity: O(rows on a screen) plus O(log n), and a ``StackDataSource/rowIndex(forID:)``.
    @discardableResult
    public mutating func scroll(to position: ScrollPosition) -> Bool {
        switch position {
        case .edge(.top): scrollToTop()
        case .edge(.bottom): scrollToBottom()
        case let .id(id, alignment): return scroll(toID: id, alignment: alignment)
        case let .row(id, lineOffset):
            guard let row = source.rowIndex(forID: id) else { return false }
            scroll(to: ScrollAnchor(row: row, offset: lineOffset))
        case .offset(let lines):
            guard rowCount > 0 else { return true }
            if lines <= 0 { return scroll(to: .edge(.top)) }
            scroll(to: index.row(containing: lines))
        }
        return true
    }

    /// Whether the last row ends inside the viewport.
    var isAtBottom: Bool {
        mutating get {
            guard rowCount > 0 else { return true }
            guard let last = walkDown(from: anchor, untilLine: viewportExtent) else { return true }
            return last.index == rowCount - 1 && last.end <= viewportExtent
        }
    }
}
