import StackEngine

/// Rows computed from their index, so a document of 10^7 rows costs no memory but the engine's:
/// sections of 100 rows (a 1-line header, then items of 1–40 lines).
struct GeneratedRows: StackDataSource {
    struct Row: StackRow { var extent: Int }

    static let sectionSize = 100
    let rowCount: Int

    func rowKind(at index: Int) -> RowKind { index % Self.sectionSize == 0 ? .header : .item }
    func rowID(at index: Int) -> String { "r\(index)" }
    func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()).flatMap { $0 < rowCount ? $0 : nil } }

    func sectionRange(containing index: Int) -> Range<Int> {
        let start = index / Self.sectionSize * Self.sectionSize
        return start..<min(rowCount, start + Self.sectionSize)
    }

    func resolveRow(at index: Int, crossExtent: Int) -> Row {
        guard rowKind(at: index) == .item else { return Row(extent: 1) }
        // A cheap hash of the index: heights spread over 1…40 lines.
        var x = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return Row(extent: Int(x % 40) + 1)
    }
}
