import Platform
import TerminalUI

/// The `--log FILE` (or `TSTACK_LOG=FILE`) destination: one line per layout event, written as
/// it happens so the log explains a frame even if the program is killed.
final class LayoutLogFile {
    private var file: UnsafeMutablePointer<FILE>?
    private let path: String
    /// Why a line could not be written, once one could not (a full disk, `/dev/full`).
    private var failure: String?

    /// Opens `path` for writing, or exits with a one-line error.
    init(path: String) {
        guard let file = fopen(path, "w") else {
            Diagnostics.fail("--log \(path): \(String(cString: strerror(errno)).lowercased())", status: Diagnostics.usage)
        }
        setvbuf(file, nil, _IOLBF, 0)
        self.file = file
        self.path = path
    }

    deinit { if let file { fclose(file) } }

    /// Appends one line, inert as every message (it names ids from the document). A line that
    /// cannot be written is remembered, for ``close()`` to say.
    func write(_ line: String) {
        guard let file, failure == nil else { return }
        if fputs(CellText.inert(line) + "\n", file) < 0 || ferror(file) != 0 {
            failure = String(cString: strerror(errno)).lowercased()
        }
    }

    /// Closes the log; exits with status 74 (EX_IOERR) and a one-line error when some of it
    /// could not be written.
    func close() {
        guard let file else { return }
        self.file = nil
        if fclose(file) != 0, failure == nil { failure = String(cString: strerror(errno)).lowercased() }
        if let failure { Diagnostics.fail("--log \(path): \(failure): the log is incomplete", status: Diagnostics.ioError) }
    }

    /// The file named by `--log`, else by `TSTACK_LOG`, if any.
    static func open(option: String?) -> LayoutLogFile? {
        let path = option ?? getenv("TSTACK_LOG").map { String(cString: $0) }
        guard let path, !path.isEmpty else { return nil }
        return LayoutLogFile(path: path)
    }
}
