import Glibc
@testable import DocumentData

/// Small POSIX helpers for tests: listing a directory and writing temporary files.
extension JSONParserTests {
    /// The raw bytes of the file at `path` (not checked as JSON on the way).
    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
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
