import CJSONIndex

/// Room for the positions the first stage (`tstack_index_json` and its kin) writes for a chunk.
enum JSONIndexPositions {
    /// Makes `positions` (when it is smaller) an array with room for the positions of a chunk of
    /// `count` bytes and the slack the index may overwrite past them, left unset: the index
    /// writes every entry it reports, every reader stops at the count it returned, and a chunk's
    /// worth of zeros (2 MiB for 512 KiB) is not written first. (`UInt32` has no invalid values:
    /// an entry never written is only an unknown number, and none is read.)
    static func ensureRoom(in positions: inout [UInt32], for count: Int) {
        let room = count + Int(TSTACK_INDEX_SLACK)
        guard positions.count < room else { return }
        positions = [UInt32](unsafeUninitializedCapacity: room) { _, initialized in initialized = room }
    }
}
