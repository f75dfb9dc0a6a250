import Widgets
import StackEngine
import TerminalUI

/// A resolved row of the document: its lines of cells, built at one width.
public struct RenderedRow: ListRow, Sendable {
    /// The row's lines, top to bottom.
    public var lines: [[Cell]]
    /// How many of the first lines carry the focus mark (an item's trailing blank line does not).
    public var selectableLines: Int
    /// The style of the gutter beside the row (a header's bar runs through it).
    public var gutterStyle: Style

    /// A row of `lines`, the first `selectableLines` of which show the focus mark.
    public init(lines: [[Cell]], selectableLines: Int? = nil, gutterStyle: Style = .plain) {
        self.lines = lines.isEmpty ? [[]] : lines
        self.selectableLines = selectableLines ?? self.lines.count
        self.gutterStyle = gutterStyle
    }

    public var extent: Int { lines.count }
}
