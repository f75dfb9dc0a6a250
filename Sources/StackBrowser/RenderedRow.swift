import StackEngine
import TerminalUI

/// A resolved row of the document: its lines of cells, built at one width.
public struct RenderedRow: StackRow, Sendable {
    /// The row's lines, top to bottom.
    public var lines: [[Cell]]
    /// How many of the first lines carry the focus mark (an item's trailing blank line does not).
    public var markedLines: Int

    /// A row of `lines`, the first `markedLines` of which show the focus mark.
    public init(lines: [[Cell]], markedLines: Int? = nil) {
        self.lines = lines.isEmpty ? [[]] : lines
        self.markedLines = markedLines ?? self.lines.count
    }

    public var extent: Int { lines.count }
}
