import Glibc

/// A check before an allocation whose size the input decides (a whole file, one huge item):
/// when the memory is not there (`ulimit -v`, a full machine) the user gets one line naming the
/// file, not a crash report from the allocator.
enum MemoryCheck {
    /// Allocations smaller than this are not checked: a process that cannot get this much is
    /// failing anyway.
    static let threshold = 16 << 20

    /// Throws when `bytes` (and a margin for what is built from them) cannot be allocated now.
    /// - Throws: ``DocumentError/unreadable(file:reason:)`` saying how much was needed.
    static func reserve(_ bytes: Int, for file: String) throws(DocumentError) {
        guard bytes >= threshold else { return }
        // Twice the bytes: what is read is then parsed into values of about its size.
        let (wanted, overflow) = bytes.multipliedReportingOverflow(by: 2)
        guard !overflow, let probe = malloc(wanted) else {
            throw .unreadable(file: file, reason: "not enough memory to read it (\(bytes >> 20) MB)")
        }
        free(probe)
    }
}
