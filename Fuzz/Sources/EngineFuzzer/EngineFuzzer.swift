import FuzzerEntry
import StackEngine

/// Rows whose heights come from the fuzzer's bytes.
struct FuzzRows: StackDataSource {
    struct Row: StackRow { var extent: Int }
    var heights: [Int]
    var kinds: [RowKind]
    var sections: [Range<Int>]
    var sectionOf: [Int]

    var rowCount: Int { heights.count }
    func rowKind(at index: Int) -> RowKind { kinds[index] }
    func rowID(at index: Int) -> String { "r\(index)" }
    func rowIndex(forID id: String) -> Int? { Int(id.dropFirst()).flatMap { $0 < heights.count ? $0 : nil } }
    func sectionRange(containing index: Int) -> Range<Int> { sections[sectionOf[index]] }
    func resolveRow(at index: Int, crossExtent: Int) -> Row { Row(extent: heights[index] + (crossExtent < 40 ? 1 : 0)) }
}

/// A byte string decoded into a document and a sequence of operations; after each, the frame is
/// checked against the engine's invariants (never blank, contiguous, exact rows).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    var bytes = UnsafeBufferPointer(start: data, count: count).makeIterator()
    func next() -> Int { Int(bytes.next() ?? 0) }
    let rowCount = next() * 2
    var heights: [Int] = []
    var kinds: [RowKind] = []
    var sections: [Range<Int>] = []
    var sectionOf: [Int] = []
    while heights.count < rowCount {
        let start = heights.count
        kinds.append(.header); heights.append(1)
        for _ in 0..<(next() % 12) where heights.count < rowCount {
            kinds.append(.item); heights.append(1 + next() % 40)
        }
        sections.append(start..<heights.count)
        sectionOf += Array(repeating: sections.count - 1, count: heights.count - start)
    }
    let rows = FuzzRows(heights: heights, kinds: kinds, sections: sections, sectionOf: sectionOf)
    let options = StackOptions(pinsHeaders: next() % 2 == 0, pinsFooters: next() % 2 == 0)
    var stack = LazyStack(source: rows, crossExtent: 20 + next(), viewportExtent: next() % 60, options: options)
    while let operation = bytes.next() {
        let argument = next()
        switch operation % 8 {
        case 0: stack.scroll(by: argument - 128)
        case 1: stack.scrollToTop()
        case 2: stack.scrollToBottom()
        case 3: if rowCount > 0 { stack.scroll(toRow: argument % rowCount, alignment: [.top, .center, .bottom][argument % 3]) }
        case 4: stack.scroll(toFraction: Double(argument) / 255)
        case 5: stack.setViewport(crossExtent: 10 + argument, viewportExtent: argument % 50)
        case 6: _ = stack.prefetch()
        default: if rowCount > 0 { stack.reveal(row: argument % rowCount) }
        }
        let frame = stack.layout()
        let flowing = frame.rows.filter { !$0.isPinned }
        if rowCount > 0, frame.viewportExtent > 0 {
            precondition(!flowing.isEmpty, "blank frame")
            precondition(flowing[0].origin <= 0, "a gap at the top")
        }
        for (a, b) in zip(flowing, flowing.dropFirst()) {
            precondition(b.index == a.index + 1 && b.origin == a.origin + a.row.extent, "rows not contiguous")
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("EngineFuzzer_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
