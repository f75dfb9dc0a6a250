import Glibc
@testable import StackDocument

/// Small POSIX helpers for tests: listing a directory and writing temporary files.
extension JSONParserTests {
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
