/// One of the eight ANSI colours every colour terminal has.
public enum Color: Int, Hashable, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell looks. Without colour (`NO_COLOR`, monochrome terminals) only the attributes show,
/// so every style that matters must also differ in its attributes.
public struct Style: Hashable, Sendable {
    /// Text attributes.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
    }

    public var foreground: Color?
    public var background: Color?
    public var attributes: Attributes

    /// Creates a style; nil colours are the terminal's defaults.
    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()
}
