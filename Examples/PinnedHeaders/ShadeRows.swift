import TStack

/// The colour-shades list from SwiftUI's `LazyVStack` documentation: sections "Reds", "Greens"
/// and "Blues", five shades each, as a `StackDataSource`.
struct ShadeRows: StackDataSource {
    struct Row: StackRow {
        var lines: [[Cell]]
        var extent: Int { lines.count }
    }

    static let sections: [(name: String, color: Color)] = [("Reds", .red), ("Greens", .green), ("Blues", .blue)]
    static let shadesPerSection = 5
    /// Darkest to lightest, with the attributes a terminal has for it.
    static let shades: [(name: String, attributes: Style.Attributes)] = [
        ("dark", .dim), ("deep", []), ("plain", []), ("bright", .bold), ("light", [.bold, .underline]),
    ]

    var rowCount: Int { Self.sections.count * (1 + Self.shadesPerSection) }

    func rowKind(at index: Int) -> RowKind {
        index % (1 + Self.shadesPerSection) == 0 ? .header : .item
    }

    func rowID(at index: Int) -> String {
        let section = Self.sections[index / (1 + Self.shadesPerSection)].name
        let shade = index % (1 + Self.shadesPerSection)
        return shade == 0 ? section : "\(section)-\(shade)"
    }

    func rowIndex(forID id: String) -> Int? {
        (0..<rowCount).first { rowID(at: $0) == id }
    }

    func sectionRange(containing index: Int) -> Range<Int> {
        let start = index / (1 + Self.shadesPerSection) * (1 + Self.shadesPerSection)
        return start..<(start + 1 + Self.shadesPerSection)
    }

    func resolveRow(at index: Int, crossExtent: Int) -> Row {
        let (name, color) = Self.sections[index / (1 + Self.shadesPerSection)]
        let position = index % (1 + Self.shadesPerSection)
        if position == 0 {
            let header = Style(foreground: .black, background: .white, attributes: .bold)
            let text = CellText.cells(" " + name, style: header)
            let padding = Array(repeating: Cell.blank(header), count: max(0, crossExtent - text.count))
            return Row(lines: [text + padding])
        }
        let shade = Self.shades[position - 1]
        let swatch = Style(foreground: .white, background: color, attributes: shade.attributes)
        let label = " \(name.dropLast()) \(position): \(shade.name)"
        let text = CellText.cells(label, style: swatch)
        let bar = text + Array(repeating: Cell.blank(swatch), count: max(0, crossExtent - 2 - text.count))
        let blank = Array(repeating: Cell.blank(swatch), count: max(0, crossExtent - 2))
        return Row(lines: [[.blank] + blank, [.blank] + bar, [.blank] + blank, []])
    }
}
