import Glibc

/// A file read as it grows: each call gives the whole lines appended since the last.
struct FollowedFile {
    let name: String
    private let descriptor: Int32
    /// Bytes read that do not end in a line feed yet.
    private var partial: [UInt8] = []

    init?(path: String) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        name = String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The lines appended since the last call (none when nothing was).
    mutating func newLines() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var lines: [String] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            for byte in buffer[..<count] {
                if byte == 0x0A {
                    lines.append(String(decoding: partial, as: UTF8.self))
                    partial.removeAll(keepingCapacity: true)
                } else {
                    partial.append(byte)
                }
            }
        }
        return lines
    }
}
