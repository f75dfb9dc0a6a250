import Glibc

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
