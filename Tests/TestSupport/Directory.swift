import Glibc

/// Listing a directory in tests, with plain POSIX calls.
public enum Directory {
    /// The names in `path`, sorted, without `.` and `..`; empty when it cannot be read.
    public static func fileNames(in path: String) -> [String] {
        guard let handle = opendir(path) else { return [] }
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
}
