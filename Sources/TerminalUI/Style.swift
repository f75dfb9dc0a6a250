/// One of the eight ANSI colours every colour terminal has.
public enum Color: Int, Hashable, Sendable, CaseIterable {
    /// Black (colour 0).
    case black
    /// Red (1).
    case red
    /// Green (2).
    case green
    /// Yellow (3).
    case yellow
    /// Blue (4).
    case blue
    /// Magenta (5).
    case magenta
    /// Cyan (6).
    case cyan
    /// White (7).
    case white
}

/// How a cell looks. Without colour (`NO_COLOR`, monochrome terminals) only the attributes show,
/// so every style that matters must also differ in its attributes.
public struct Style: Hashable, Sendable {
    /// Text attributes.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The attributes as bits.
        public let rawValue: UInt8
        /// Attributes from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold, or bright.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Dim (faint).
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Foreground and background swapped.
        public static let reverse = Attributes(rawValue: 1 << 2)
        /// Underlined.
        public static let underline = Attributes(rawValue: 1 << 3)
    }

    /// The text's colour; nil: the terminal's own.
    public var foreground: Color?
    /// The cell's colour; nil: the terminal's own.
    public var background: Color?
    /// Bold, dim, reverse, underline.
    public var attributes: Attributes

    /// Creates a style; nil colours are the terminal's defaults.
    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `top` over it: `top`'s colours where it sets them, both's attributes
    /// (a selection bar over a row's own colours).
    public func overlaid(with top: Style) -> Style {
        Style(
            foreground: top.foreground ?? foreground, background: top.background ?? background,
            attributes: attributes.union(top.attributes))
    }
}
