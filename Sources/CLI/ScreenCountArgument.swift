import StackEngine

/// A number of screens for `--prefetch` and `--retain`: a finite number from 0 to
/// ``StackOptions/maximumScreens``, written in decimal. Anything else (`nan`, `inf`, `1e19`, `-0.5`, `0x10`) is a usage
/// error before anything opens.
struct ScreenCountArgument {
    var screens: Double

    init(_ screens: Double) { self.screens = screens }

    init?(argument: String) {
        // Decimal only: `Double` would also read `0x10` (hexadecimal) and `1e2`.
        guard argument.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }),
            let screens = Double(argument), screens.isFinite,
            (0...StackOptions.maximumScreens).contains(screens) else { return nil }
        self.screens = screens
    }
}
