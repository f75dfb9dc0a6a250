import StackEngine
import TerminalUI

/// What a user would expect a list to remember: the selected row and the scroll position, both
/// by id, so the value survives the rows changing around them — SwiftUI's `ScrollPosition`,
/// ratatui's `ListState`. A small value: save it, keep it across runs (it is `Codable`), give it
/// back with ``LazyList/restore(_:)``.
public struct ListState: Equatable, Sendable, Codable {
    /// The id of the selected row, if any.
    public var selectedID: String?
    /// The id of the row at the top of the viewport (the anchor row), if any.
    public var topID: String?
    /// How many lines of that row are scrolled above the top.
    public var topOffset: Int

    /// A state selecting `selectedID`, with `topID` at the top scrolled `topOffset` lines into it.
    public init(selectedID: String? = nil, topID: String? = nil, topOffset: Int = 0) {
        self.selectedID = selectedID
        self.topID = topID
        self.topOffset = topOffset
    }
}

/// What a ``LazyList`` lets a reader select — SwiftUI's `List` without a selection, with one,
/// or with a set.
public enum ListSelectionMode: Sendable {
    /// Nothing: the list scrolls (the keys that select a row scroll a line, the first and the
    /// last go to the top and the bottom), a click selects nothing, no mark is drawn.
    case none
    /// One row at a time: ``LazyList/selection``.
    case single
    /// A set of rows, by id (``LazyList/selectedIDs``), each marked in the gutter: the selection
    /// is the cursor, and ``LazyList/toggleSelection()`` puts its row in or out of the set.
    case multiple
}

/// The direction a ``LazyList``'s rows run.
public enum ListAxis: Sendable {
    /// Down the area: each row a line or more, the full width (a list).
    case vertical
    /// Across the area: each row a column or more, the full height (a strip of cards, tabs).
    /// Its rows give their own `extent`: their width in columns, not their lines.
    case horizontal
}

/// How a ``LazyList`` draws what is its own: the selection gutter and the scrollbar. Rows draw
/// their own cells.
public struct ListStyle: Sendable {
    /// Columns left of the rows for the selection mark (lines above them in a horizontal list).
    public var gutterWidth: Int
    /// The mark drawn in the gutter on each selectable line of the selected row; a horizontal
    /// list draws a bar (`━`) over the selected row's columns instead.
    public var selectionMark: Character
    /// The style of the selection mark.
    public var selection: Style
    /// The mark of the rows in a list's set of selected ids (``ListSelectionMode/multiple``),
    /// in the selection's style; the cursor's row keeps ``selectionMark``.
    public var setMark: Character
    /// The selected row's look across the whole row, gutter to scrollbar: its colours where it
    /// sets them, its attributes added to the row's own (a reverse or coloured bar, as a menu's);
    /// nil (the default) marks the selection in the gutter only.
    public var selectedRow: Style?
    /// Whether the area's last column is a scrollbar (a vertical list's only).
    public var showsScrollbar: Bool
    /// The scrollbar's track.
    public var scrollbarTrack: Style
    /// The scrollbar's thumb (drawn dim while the content's height is only estimated).
    public var scrollbarThumb: Style

    /// A style; every part has a default.
    public init(
        gutterWidth: Int = 2, selectionMark: Character = "▌", selection: Style = Style(attributes: .bold),
        selectedRow: Style? = nil, showsScrollbar: Bool = true, scrollbarTrack: Style = Style(attributes: .dim),
        scrollbarThumb: Style = Style(attributes: .bold), setMark: Character = "•"
    ) {
        self.gutterWidth = max(0, gutterWidth)
        self.selectionMark = selectionMark
        self.setMark = setMark
        self.selection = selection
        self.selectedRow = selectedRow
        self.showsScrollbar = showsScrollbar
        self.scrollbarTrack = scrollbarTrack
        self.scrollbarThumb = scrollbarThumb
    }
}

/// A row a ``LazyList`` can draw: its lines of cells, built at a width.
public protocol ListRow: StackRow {
    /// The row's lines, top to bottom.
    var lines: [[Cell]] { get }
    /// How many of the first lines carry the selection mark (all, by default): a row's
    /// trailing blank line, say, does not.
    var selectableLines: Int { get }
    /// The style of the gutter beside the row's lines: plain by default; a section header's
    /// colour lets its bar run the whole width.
    var gutterStyle: Style { get }
}

extension ListRow {
    /// As many lines as the row has.
    public var extent: Int { max(1, lines.count) }
    /// Every line shows the selection.
    public var selectableLines: Int { lines.count }
    /// A plain gutter.
    public var gutterStyle: Style { .plain }
}

/// A data source that says which rows can be selected, beyond their kind: a tree's closing
/// rows (`}`) are items that are not nodes of their own.
public protocol SelectableRows: StackDataSource {
    /// Whether the row at `index` (an item) can be selected.
    func isSelectable(row index: Int) -> Bool
}
