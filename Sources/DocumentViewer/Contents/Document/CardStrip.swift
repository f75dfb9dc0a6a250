import DocumentData
import StackEngine

/// The cards of a horizontal section, as the data source of a horizontal `LazyStack`:
/// each card's extent is its width in columns, and the stack's cross extent is the card height.
public struct CardStrip: StackDataSource {
    let items: [StackDocument.Item]
    private(set) var builder: RowBuilder
    /// The height of every card: the tallest content, so the strip is even.
    public let cardHeight: Int
    let showsSubtitle: Bool
    private let positions: [String: Int]

    init(items: [StackDocument.Item], builder: RowBuilder) {
        self.items = items
        self.builder = builder
        (cardHeight, showsSubtitle) = RowBuilder.cardHeight(for: items)
        var positions: [String: Int] = [:]
        for (index, item) in items.enumerated() { positions[item.id] = index }
        self.positions = positions
    }

    /// The same cards drawn with `builder`.
    func withBuilder(_ builder: RowBuilder) -> CardStrip {
        var copy = self
        copy.builder = builder
        return copy
    }

    public var rowCount: Int { items.count }
    public func rowKind(at index: Int) -> RowKind { .item }
    public func rowID(at index: Int) -> String { items[index].id }
    public func rowIndex(forID id: String) -> Int? { positions[id] }
    public func sectionRange(containing index: Int) -> Range<Int> { 0..<items.count }

    public func resolveRow(at index: Int, crossExtent: Int) -> Card {
        builder.card(items[index], height: crossExtent, showsSubtitle: showsSubtitle)
    }
}
