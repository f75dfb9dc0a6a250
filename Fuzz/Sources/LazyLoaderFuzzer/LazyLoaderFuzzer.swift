import FuzzerEntry
import Glibc
import TStack

/// Any bytes written to a file and read the lazy way — as a stack document (the background
/// scan, then every item decoded) and as a tree (one document, and JSON Lines) — browsed with a
/// few keys while the file is cut short under the scan: at a length the input's first byte
/// picks, after the first screen. Nothing may crash or hang, and an error must be one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let path = "/tmp/tstack-lazy-fuzz-\(getpid()).json"
    defer { unlink(path) }
    // (0 cuts nothing; else the file keeps that many 256ths of itself.)
    let cut = count > 0 && data[0] > 0 ? Int(data[0]) * count / 256 : nil
    for shape in 0..<3 {
        let file = fopen(path, "w")
        fwrite(data, 1, count, file)
        fclose(file)
        do {
            var viewer: Viewer
            var lazy: LazyDocument?
            if shape == 0 {
                guard let opened = try LazyDocument.open(path: path, minimumSize: 0, firstItems: 1) else { continue }
                lazy = opened
                viewer = Viewer(loading: opened, fileName: "fuzz.json", size: TerminalSize(width: 30, height: 8))
            } else {
                guard let tree = try JSONTree.open(path: path, minimumLazySize: 0, jsonLines: shape == 2) else { continue }
                viewer = Viewer(tree: tree, fileName: "fuzz.json", size: TerminalSize(width: 30, height: 8))
            }
            _ = viewer.render()
            if let cut { truncate(path, off_t(cut)) }
            for key in ["j", "G", "l", "/", "a", "\r", "-", "g", "G"] {
                _ = viewer.update(.key(key == "\r" ? .enter : .character(Character(key))))
                // (Each tick returns; the scan of a file this small ends within a few.)
                for _ in 0..<64 where viewer.tickInterval != nil { _ = viewer.update(.tick) }
                _ = viewer.render()
            }
            if let lazy {
                lazy.wait { _ in false }
                if let failure = lazy.failure { precondition(!failure.description.contains("\n"), "a multi-line error") }
                for section in lazy.document.sections {
                    for item in section.items { precondition(!item.id.isEmpty, "an item without an id") }
                }
            }
        } catch {
            precondition(!error.description.contains("\n"), "a multi-line error: \(error)")
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("LazyLoaderFuzzer_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
