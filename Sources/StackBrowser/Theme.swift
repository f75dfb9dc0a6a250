import TerminalUI

/// The styles the browser draws with. Every distinction also shows without colour (bold, dim,
/// reverse video, the gutter mark), so `NO_COLOR` and monochrome terminals lose nothing.
public struct Theme: Sendable {
    /// Item titles.
    public var title: Style
    /// Item subtitles.
    public var subtitle: Style
    /// Art lines.
    public var art: Style
    /// Wrapped body text.
    public var body: Style
    /// Section header bars.
    public var header: Style
    /// Section footers.
    public var footer: Style
    /// The focus mark in the gutter and the focused card's border.
    public var focus: Style
    /// Card borders.
    public var cardBorder: Style
    /// The status line.
    public var status: Style

    /// The colour theme.
    public static let color = Theme(
        title: Style(attributes: .bold),
        subtitle: Style(foreground: .cyan, attributes: .dim),
        art: Style(foreground: .green),
        body: .plain,
        header: Style(foreground: .black, background: .cyan, attributes: .bold),
        footer: Style(foreground: .cyan, attributes: .dim),
        focus: Style(foreground: .yellow, attributes: .bold),
        cardBorder: Style(attributes: .dim),
        status: Style(attributes: .reverse)
    )

    /// The theme for `NO_COLOR` and monochrome terminals: attributes only.
    public static let monochrome = Theme(
        title: Style(attributes: .bold),
        subtitle: Style(attributes: .dim),
        art: .plain,
        body: .plain,
        header: Style(attributes: [.bold, .reverse]),
        footer: Style(attributes: .dim),
        focus: Style(attributes: .bold),
        cardBorder: Style(attributes: .dim),
        status: Style(attributes: .reverse)
    )
}
