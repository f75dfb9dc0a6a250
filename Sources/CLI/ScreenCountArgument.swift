import ArgumentParser
import StackEngine

/// A number of screens for `--prefetch` and `--retain`: a finite number from 0 to
/// ``StackOptions/maximumScreens``. Anything else (`nan`, `inf`, `1e19`, `-0.5`) is a usage
/// error before anything opens.
struct ScreenCountArgument: ExpressibleByArgument {
    var screens: Double

    init(_ screens: Double) { self.screens = screens }

    init?(argument: String) {
        guard let screens = Double(argument), screens.isFinite,
            (0...StackOptions.maximumScreens).contains(screens) else { return nil }
        self.screens = screens
    }

    var defaultValueDescription: String { screens == screens.rounded() ? "\(Int(screens))" : "\(screens)" }
}
