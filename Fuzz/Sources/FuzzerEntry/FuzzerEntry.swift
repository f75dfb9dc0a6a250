import CFuzzerDriver

/// Hands the command line to libFuzzer, which then calls `body` with each input. SwiftPM links a
/// target's `<Target>_main` as the program's `main`, so each fuzzer defines that and calls this.
public func runLibFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, body)
}
