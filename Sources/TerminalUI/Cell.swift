/// One terminal cell. A wide character occupies its cell (width 2) and the next one, which holds
/// a continuation (width 0) that backends skip.
///
/// A cell is two machine words and holds no reference: a base character and up to four
/// combining marks (what ncursesw and ``CellText`` keep, `CCHARW_MAX` being 5) packed 21 bits a
/// scalar, the width and the style. Copying a row of cells is a memory copy, comparing two is a
/// comparison of words, and nothing is retained or released — a frame is 4,800 of them, written,
/// compared and sent for every key.
public struct Cell: Hashable, Sendable {
    /// Scalars 0, 1 and 2 of the grapheme, 21 bits each from bit 0; 0 where there is none.
    private(set) var leadingScalars: UInt64
    /// Scalars 3 and 4 (bits 0–41), the width (42–43), the foreground (44–47, 0 for none, else
    /// the colour + 1), the background (48–51, the same) and the attributes (52–59).
    private(set) var rest: UInt64

    /// The most scalars a cell keeps: a base character and four combining marks.
    public static let maximumScalars = 5

    private static let scalarBits: UInt64 = 21
    private static let scalarMask: UInt64 = (1 << 21) - 1
    private static let widthShift: UInt64 = 42
    private static let styleShift: UInt64 = 44

    /// A cell holding `character`, `width` columns wide (2 for a wide character, 0 for the
    /// continuation after one), in `style`. Scalars past ``maximumScalars`` are dropped.
    public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
        if character.utf8.count == 1, let byte = character.utf8.first {
            self.init(scalar: Unicode.Scalar(byte), width: width, style: style)
        } else {
            self.init(scalars: character.unicodeScalars, width: width, style: style)
        }
    }

    /// A cell holding one scalar: built from bits, as blanks and most text cells are.
    init(scalar: Unicode.Scalar, width: UInt8 = 1, style: Style = .plain) {
        leadingScalars = UInt64(scalar.value)
        rest = 0
        self.width = width
        self.style = style
    }

    /// Adds a combining mark after the cell's scalars; false (and no change) when it holds
    /// ``maximumScalars`` already.
    @discardableResult
    mutating func append(_ mark: Unicode.Scalar) -> Bool {
        let value = UInt64(mark.value)
        for index: UInt64 in 1..<5 {
            if index < 3 {
                guard (leadingScalars >> (index * Self.scalarBits)) & Self.scalarMask == 0 else { continue }
                leadingScalars |= value << (index * Self.scalarBits)
            } else {
                guard (rest >> ((index - 3) * Self.scalarBits)) & Self.scalarMask == 0 else { continue }
                rest |= value << ((index - 3) * Self.scalarBits)
            }
            return true
        }
        return false
    }

    /// A cell holding the scalars of one grapheme (past ``maximumScalars``, dropped).
    init(scalars: some Sequence<Unicode.Scalar>, width: UInt8 = 1, style: Style = .plain) {
        var scalars = scalars.makeIterator()
        self.init(scalar: scalars.next() ?? " ", width: width, style: style)
        while let mark = scalars.next(), append(mark) {}
    }

    /// The grapheme drawn in the cell: a base character plus any combining marks.
    public var character: Character {
        get {
            var scalars = String.UnicodeScalarView()
            forEachScalar { scalars.append($0) }
            return scalars.isEmpty ? " " : Character(String(scalars))
        }
        set {
            self = Cell(newValue, width: width, style: style)
        }
    }

    /// Whether every cell of `cells` is one column wide (no wide character, no continuation):
    /// one pass over the words, which the compiler vectorizes, where a row of text usually is.
    static func areAllSingleWidth(_ cells: UnsafeBufferPointer<Cell>) -> Bool {
        var differs: UInt64 = 0
        for cell in cells { differs |= (cell.rest ^ (1 << widthShift)) & (0b11 << widthShift) }
        return differs == 0
    }

    /// Columns taken: 1, 2 for a wide character, 0 for the continuation of one.
    public var width: UInt8 {
        get { UInt8(truncatingIfNeeded: (rest >> Self.widthShift) & 0b11) }
        set {
            rest = rest & ~(0b11 << Self.widthShift) | (UInt64(min(newValue, 3)) << Self.widthShift)
        }
    }

    /// The colours and attributes it is drawn in.
    public var style: Style {
        get {
            let bits = rest >> Self.styleShift
            let foreground = Int(bits & 0xF)
            let background = Int((bits >> 4) & 0xF)
            return Style(
                foreground: foreground == 0 ? nil : Color(rawValue: foreground - 1),
                background: background == 0 ? nil : Color(rawValue: background - 1),
                attributes: Style.Attributes(rawValue: UInt8(truncatingIfNeeded: bits >> 8)))
        }
        set {
            let foreground = UInt64(newValue.foreground.map { $0.rawValue + 1 } ?? 0)
            let background = UInt64(newValue.background.map { $0.rawValue + 1 } ?? 0)
            let bits = foreground | background << 4 | UInt64(newValue.attributes.rawValue) << 8
            rest = rest & ((1 << Self.styleShift) - 1) | bits << Self.styleShift
        }
    }

    /// Calls `body` with each scalar of the grapheme, in order.
    func forEachScalar(_ body: (Unicode.Scalar) -> Void) {
        var words = (leadingScalars, rest & ((1 << Self.widthShift) - 1))
        for index in 0..<5 {
            let value: UInt64
            if index < 3 {
                value = words.0 & Self.scalarMask
                words.0 >>= Self.scalarBits
            } else {
                value = words.1 & Self.scalarMask
                words.1 >>= Self.scalarBits
            }
            guard value != 0, let scalar = Unicode.Scalar(UInt32(value)) else { return }
            body(scalar)
        }
    }

    /// Appends the grapheme's UTF-8 to `bytes`; a control character, which ``CellText`` never
    /// makes, goes as `?` (defence in depth: never send one to the terminal).
    func appendUTF8(to bytes: inout [UInt8]) {
        if rest & ((1 << Self.widthShift) - 1) == 0, leadingScalars >= 0x20, leadingScalars < 0x7F {
            bytes.append(UInt8(truncatingIfNeeded: leadingScalars))
            return
        }
        forEachScalar { scalar in
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                bytes.append(UInt8(ascii: "?"))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    /// Whether the cell's grapheme is the one scalar `value` (a space, a border, a gutter mark):
    /// a comparison of bits, where ``character`` would build a string.
    public func holds(_ value: Unicode.Scalar) -> Bool {
        leadingScalars == UInt64(value.value) && rest & ((1 << Self.widthShift) - 1) == 0
    }

    /// An empty cell.
    public static let blank = Cell(scalar: " ")

    /// A blank cell in `style`.
    public static func blank(_ style: Style) -> Cell { Cell(scalar: " ", style: style) }

    /// The right half of a wide character in `style`.
    static func continuation(_ style: Style) -> Cell { Cell(scalar: " ", width: 0, style: style) }

    /// Whether the cell is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
