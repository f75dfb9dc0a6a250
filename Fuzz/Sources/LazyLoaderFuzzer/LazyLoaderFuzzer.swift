import FuzzerEntry
import Glibc
import TStack

/// Any bytes written to a file and read the lazy way (the background scan, then every item
/// decoded), then browsed with a few keys. Nothing may crash or hang, and an error must be one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let path = "/tmp/tstack-lazy-fuzz-\(getpid()).json"
    let file = fopen(path, "w")
    fwrite(data, 1, count, file)
    fclose(file)
    defer { unlink(path) }
    do {
        guard let lazy = try LazyDocument.open(path: path, minimumSize: 0, firstItems: 1) else { return 0 }
        var browser = Browser(loading: lazy, fileName: "fuzz.json", size: TerminalSize(width: 30, height: 8))
        _ = browser.render()
        for key in ["j", "G", "l", "-", "g"] {
            browser.handle(.key(.character(Character(key))))
            browser.absorbLoadedItems()
            _ = browser.render()
        }
        lazy.wait { _ in false }
        browser.absorbLoadedItems()
        if let failure = lazy.failure { precondition(!failure.description.contains("\n"), "a multi-line error") }
        for section in lazy.document.sections {
            for item in section.items { precondition(!item.id.isEmpty, "an item without an id") }
        }
    } catch {
        precondition(!error.description.contains("\n"), "a multi-line error: \(error)")
    }
    return 0
}

/// The entry point SwiftPM links as `main`.
@_cdecl("LazyLoaderFuzzer_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
