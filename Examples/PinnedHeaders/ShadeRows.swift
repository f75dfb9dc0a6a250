import TStack

/// The colour-shades list from SwiftUI's `LazyVStack` documentation: sections "Reds", "Greens"
/// and "Blues", five shades each, as a `StackDataSource`.
struct ShadeRows: StackDataSource {
    struct Row: ListRow {
        var lines: [[Cell]]
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

    /// `Greens` → its header, `Greens-3` → its third shade: found from the id, not by search.
    func rowIndex(forID id: String) -> Int? {
        let parts = id.split(separator: "-")
        guard let section = Self.sections.firstIndex(where: { $0.name == parts.first ?? "" }) else { return nil }
        let shade = parts.count == 2 ? Int(parts[1]) ?? -1 : parts.count == 1 ? 0 : -1
        guard (0...Self.shadesPerSection).contains(shade) else { return nil }
        return section * (1 + Self.shadesPerSection) + shade
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
            return Row(lines: TextRow(" " + name, style: header, width: crossExtent, fillsWidth: true).lines)
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
