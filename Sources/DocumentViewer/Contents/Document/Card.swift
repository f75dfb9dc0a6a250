import Widgets
import StackEngine
import TerminalUI

/// A resolved photo card of a horizontal section: a row of a horizontal list.
public struct Card: ListRow, Sendable {
    /// The card's lines, each `width` columns wide.
    public var lines: [[Cell]]
    /// The card's width in columns, without the gap after it.
    public var width: Int

    /// One column of gap separates a card from the next.
    public var extent: Int { width + 1 }
}
