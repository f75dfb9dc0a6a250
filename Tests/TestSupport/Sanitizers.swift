import Glibc

/// What the tests run under.
public enum Sanitizers {
    /// Whether this process (and so the binaries built with it) runs under AddressSanitizer
    /// (`make test-asan`): its quarantine and shadow memory make resident memory and `ulimit -v`
    /// say nothing about the program, so tests of those are skipped there.
    public static let address: Bool = dlsym(nil, "__asan_init") != nil
    /// Whether this process runs under ThreadSanitizer (`make test-tsan`): a test of one thread's
    /// work only, long under its instrumentation (7 to 8 times a debug build's), says nothing
    /// there that the plain and the AddressSanitizer runs do not.
    public static let thread: Bool = dlsym(nil, "__tsan_init") != nil
    /// How many times a suite's time limit is multiplied here: 5 under a sanitizer, where two
    /// cores run every suite at once, each several times slower, and a limit (there to turn a
    /// hang into a failure) counts the time a test waits for a core too; 1 otherwise.
    public static let timeLimitFactor: Int = address || thread ? 5 : 1
}
