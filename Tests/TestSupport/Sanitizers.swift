import Glibc

/// What the tests run under.
public enum Sanitizers {
    /// Whether this process (and so the binaries built with it) runs under AddressSanitizer
    /// (`make test-asan`): its quarantine and shadow memory make resident memory and `ulimit -v`
    /// say nothing about the program, so tests of those are skipped there.
    public static let address: Bool = dlsym(nil, "__asan_init") != nil
}
