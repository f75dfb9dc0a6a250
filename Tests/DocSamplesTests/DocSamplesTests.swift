import Testing
import TestSupport

/// The documentation's code samples are the code compiled in `Samples.swift` and
/// `Contexts.swift`: every `swift` block of a public doc comment, a DocC article or the README
/// (but the README's package manifest lines, which `make check-embedding` builds) has its
/// region there, the same text, and no region is left of a sample that is gone.
@Suite struct DocSamplesTests {
    /// The repository's root (this file is Tests/DocSamplesTests/DocSamplesTests.swift).
    static let root = String(#filePath.dropLast("/Tests/DocSamplesTests/DocSamplesTests.swift".count))

    /// A sample's lines as compared: no `import` lines, no common indentation, no trailing blanks.
    static func normalized(_ lines: [Substring]) -> [String] {
        let kept = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.hasPrefix("import ") }
        let indent = kept.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        var result = kept.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// The `swift` blocks of the file at `path` (relative to the root): doc comments' in a
    /// Swift file, fenced ones in Markdown, in order.
    static func documentedSamples(in path: String) -> [[String]] {
        let lines = Files.readText(root + "/" + path).split(separator: "\n", omittingEmptySubsequences: false)
        var samples: [[String]] = []
        var current: [Substring]?
        for line in lines {
            var text = line
            if path.hasSuffix(".swift") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("///") else { continue }
                text = trimmed.dropFirst(3)
                if text.first == " " { text = text.dropFirst() }
            }
            let fence = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if current == nil, fence == "```swift" {
                current = []
            } else if let lines = current, fence == "```" {
                samples.append(normalized(lines))
                current = nil
            } else if current != nil {
                current?.append(text)
            }
        }
        return samples
    }

    /// The files documentation samples are in.
    static func documentedFiles() -> [String] {
        var files = ["README.md"]
        var directories = ["Sources"]
        while let directory = directories.popLast() {
            for entry in Directory.fileNames(in: root + "/" + directory) {
                let path = directory + "/" + entry
                if !Directory.fileNames(in: root + "/" + path).isEmpty {
                    directories.append(path)
                } else if entry.hasSuffix(".swift") || entry.hasSuffix(".md") {
                    files.append(path)
                }
            }
        }
        return files.sorted()
    }

    /// The regions of `Samples.swift` and `Contexts.swift`, by `FILE#N`.
    static func compiledSamples() -> [String: [String]] {
        var regions: [String: [String]] = [:]
        for file in ["Samples.swift", "Contexts.swift"] {
            let lines = Files.readText(root + "/Tests/DocSamplesTests/" + file).split(separator: "\n", omittingEmptySubsequences: false)
            var name: String?
            var body: [Substring] = []
            for line in lines {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("// sample: ") {
                    name = String(trimmed.dropFirst("// sample: ".count))
                    body = []
                } else if trimmed == "// end sample", let open = name {
                    regions[open] = normalized(body)
                    name = nil
                } else if name != nil {
                    body.append(line)
                }
            }
        }
        return regions
    }

    @Test func everySampleIsCompiledAsDocumented() {
        let compiled = Self.compiledSamples()
        var documented: Set<String> = []
        for file in Self.documentedFiles() {
            for (number, sample) in Self.documentedSamples(in: file).enumerated() {
                // (The package manifest's lines: `make check-embedding` builds a package with them.)
                if sample.first?.hasPrefix("dependencies:") == true { continue }
                let name = "\(file)#\(number + 1)"
                documented.insert(name)
                #expect(compiled[name] != nil, "\(name) is compiled nowhere:\n\(sample.joined(separator: "\n"))")
                if let region = compiled[name], region != sample {
                    let line = zip(region, sample).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(region.count, sample.count)
                    Issue.record("\(name) differs from its region, line \(line + 1): \(region.dropFirst(line).first ?? "(end)") | documented: \(sample.dropFirst(line).first ?? "(end)")")
                }
            }
        }
        #expect(documented.count >= 25, "the samples were found: \(documented.count)")
        #expect(Set(compiled.keys).subtracting(documented).isEmpty, "regions of no sample: \(Set(compiled.keys).subtracting(documented).sorted())")
    }
}
