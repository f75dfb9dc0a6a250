import CJSONIndex

/// Room for the positions the first stage (`tstack_index_json` and its kin) writes for a chunk.
enum JSONIndexPositions {
    /// An array with room for the positions of a chunk of `count` bytes and the slack the
    /// index may overwrite past them, left unset: the index writes every entry it reports, every
    /// reader stops at the count it returned, and a chunk's worth of zeros (a MiB for 256 KiB)
    /// is not written first. (`UInt32` has no invalid values: an entry never written is only
    /// an unknown number, and none is read.)
    static func room(for count: Int) -> [UInt32] {
        let room = count + Int(TSTACK_INDEX_SLACK)
        return [UInt32](unsafeUninitializedCapacity: room) { _, initialized in initialized = room }
    }
}
