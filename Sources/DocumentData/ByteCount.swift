/// A number of bytes as a person reads it, in binary units that say so: `512 B`, `4.0 KiB`,
/// `860 MiB`, `1.2 GiB` (a mebibyte is 1,048,576 bytes; "MB" would be a million).
public struct ByteCount: CustomStringConvertible, Sendable {
    /// The number of bytes.
    public let bytes: Int

    /// A count of `bytes` bytes.
    public init(_ bytes: Int) { self.bytes = bytes }

    /// The count in the largest unit that keeps it at least 1, one decimal below 10 (`4.0 KiB`).
    public var description: String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return "\(max(0, bytes)) B" }
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        // One decimal below 10 (1.5 GiB), none above (860 MiB).
        let shown = value < 10 ? (value * 10).rounded(.down) / 10 : value.rounded(.down)
        return value < 10 ? "\(shown) \(units[unit])" : "\(Int(shown)) \(units[unit])"
    }
}
