import Glibc

/// One-line error messages and exit statuses (sysexits.h).
enum Diagnostics {
    /// EX_USAGE: a bad option value.
    static let usage: Int32 = 64
    /// EX_DATAERR: the document is malformed or does not fit the format.
    static let dataError: Int32 = 65
    /// A failure of the terminal or the system.
    static let failure: Int32 = 1

    /// Prints `tstack: message` on standard error and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        let line = Array("tstack: \(message)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(status)
    }

    /// Prints `line` on standard error.
    static func note(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The last path component: `Examples/origami.json` → `origami.json`.
    static func baseName(of path: String) -> String {
        if path == "-" { return "(stdin)" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
