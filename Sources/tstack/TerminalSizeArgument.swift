import ArgumentParser
import TerminalUI

/// A screen size written `COLSxROWS`, as in `--size 80x24`.
struct TerminalSizeArgument: ExpressibleByArgument {
    var size: TerminalSize

    init(_ size: TerminalSize) { self.size = size }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...10_000).contains(width), (1...10_000).contains(height) else { return nil }
        size = TerminalSize(width: width, height: height)
    }

    static var defaultValueDescription: String { "80x24" }
}
