import Glibc
import TerminalUI

/// The `--log FILE` (or `TSTACK_LOG=FILE`) destination: one line per layout event, written as
/// it happens so the log explains a frame even if the program is killed.
final class LayoutLogFile {
    private let file: UnsafeMutablePointer<FILE>

    /// Opens `path` for writing, or exits with a one-line error.
    init(path: String) {
        guard let file = fopen(path, "w") else {
            Diagnostics.fail("--log \(path): \(String(cString: strerror(errno)).lowercased())", status: Diagnostics.usage)
        }
        setvbuf(file, nil, _IOLBF, 0)
        self.file = file
    }

    deinit { fclose(file) }

    /// Appends one line, inert as every message (it names ids from the document).
    func write(_ line: String) {
        fputs(CellText.inert(line) + "\n", file)
    }

    /// The file named by `--log`, else by `TSTACK_LOG`, if any.
    static func open(option: String?) -> LayoutLogFile? {
        let path = option ?? getenv("TSTACK_LOG").map { String(cString: $0) }
        guard let path, !path.isEmpty else { return nil }
        return LayoutLogFile(path: path)
    }
}
