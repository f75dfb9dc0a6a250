/// What the scans of a tree found of the containers they passed inside the children they were
/// after: where the blocks of children of each big container start (its table is made from
/// them, never scanned), and where each long one ends and how many children it has (a scan of
/// its parent jumps over it). The root's scan passes every container in the file, so opening
/// any container reads only its children's bytes that are not long containers themselves.
///
/// Shared with the scans that find a block's children again (`BlockWindows`); locked.
final class PassedContainers: Sendable {
    private struct Found {
        var blockStarts: [Int: [Int]] = [:]
        var known: [Int: KnownContainer] = [:]
    }

    private let found = Locked(Found())

    /// Moves what a scan found out of `table` (its batch of children) into this.
    func keep(from table: inout ChildTable) {
        guard !table.containerBlockStarts.isEmpty || !table.knownContainers.isEmpty else { return }
        found.withLock { found in
            found.blockStarts.merge(table.containerBlockStarts) { $1 }
            found.known.merge(table.knownContainers) { $1 }
        }
        table.containerBlockStarts = [:]
        table.knownContainers = [:]
    }

    /// Where the blocks of children of the container whose opening bracket is at `offset` start,
    /// when it has more than a block of children.
    func blockStarts(ofContainerAt offset: Int) -> [Int]? {
        found.withLock { $0.blockStarts[offset] }
    }

    /// The long container whose opening bracket is at `offset`.
    func container(at offset: Int) -> KnownContainer? {
        found.withLock { $0.known[offset] }
    }
}
