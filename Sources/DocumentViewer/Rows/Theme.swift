import DocumentData
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
    /// The mark of a marked item (`*` in the gutter).
    public var mark: Style
    /// Search matches.
    public var match: Style
    /// The scrollbar's track and thumb.
    public var scrollbarTrack: Style
    /// The scrollbar's thumb.
    public var scrollbarThumb: Style
    /// Overlays: help, marks, the shortcut button.
    public var overlay: Style
    /// In the tree view: object keys, strings, numbers, `true` `false` `null`, and what is not
    /// the document's (brackets, sizes of folded containers).
    public var key: Style
    /// A string value in a tree.
    public var string: Style
    /// A number in a tree.
    public var number: Style
    /// `true`, `false` and `null` in a tree.
    public var literal: Style
    /// Brackets, colons and commas in a tree.
    public var punctuation: Style
    /// A log level of error or fatal, in the tree and the table.
    public var levelError: Style
    /// A log level of warn.
    public var levelWarn: Style
    /// A log level of debug or trace.
    public var levelQuiet: Style

    /// The style of a value of a log level member (`level`, `severity`…) that says `level`,
    /// instead of its type's.
    public func style(of level: LogLevel, else typeStyle: Style) -> Style {
        switch level {
        case .error, .fatal: levelError
        case .warn: levelWarn
        case .debug, .trace: levelQuiet
        case .info: typeStyle
        }
    }

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
        status: Style(attributes: .reverse),
        mark: Style(foreground: .magenta, attributes: .bold),
        match: Style(foreground: .black, background: .yellow),
        scrollbarTrack: Style(attributes: .dim),
        scrollbarThumb: Style(foreground: .cyan, attributes: .bold),
        overlay: Style(foreground: .white, background: .blue),
        key: Style(foreground: .blue, attributes: .bold),
        string: Style(foreground: .green),
        number: Style(foreground: .cyan),
        literal: Style(foreground: .magenta),
        punctuation: Style(attributes: .dim),
        levelError: Style(foreground: .red, attributes: .bold),
        levelWarn: Style(foreground: .yellow),
        levelQuiet: Style(attributes: .dim)
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
        status: Style(attributes: .reverse),
        mark: Style(attributes: .bold),
        match: Style(attributes: [.reverse, .underline]),
        scrollbarTrack: Style(attributes: .dim),
        scrollbarThumb: Style(attributes: .bold),
        overlay: Style(attributes: .reverse),
        key: Style(attributes: .bold),
        string: .plain,
        number: .plain,
        literal: .plain,
        punctuation: Style(attributes: .dim),
        levelError: Style(attributes: .bold),
        levelWarn: Style(attributes: .underline),
        levelQuiet: Style(attributes: .dim)
    )
}
