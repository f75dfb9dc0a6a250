import FuzzerEntry
import TStack

/// Any bytes through the document loader and the tree (as one document and as JSON Lines, its
/// containers kept whole and in blocks of two); when they load, through the browser on a small
/// screen with a few keys. Nothing may crash, and an error must be one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    for (jsonLines, blockSize) in [(false, 1024), (false, 2), (true, 2)] {
        do {
            let tree = try JSONTree(
                bytes: bytes, name: "fuzz.json", jsonLines: jsonLines, blockSize: blockSize, wholeChildren: blockSize,
                longContainer: 16)
            var browser = Viewer(tree: tree, fileName: "fuzz.json", size: TerminalSize(width: 30, height: 8))
            _ = browser.render()
            for keys in ["j", "G", "l", "zR", "G", "zM", "/a\r", "n", "\r", "h", "m", "g", "'", "Y"] {
                for key in keys { browser.handle(.key(key == "\r" ? .enter : .character(key))) }
                _ = browser.render()
            }
        } catch {
            precondition(!error.description.contains("\n"), "a multi-line error: \(error)")
        }
    }
    do {
        let document = try DocumentLoader.decode(bytes, file: "fuzz.json")
        var browser = Viewer(document: document, fileName: "fuzz.json", size: TerminalSize(width: 30, height: 8))
        _ = browser.render()
        // (A key runs the search it starts to its end.)
        for key in ["j", "G", "l", "/", "a", "\r", "-", "g"] {
            browser.handle(.key(key == "\r" ? .enter : .character(Character(key))))
            _ = browser.render()
        }
    } catch {
        precondition(!error.description.contains("\n"), "a multi-line error: \(error)")
    }
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("JSONLoaderFuzzer_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
