import FuzzerEntry
import TStack

/// Any bytes as document text: through cells, widths, inert rendering and a row's wrapping (a
/// plain-text export of a one-item document whose title and body are the text), and through the
/// input check against the parser. Run with a time limit per input (`make fuzz`), so a case
/// whose cost grows faster than its length shows up as a timeout.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    for cell in CellText.cells(text) {
        let scalars = cell.character.unicodeScalars
        precondition(scalars.count <= 1 + CellText.maximumMarksPerCell, "a cell of \(scalars.count) scalars")
        precondition(scalars.allSatisfy(isDrawable), "a control character in a cell")
    }
    precondition(CellText.inert(text).unicodeScalars.allSatisfy(isDrawable), "a control character left by inert")
    precondition(DisplayWidth.of(text) == CellText.cells(text).reduce(0) { $0 + Int($1.width) }, "widths disagree")
    let document = StackDocument(sections: [
        StackDocument.Section(id: "s", items: [StackDocument.Item(id: "x", title: text, body: text)]),
    ])
    var viewer = Viewer(document: document, fileName: "fuzz.json", size: TerminalSize(width: 40, height: 8))
    viewer.export(to: ExportSink { line in
        precondition(line.unicodeScalars.allSatisfy(isDrawable), "a control character in the export")
    })
    var check = JSONInputCheck()
    bytes.withUnsafeBufferPointer { _ = check.check($0) }
    if check.failure != nil { precondition((try? JSONParser.parse(bytes)) == nil, "refused, yet it parses") }
    return 0
}

/// Whether a scalar may be sent to a terminal: no C0, DEL or C1 control.
private func isDrawable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
}

/// The entry point SwiftPM links as `main`.
@_cdecl("TextFuzzer_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
