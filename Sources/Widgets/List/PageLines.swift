/// How far a page and half a page move in a viewport of `viewport` lines: the viewport less
/// one line (with a one-line pinned header nothing is skipped, and without one a line of
/// context stays), and half of it — at least a line each. The one formula of every list, table,
/// tree and box that pages.
public struct PageLines: Equatable, Sendable {
    /// A page: the viewport less a line.
    public let full: Int
    /// Half a page.
    public let half: Int

    /// The page sizes of a viewport of `viewport` lines.
    public init(viewport: Int) {
        full = max(1, viewport - 1)
        half = max(1, viewport / 2)
    }
}
