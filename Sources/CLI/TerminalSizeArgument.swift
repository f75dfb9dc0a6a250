import TerminalUI

/// A screen size written `COLSxROWS`, as in `--size 80x24`, at most
/// ``TerminalSize/largestScripted``.
struct TerminalSizeArgument {
    var size: TerminalSize

    init(_ size: TerminalSize) { self.size = size }

    init?(argument: String) {
        guard let size = TerminalSize(notation: argument) else { return nil }
        self.size = size
    }
}
