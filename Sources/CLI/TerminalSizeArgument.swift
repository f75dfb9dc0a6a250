import ArgumentParser
import TerminalUI

/// A screen size written `COLSxROWS`, as in `--size 80x24`, at most
/// ``TerminalSize/largestScripted``.
struct TerminalSizeArgument: ExpressibleByArgument {
    var size: TerminalSize

    init(_ size: TerminalSize) { self.size = size }

    init?(argument: String) {
        guard let size = TerminalSize(notation: argument) else { return nil }
        self.size = size
    }

    /// How `--help` shows the default: as a user types it.
    var defaultValueDescription: String { "\(size.width)x\(size.height)" }
}
