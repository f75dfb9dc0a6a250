import Platform
import TerminalUI

/// One-line error messages and exit statuses (sysexits.h). Everything written here goes
/// through ``CellText/inert(_:keepingNewlines:)`` first: a message quotes document values and
/// file names, and their control characters must never reach the terminal as commands.
enum Diagnostics {
    /// EX_USAGE: a bad option value.
    static let usage: Int32 = 64
    /// EX_DATAERR: the document is malformed or does not fit the format.
    static let dataError: Int32 = 65
    /// EX_IOERR: the output could not be written.
    static let ioError: Int32 = 74
    /// A failure of the terminal or the system.
    static let failure: Int32 = 1

    /// Prints `tstack: message` on standard error and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        note("tstack: " + message)
        exit(status)
    }

    /// Prints `line` on standard error, as one line.
    static func note(_ line: String) {
        write(CellText.inert(line) + "\n", to: STDERR_FILENO)
    }

    /// Writes `text` (several lines, such as usage) to `descriptor`, its lines kept and
    /// everything else inert.
    static func write(lines text: String, to descriptor: Int32) {
        write(CellText.inert(text, keepingNewlines: true), to: descriptor)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            done += count
        }
    }

    /// The last path component: `Examples/origami.json` → `origami.json`.
    static func baseName(of path: String) -> String {
        if path == "-" { return "(stdin)" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
