import Glibc

/// Reading files in tests, with plain POSIX calls.
public enum Files {
    /// The raw bytes of the file at `path` (not checked as JSON on the way); nil when it cannot
    /// be opened.
    public static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
    }

    /// The text of the file at `path`, empty when it cannot be read.
    public static func readText(_ path: String) -> String {
        read(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
