/// Base64 (RFC 4648, with padding), for OSC 52: the encoded text holds only letters, digits,
/// `+`, `/` and `=`, so no byte of what is copied can reach the terminal as a control.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` encoded.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
