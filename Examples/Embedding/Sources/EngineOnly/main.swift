import StackEngine

/// The engine product alone (no terminal, no Foundation): it once failed to link (`round` came
/// only through the other modules). A million rows, scrolled to the middle by id.
struct Numbers: StackDataSource {
    struct Row: StackRow { var extent: Int { 1 } }
    var rowCount: Int { 1_000_000 }
    func rowID(at index: Int) -> String { "n\(index)" }
    func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()) }
    func resolveRow(at index: Int, crossExtent: Int) -> Row { Row() }
}

var stack = LazyStack(source: Numbers(), crossExtent: 40, viewportExtent: 10)
_ = stack.scroll(toID: "n500000", alignment: .top)
print(stack.layout().rows.first?.index ?? -1)
