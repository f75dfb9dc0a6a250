/// One terminal cell. A wide character occupies its cell (width 2) and the next one, which holds
/// a continuation (width 0) that backends skip.
public struct Cell: Equatable, Sendable {
    /// The grapheme drawn in the cell: a base character plus any combining marks.
    public var character: Character
    /// Columns taken: 1, 2 for a wide character, 0 for the continuation of one.
    public var width: UInt8
    /// The colours and attributes it is drawn in.
    public var style: Style

    /// A cell holding `character`, `width` columns wide (2 for a wide character, 0 for the continuation after one), in `style`.
    public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// An empty cell.
    public static let blank = Cell(" ")

    /// A blank cell in `style`.
    public static func blank(_ style: Style) -> Cell { Cell(" ", style: style) }

    /// Whether the cell is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
