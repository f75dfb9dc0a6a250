import Foundation
import Testing

/// ARCHITECTURE.md describes the code as it is: a newcomer finds every folder of `Sources/` in it
/// by name.
@Suite struct ArchitectureTests {
    /// Every folder under `Sources/` is named in ARCHITECTURE.md by its path from there
    /// (`DocumentViewer/Contents/Table/`): four modules have a `Tree/`.
    @Test func everyFolderUnderSourcesIsNamed() throws {
        let architecture = Harness.readText(Harness.root + "/ARCHITECTURE.md")
        let sources = URL(fileURLWithPath: Harness.root + "/Sources")
        let walker = try #require(FileManager.default.enumerator(
            at: sources, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]))
        var folders: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            let path = url.path.dropFirst(sources.path.count + 1).split(separator: "/")
            // A documentation catalogue and an include folder are a module's own parts.
            guard !path.contains(where: { $0.hasSuffix(".docc") || $0 == "include" }) else { continue }
            folders.append(path.joined(separator: "/") + "/")
        }
        #expect(folders.count > 20, "\(folders)")
        let unnamed = folders.filter { !architecture.contains($0) }
        #expect(unnamed.isEmpty, "folders ARCHITECTURE.md does not name: \(unnamed)")
    }
}
