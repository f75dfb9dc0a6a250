import Glibc
@testable import StackDocument

/// Small POSIX helpers for tests: listing a directory and writing temporary files.
extension JSONParserTests {
    static func fileNames(in directory: String) throws -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        try? FileBytes.read(path: path)
    }
}

/// A file in a fresh temporary directory, removed by ``remove()``.
struct TemporaryFile {
    let path: String

    init(contents: String, name: String = "doc.json") {
        var template = Array("/tmp/tstack-test-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        path = directory + "/" + name
        let file = fopen(path, "w")
        fputs(contents, file)
        fclose(file)
    }

    func remove() {
        unlink(path)
        rmdir(String(path[..<path.lastIndex(of: "/")!]))
    }
}
