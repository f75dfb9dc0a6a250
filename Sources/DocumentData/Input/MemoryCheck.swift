import Platform

/// A check before work whose memory the input decides (a whole file parsed, one huge item
/// decoded): when the memory is not there (`ulimit -v`, a full machine) the user gets one line
/// naming the file, not a crash report from the allocator.
enum MemoryCheck {
    /// Inputs smaller than this are not checked: a process that cannot get a few times this
    /// much is failing anyway.
    static let threshold = 1 << 20

    /// How much memory parsing JSON whole takes per byte of it, at most: values, strings and
    /// the rows built from them (measured: 6.5x for an array of 200,000 records, 8x for an
    /// array of 200,000 strings).
    static let parseFactor = 8

    /// Throws when parsing `bytes` of input cannot have the memory it needs now.
    /// - Throws: ``DocumentError/unreadable(file:reason:)`` saying how much was needed.
    static func reserve(_ bytes: Int, for file: String) throws(DocumentError) {
        guard bytes >= threshold else { return }
        let (wanted, overflow) = bytes.multipliedReportingOverflow(by: parseFactor)
        // Address space asked of the kernel and given back: with overcommit this succeeds,
        // under a limit it tells the truth in time. (mmap, not malloc: the compiler may drop a
        // malloc whose memory is never used, and the check with it.)
        let probe = overflow ? MAP_FAILED : mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let probe, probe != MAP_FAILED else {
            throw .unreadable(file: file, reason: "not enough memory to read it (about \(ByteCount(wanted)) needed)")
        }
        munmap(probe, wanted)
    }
}
